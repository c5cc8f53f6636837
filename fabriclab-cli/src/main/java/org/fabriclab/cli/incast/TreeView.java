package org.fabriclab.cli.incast;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fabriclab.incast.BCubeLabels;
import org.fabriclab.incast.IncastTree;
import org.fabriclab.incast.RoutingSequence;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;

/** Prints an incast tree as text or as one JSON object. */
final class TreeView {
  private TreeView() {}

  static Map<String, Object> toMap(IncastTree t, double alpha, boolean withEdges) {
    IncastTree.TreeMetrics m = t.metrics(alpha);
    BCubeLabels L = t.labels();
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("bcube", List.of(L.n(), L.k()));
    o.put("method", t.method());
    o.put("receiver", t.receiver());
    o.put("senders", t.senders());
    o.put("sequence", RoutingSequence.format(t.sequence()));
    o.put("alpha", alpha);
    o.put("cost", m.cost());
    o.put("links", m.links());
    o.put("aggregating", m.aggregating());
    o.put("receiverInput", m.receiverInput());
    o.put("treeServers", t.size());
    if (withEdges) {
      o.put("edges", TableWriter.toJson(edgeTable(t, alpha)));
    }
    return o;
  }

  /** One row per tree edge: child, parent, stage, switchLevel, switch, traffic. */
  static Table edgeTable(IncastTree t, double alpha) {
    IncastTree.TreeMetrics m = t.metrics(alpha);
    BCubeLabels L = t.labels();
    Table.Builder b = Table.builder("edges").longColumn("child").longColumn("parent").longColumn("stage")
        .longColumn("switchLevel").longColumn("switch").doubleColumn("traffic");
    for (int i = 1; i < t.size(); i++) {
      int c = t.nodes()[i];
      int p = t.parentServer(i);
      int level = L.differingDigit(c, p);
      b.row(c, p, L.hamming(c, t.receiver()), level, L.switchId(level, c), m.edgeTraffic()[i]);
    }
    return b.build();
  }

  static void text(IncastTree t, double alpha, PrintWriter out) {
    IncastTree.TreeMetrics m = t.metrics(alpha);
    BCubeLabels L = t.labels();
    out.printf(Locale.ROOT, "%s, receiver %d (%s), %d senders, method %s%s%n", L, t.receiver(),
        L.label(t.receiver()), t.senders().length, t.method(),
        t.sequence().length > 0 ? ", routing sequence e1..ed = " + RoutingSequence.format(t.sequence()) : "");
    int maxStage = 0;
    for (int v : t.nodes()) {
      maxStage = Math.max(maxStage, L.hamming(v, t.receiver()));
    }
    if (t.size() <= 400) {
      for (int s = maxStage; s >= 1; s--) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i < t.size(); i++) {
          int c = t.nodes()[i];
          if (L.hamming(c, t.receiver()) == s) {
            sb.append(String.format(Locale.ROOT, "  %d->%d (w%d, %s)", c, t.parentServer(i),
                L.differingDigit(c, t.parentServer(i)), fmt(m.edgeTraffic()[i])));
          }
        }
        out.println("stage " + s + ":" + sb);
      }
    } else {
      out.println("(" + t.size() + " tree servers; use --format json for the edges)");
    }
    out.printf(Locale.ROOT, "cost %s, links %d, aggregating servers %d %s, receiver input %s%n",
        fmt(m.cost()), m.links(), m.aggregating().length,
        m.aggregating().length <= 40 ? java.util.Arrays.toString(m.aggregating()) : "",
        fmt(m.receiverInput()));
  }

  static String fmt(double x) {
    return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : String.format(Locale.ROOT, "%.4f", x);
  }
}
