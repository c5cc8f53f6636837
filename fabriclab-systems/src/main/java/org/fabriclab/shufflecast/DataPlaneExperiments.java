package org.fabriclab.shufflecast;

import java.util.List;
import java.util.Locale;
import org.fabriclab.experiment.PlotSpec;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.GroupResult;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Method;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Result;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Scenario;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Sender;
import org.fabriclab.table.Table;

/**
 * The packet-level testbed figures of seed 000_9b2589b0d55d7b52.txt (§V testbed: 2,2-Shufflecast,
 * 8 ToRs, 2 servers per ToR, 10 Gb/s): Fig. 6(a) 1:15 multicast throughput, Fig. 6(d) measured
 * per-group throughput of 1…16 concurrent 1:15 groups under NORM with TFMCC against the max-min
 * fair share, Fig. 6(e) four staggered groups, and a relay failure during a reliable transfer.
 * Fig. 6(a) measures the fabric with a sender paced at line rate (one group loses nothing); every
 * other figure runs the reliable {@link NormMulticast} sender. Throughput is payload goodput: line
 * rate carries {@code 10 · 1460/1500 = 9.733} Gb/s of it.
 *
 * <p>The fair share is computed here independently of the packet engine: progressive filling
 * ({@link ConcurrentMulticast#maxMinShares}) over every unit-capacity resource a group crosses —
 * the splitter transmitter of each relay of its source ToR (Algorithm 1's relay set), each
 * member's downlink and the source's uplink. Steady state: the mean member goodput of each group
 * from a quarter of the way between the last group's start and the first group's end to that end.
 */
final class DataPlaneExperiments {
  static final double GOODPUT_GBPS = 10.0 * ShufflecastMulticastRun.PAYLOAD_BYTES
      / ShufflecastMulticastRun.WIRE_BYTES;
  private static final ShufflecastTopology T = new ShufflecastTopology(2, 2);

  private DataPlaneExperiments() {}

  static void run(ReproductionContext ctx, ReproductionReport.Builder rep) {
    boolean q = ctx.quick();
    fig6a(q, rep);
    Fig6aBaselines.run(q, rep);
    Fig8Experiments.lda(q, rep);
    TpchBroadcasts.run(q, rep);
    Fig6Experiments.fig6d(q, rep);
    Fig6Experiments.fig6e(q, rep);
    Fig6Experiments.relayFailure(q, rep);
    PaxosLatency.run(q, rep);
  }

  static ShufflecastMulticastRun norm(Method m) {
    return new ShufflecastMulticastRun(2, 2, 2, 10, Sender.NORM, m);
  }

  /** Max-min fair share (Gb/s of payload) of groups with these sources and members, 2,2 testbed. */
  static double[] fairShareGbps(int[] sources, int[][] members) {
    int tors = T.tors();
    int servers = tors * 2;
    ShufflecastRouting routing = new ShufflecastRouting(T);
    int[][] sets = new int[sources.length][];
    for (int i = 0; i < sources.length; i++) {
      int[] relays = routing.relaySet(sources[i] / 2);
      int[] set = new int[relays.length + members[i].length + 1];
      System.arraycopy(relays, 0, set, 0, relays.length);
      for (int j = 0; j < members[i].length; j++) {
        set[relays.length + j] = tors + members[i][j];
      }
      set[set.length - 1] = tors + servers + sources[i];
      sets[i] = set;
    }
    double[] share = new ConcurrentMulticast(tors + 2 * servers).maxMinShares(sets);
    for (int i = 0; i < share.length; i++) {
      share[i] *= GOODPUT_GBPS;
    }
    return share;
  }

  /** Steady-state mean member goodput per group, Gb/s (see the class comment). */
  static double[] steadyGbps(Result r) {
    long lastStart = 0;
    long firstEnd = Long.MAX_VALUE;
    for (GroupResult g : r.groups()) {
      lastStart = Math.max(lastStart, g.startNs());
      firstEnd = Math.min(firstEnd, g.endNs());
    }
    long bin = r.seriesBinNs();
    int from = (int) ((lastStart + (firstEnd - lastStart) / 4) / bin) + 1;
    int to = Math.max(from + 1, (int) (firstEnd / bin));
    double[] out = new double[r.groups().size()];
    for (int g = 0; g < out.length; g++) {
      long bytes = 0;
      long[] s = r.seriesBytes()[g];
      for (int i = from; i < Math.min(to, s.length); i++) {
        bytes += s[i];
      }
      out[g] = bytes * 8.0 / r.groups().get(g).members().length / ((double) (to - from) * bin);
    }
    return out;
  }

  static String f(String fmt, Object... a) {
    return String.format(Locale.ROOT, fmt, a);
  }

  /** Fig. 6(a): one 1:15 multicast of each size, Shufflecast and IP multicast at line rate. */
  private static void fig6a(boolean quick, ReproductionReport.Builder rep) {
    long[] sizes = quick ? new long[] {20_000_000L}
        : new long[] {200_000_000L, 1_400_000_000L};
    Table.Builder t = Table.builder("fig6a_throughput").longColumn("size_mb").stringColumn("method")
        .doubleColumn("throughput_gbps").doubleColumn("share_of_line_rate");
    for (Method m : new Method[] {Method.SHUFFLECAST, Method.IP_MULTICAST}) {
      double worst = Double.MAX_VALUE;
      for (long size : sizes) {
        Result r = new ShufflecastMulticastRun(2, 2, 2, 10, Sender.UDP, m).run(new int[] {0}, size, 16, 0);
        GroupResult g = r.groups().get(0);
        double gbps = g.minMemberBytes() == size ? g.throughputGbps() : 0;
        worst = Math.min(worst, gbps);
        t.row(size / 1_000_000, m.name().toLowerCase(Locale.ROOT).replace('_', '-'), gbps,
            gbps / GOODPUT_GBPS);
      }
      String name = m == Method.SHUFFLECAST ? "Shufflecast" : "IP multicast (non-blocking core)";
      rep.compare("Fig. 6(a)", name + ", 1:15 on the §V testbed, "
              + (quick ? "20 MB" : "200 MB and 1.4 GB") + ", lowest over sizes",
          "line rate", f("%.3f Gb/s (%.1f%% of 9.733)", worst, 100 * worst / GOODPUT_GBPS),
          "≥ 95% of line rate", worst >= 0.95 * GOODPUT_GBPS,
          "payload goodput, 1460 B in 1500 B frames; the fabric's own rate: a sender paced at line"
              + " rate, no loss (the NORM sender adds its slow start, under 1.5 ms); every member got"
              + " every byte");
    }
    rep.table(t.build());
  }

  /** Groups of 16 with sources {@code sources}: all other servers of the testbed. */
  static int[][] allOthers(int[] sources) {
    ShufflecastMulticastRun run = norm(Method.SHUFFLECAST);
    int[][] m = new int[sources.length][];
    for (int i = 0; i < sources.length; i++) {
      m[i] = run.members(sources[i], 16);
    }
    return m;
  }

  static Scenario bins(long binNs) {
    return new Scenario(List.of(), -1, 0, binNs, -1, 0);
  }
}
