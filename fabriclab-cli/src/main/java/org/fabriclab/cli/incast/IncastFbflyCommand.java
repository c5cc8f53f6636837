package org.fabriclab.cli.incast;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.incast.Aggregation;
import org.fabriclab.incast.HyperXIncast;
import org.fabriclab.incast.IncastMethod;
import org.fabriclab.incast.IncastTree;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fabriclab incast fbfly}: switch-level incast trees with agent switches (seed 004 §V-C). */
@Command(name = "fbfly", mixinStandardHelpOptions = true,
    description = {"Build a switch-level incast tree on a k-ary n-flat FBFLY or a HyperX (agent switches).",
        "csv: one row per switch edge (child,parent), the scalar keys as one 'summary:' line on stderr;",
        "md: the keys, then the edge table; JSON: the keys and switchEdges[…]."})
public final class IncastFbflyCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--fbfly", paramLabel = "K,N,C", description = "k-ary n-flat with c servers per switch, e.g. 4,3,2")
  String fbfly;

  @Option(names = "--hyperx", paramLabel = "S1xS2x..,T", description = "HyperX lattice and servers per switch, e.g. 4x6x8,4")
  String hyperx;

  @Option(names = "--receiver", required = true, description = "receiver server id")
  int receiver;

  @Option(names = "--senders", required = true, split = ",", description = "sender server ids")
  int[] senders;

  @Option(names = "--method", defaultValue = "ars", description = "existing|unicast|rs|ars|ars+intra|best-rs|exact; rs uses the identity sequence (default: ${DEFAULT-VALUE})")
  String method;

  @Option(names = "--alpha", defaultValue = "0", description = "aggregation ratio 0..1")
  double alpha;

  @Option(names = "--seed", defaultValue = "1", description = "seed of unicast paths")
  long seed;

  @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

  @Override
  public void run() {
    format.format();
    Aggregation.requireAlpha(alpha);
    HyperXIncast h = fabric();
    IncastMethod m = IncastMethod.parse(method);
    HyperXIncast.Result r = h.build(receiver, senders, m, seed, alpha);
    Table.Builder eb = Table.builder("switch-edges").longColumn("child").longColumn("parent");
    IncastTree t = r.switchTree();
    if (t != null) {
      for (int i = 1; i < t.size(); i++) {
        eb.row(h.switchOf(t.nodes()[i]), h.switchOf(t.parentServer(i)));
      }
    }
    Table edges = eb.build();
    var out = spec.commandLine().getOut();
    if (!format.isText()) {
      Map<String, Object> j = new LinkedHashMap<>();
      j.put("method", m.cliName());
      j.put("receiver", receiver);
      j.put("receiverAgent", h.agent(receiver));
      j.put("cost", r.cost());
      j.put("links", r.links());
      j.put("aggregating", r.aggregatingSwitches());
      j.put("receiverInput", r.receiverInput());
      if (format.isJson()) {
        j.put("switchEdges", TableWriter.toJson(edges));
        format.printDocument(out, j);
      } else {
        format.printTable(out, spec.commandLine().getErr(), j, edges);
      }
    } else {
      for (int e = 0; e < edges.rowCount(); e++) {
        out.println("  switch " + edges.get(e, 0) + " -> " + edges.get(e, 1));
      }
      out.printf(Locale.ROOT, "cost %s, links %d, aggregating switches %s, receiver input %s%n",
          TreeView.fmt(r.cost()), r.links(), java.util.Arrays.toString(r.aggregatingSwitches()),
          TreeView.fmt(r.receiverInput()));
    }
  }

  private static final String FBFLY_RANGE = "K,N,C: K-ary N-flat, K in 2..64, N in 2..31, C in 1..1024 servers per switch, fewer than 2^30 servers";
  private static final String HYPERX_RANGE = "S1xS2x..,T: lattice sizes in 2..64, T in 1..1024 servers per switch, fewer than 2^30 servers";

  private HyperXIncast fabric() {
    if ((fbfly == null) == (hyperx == null)) {
      throw new InvalidParameterException("--fbfly", "give exactly one of --fbfly K,N,C and --hyperx S1xS2x..,T");
    }
    if (fbfly != null) {
      String[] p = fbfly.split(",", -1);
      try {
        if (p.length == 3) {
          return HyperXIncast.flattenedButterfly(Integer.parseInt(p[0].trim()), Integer.parseInt(p[1].trim()),
              Integer.parseInt(p[2].trim()));
        }
      } catch (NumberFormatException | InvalidParameterException e) {
        // reported below with the option as given
      }
      throw new InvalidParameterException("--fbfly", fbfly, FBFLY_RANGE);
    }
    String[] p = hyperx.split(",", -1);
    try {
      if (p.length == 2) {
        String[] d = p[0].split("x", -1);
        int[] dims = new int[d.length];
        for (int i = 0; i < d.length; i++) {
          dims[i] = Integer.parseInt(d[i].trim());
        }
        return new HyperXIncast(dims, Integer.parseInt(p[1].trim()));
      }
    } catch (NumberFormatException | InvalidParameterException e) {
      // reported below with the option as given
    }
    throw new InvalidParameterException("--hyperx", hyperx, HYPERX_RANGE);
  }
}
