package org.fabriclab.cli.incast;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fabriclab.cli.report.ProgressReporter;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.incast.Aggregation;
import org.fabriclab.incast.BCubeLabels;
import org.fabriclab.incast.IncastMethod;
import org.fabriclab.incast.IncastTransfer;
import org.fabriclab.incast.MemberPlacement;
import org.fabriclab.incast.IncastTree;
import org.fabriclab.incast.ShuffleTransfer;
import org.fabriclab.progress.Progress;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.table.Table;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fabriclab incast shuffle}: a shuffle as one incast tree per receiver (seed 004 §II-B, §VI-E). */
@Command(
    name = "shuffle",
    mixinStandardHelpOptions = true,
    description = {"Build one incast tree per receiver of a shuffle and sum their traffic.",
        "csv: one row per incast (receiver,sequence = the routing sequence e1,e2,... as --sequence takes it,",
        "cost,links,aggregating = number of aggregating servers,",
        "receiverInput,treeServers), the scalar keys as one 'summary:' line on stderr; md: the keys, then",
        "that table; JSON: the keys and incasts[…] with the aggregating servers' ids."})
public final class IncastShuffleCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--bcube", paramLabel = "N,K", required = true, description = "BCube(n,k), e.g. 8,5")
  String bcube;

  @Option(names = "--senders", split = ",", description = "sender server ids")
  long[] senders;

  @Option(names = "--receivers", split = ",", description = "receiver server ids")
  long[] receivers;

  @Option(names = "--random-senders", description = "M random senders (with --random-receivers)")
  Integer randomSenders;

  @Option(names = "--random-receivers", description = "R random receivers")
  Integer randomReceivers;

  @Option(names = "--placement", description = "random (= whole), managed (smallest sub-BCube) or sub:L (inside one sub-BCube(n,L)); only with --random-senders/--random-receivers (default: random)")
  String placement;

  @Option(names = "--method", defaultValue = "ars", description = "existing|unicast|rs|ars|ars+intra|best-rs|exact (default: ${DEFAULT-VALUE})")
  String method;

  @Option(names = "--alpha", defaultValue = "0", description = "aggregation ratio 0..1")
  double alpha;

  @Option(names = "--seed", defaultValue = "1", description = "seed (default: ${DEFAULT-VALUE})")
  long seed;

  @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

  @Option(names = "--no-progress", description = "no progress bar or progress log lines")
  boolean noProgress;

  /** Receivers × senders from which the tree building shows progress (about a second of work). */
  static final long PROGRESS_FROM = 2_000_000;

  @Override
  public void run() {
    format.format();
    Aggregation.requireAlpha(alpha);
    TransferOptions o = new TransferOptions();
    o.bcube = bcube;
    BCubeLabels L = o.labels();
    IncastMethod m = IncastMethod.parse(method);
    ShuffleTransfer s;
    boolean explicit = senders != null || receivers != null;
    boolean random = randomSenders != null || randomReceivers != null;
    if (explicit && random) {
      throw new InvalidParameterException("--senders", "give --senders and --receivers, or --random-senders and --random-receivers, not both");
    }
    if (explicit && placement != null) {
      throw new InvalidParameterException("--placement", "--placement applies only to --random-senders/--random-receivers, not to explicit --senders/--receivers");
    }
    if (senders != null && receivers != null) {
      s = new ShuffleTransfer(L, ids(L, senders, "--senders"), ids(L, receivers, "--receivers"));
    } else if (randomSenders != null && randomReceivers != null) {
      var rnd = new RandomStreams(seed).stream("incast-shuffle");
      InvalidParameterException.requireRange("--random-senders", randomSenders, 1, L.serverCount() - 1L);
      InvalidParameterException.requireRange("--random-receivers", randomReceivers, 1, L.serverCount() - 1L);
      MemberPlacement p = placement == null ? MemberPlacement.WHOLE : MemberPlacement.parse(placement);
      s = ShuffleTransfer.placed(L, randomSenders, randomReceivers, p, rnd);
    } else {
      throw new InvalidParameterException("--senders", "give --senders and --receivers, or --random-senders and --random-receivers");
    }
    double total = 0;
    long links = 0;
    List<Map<String, Object>> per = new ArrayList<>();
    // one tree per receiver, built as it is needed; a large shuffle reports progress on stderr
    Progress progress = ProgressReporter.create(!noProgress, spec.commandLine().getErr());
    boolean large = (long) s.receivers().length * s.senders().length >= PROGRESS_FROM;
    if (large) {
      progress.begin("incast trees of the shuffle", s.receivers().length);
    }
    try {
      for (int r : s.receivers()) {
        IncastTransfer t = s.incastTo(r);
        if (t != null) {
          IncastTree tree = m.builder(null, L.dims(), seed, alpha).build(t);
          Map<String, Object> x = TreeView.toMap(tree, alpha, false);
          x.remove("senders");
          per.add(x);
          IncastTree.TreeMetrics tm = tree.metrics(alpha);
          total += tm.cost();
          links += tm.links();
        }
        if (large) {
          progress.advance(1);
        }
      }
    } finally {
      if (large) {
        progress.end();
      }
    }
    var out = spec.commandLine().getOut();
    if (!format.isText()) {
      Map<String, Object> j = new LinkedHashMap<>();
      j.put("bcube", List.of(L.n(), L.k()));
      j.put("method", m.cliName());
      j.put("senders", s.senders().length);
      j.put("receivers", s.receivers());
      j.put("skippedReceivers", s.skippedReceivers());
      j.put("cost", total);
      j.put("linksSummedOverIncasts", links);
      if (format.isJson()) {
        j.put("incasts", per);
        format.printDocument(out, j);
      } else {
        format.printTable(out, spec.commandLine().getErr(), j, incastTable(per));
      }
    } else {
      for (Map<String, Object> x : per) {
        String seq = (String) x.get("sequence");
        out.printf(Locale.ROOT, "receiver %s: cost %s, links %s, aggregating %d%s%n", x.get("receiver"),
            TreeView.fmt((double) x.get("cost")), x.get("links"), ((int[]) x.get("aggregating")).length,
            seq.isEmpty() ? "" : ", routing sequence " + seq);
      }
      for (int r : s.skippedReceivers()) {
        out.printf(Locale.ROOT, "receiver %d: skipped, its only sender is on its own server%n", r);
      }
      out.printf(Locale.ROOT, "shuffle of %d senders to %d receivers, method %s: total cost %s%n",
          s.senders().length, s.receivers().length, m.cliName(), TreeView.fmt(total));
    }
  }

  /** One row per receiver's incast tree; aggregating is the number of aggregating servers. */
  private static Table incastTable(List<Map<String, Object>> per) {
    Table.Builder b = Table.builder("incasts").longColumn("receiver").stringColumn("sequence").doubleColumn("cost")
        .longColumn("links").longColumn("aggregating").doubleColumn("receiverInput").longColumn("treeServers");
    for (Map<String, Object> x : per) {
      b.row(x.get("receiver"), x.get("sequence"), x.get("cost"), x.get("links"), ((int[]) x.get("aggregating")).length,
          x.get("receiverInput"), x.get("treeServers"));
    }
    return b.build();
  }

  private static int[] ids(BCubeLabels L, long[] v, String name) {
    int[] r = new int[v.length];
    for (int i = 0; i < v.length; i++) {
      r[i] = L.requireServer(name, v[i]);
    }
    return r;
  }
}
