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
 * other figure runs the reliable {@link org.fabriclab.sim.transport.norm.NormMulticast} sender. Throughput is payload goodput: line
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
    Table.Builder t = Table.builder("fig6a_throughput").longColumn("sizeMB").stringColumn("method")
        .doubleColumn("throughputGbps").doubleColumn("shareOfLineRate");
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

  /** The reproduction's notes on the data-plane rows: setup, then the differences explained. */
  static void notes(boolean quick, ReproductionReport.Builder rep) {
    rep.note("Data plane (packet-level engine, §V testbed 2,2-Shufflecast, 2 servers per ToR, 10 Gb/s,"
        + " 1 µs fibre, 1 MB drop-tail ports, 1460 B payload in 1500 B frames): every group runs the"
        + " NORM-like reliable multicast with TFMCC rate control (RFC 5740 repair, RFC 4654 rate);"
        + " throughput is payload goodput (line rate = 9.733 Gb/s); "
        + (quick ? "--quick shrinks every size by 100 (20 MB groups, Fig. 6(e) 40 MB 15 ms"
            + " apart), so start-up (slow start and its overshoot) weighs far more than in the"
            + " paper's 2–4 GB runs"
            : "Fig. 6(a) 200 MB and 1.4 GB (the ends of the paper's range), Fig. 6(d) 2 GB per"
            + " group (the paper's size), Fig. 6(e) the paper's 4 GB requested 1.5 s apart")
        + ". Fig. 6(d)'s fair share is max-min over relays' splitter transmitters, downlinks and"
        + " uplinks: 1/G for G < 16 and 1/15 for G = 16 (every downlink carries 15 groups).");
    rep.note("Fig. 6(d)(e) against the fair share, explained (not tuned away; instrumented runs,"
        + " docs/benchmarks-shufflecast.md). Fixed: the TFMCC sender advertised the largest smoothed RTT as R_max; at an"
        + " overflowing 1 MB drop-tail port the queue holds about 860 µs while the smoothed RTTs"
        + " (gain 0.05) said about 340 µs, so receivers counted one overflow as three or four loss"
        + " events and the rate was cut three or four times within a millisecond (two groups on"
        + " ToR 0: 5.8 → 5.2 → 4.3 → 3.4 → 2.4 Gb/s). R_max now follows the RTT samples, decayed"
        + " by 0.9 once per R_max (RFC 4654): one overflow is one loss event and one cut of about"
        + " 14%; on 16 groups of 200 MB the per-group steady range went from 0.524–0.713 to"
        + " 0.611–0.634 Gb/s (share 0.649). Fixed, second (a check against RFC 4654, 5348 and"
        + " 5740): here the RTT is almost all queueing (about 10 µs of fibre and serialisation"
        + " against up to 860 µs per full queue), so TFMCC's rate, the TCP equation ∝ 1/RTT on an"
        + " RTT smoothed with gain 0.05, oscillated (2.5 ↔ 7 Gb/s, period about 30 ms) and left the"
        + " shared transmitters idle about 9% of the time (4 groups of 500 MB: 2.22 Gb/s per group,"
        + " share 2.43). RFC 5348 §4.5 recommends oscillation prevention for such low statistical"
        + " multiplexing (rate × R_sqmean / √R_sample), or else an RTT filter with almost no"
        + " smoothing; the sender had neither. With §4.5 applied where it lowers the rate (decision:"
        + " in both directions it lost 0.60% on 2 groups; without smoothing 4.2%) the aggregate"
        + " reaches the share and loss falls to 0.02–0.04%; loss events become rare (one per"
        + " 15,000–30,000 packets), and each group's loss event rate averages 8 of them (RFC 5348"
        + " §5.4), so the groups' rates need about a second to equalise: Fig. 6(d) therefore runs"
        + " the paper's 2 GB (at 500 MB four groups were still 20% apart). Remaining, found with a"
        + " trace of every group's rate, current limiting receiver (CLR), its loss event rate and RTT"
        + " samples (with their forward one-way part) and every port's queue, and two counterfactual"
        + " runs (docs/benchmarks-shufflecast.md): (1) 16 groups: TFMCC's reports to a source enter"
        + " that source's own server downlink, which here carries the other 15 groups and is itself a"
        + " bottleneck, so they wait behind up to 1 MB (about 830 µs) of multicast data: the group's"
        + " RTT samples double (traced: every receiver of group 15 measured its forward one-way delay"
        + " plus about 830 µs while server 15's downlink was full), its equation rate (∝ 1/RTT)"
        + " halves, and because downlink s carries every group but s, the slower group s is, the"
        + " fuller its source's downlink stays (traced on 500 MB groups: the two groups sourced at"
        + " servers 14 and 15 at 0.29–0.43 Gb/s for a second, share 0.649, while only those two"
        + " servers' downlinks were full; the others' RTT about 850 µs, theirs 1.4–1.7 ms at the"
        + " receiver behind the other full downlink). Reports delivered out of"
        + " band after 10 µs (a diagnostic, not a fabric) bring 16 groups of 2 GB to 0.625–0.653"
        + " Gb/s, worst 3.6% off; NORM's feedback in a strict-priority class at every port (a switch"
        + " setting the paper does not state) to 0.616–0.650, worst 5.1%; the FIFO ports of the model"
        + " give 0.589–0.654, worst 9.2%. Kept: an RTT that includes the reverse path is what RFC 4654"
        + " and RFC 5348 measure, and the FIFO drop-tail ports are the model's (first slice). (2) Fig."
        + " 6(e): traced at a quarter of the paper's scale (1 GB requested 375 ms apart, worst 30.1%"
        + " off), in the graded window (1.20–1.42 s) no receiver of any group saw a"
        + " loss event; the flows hold the"
        + " shared queues at capacity with a slowly filling standing queue (RTT 0.7–1.0 ms, the rate"
        + " ∝ 1/RTT: a delay-based equilibrium), so each flow's rate stays where its CLR's loss"
        + " history put it (traced: the flow started last at 1.65–1.94 Gb/s with the interval synthesised"
        + " at its slow-start exit, RFC 5348 §6.3.1, 1/10,649, against 3.2 Gb/s at 1/40,205 for the"
        + " first: √(40,205/10,649) = 1.94 at equal RTT). TFRC equalises only through new loss"
        + " intervals (each turnover of the 8-interval history halves the log of the rate ratio,"
        + " RFC 5348 §5.4) and loss bursts come every 0.2–0.4 s, so flows take seconds to equalise"
        + " (at the paper's 4 GB 1.5 s apart, run since 2026-11-28, the four flows share 3.0 s and"
        + " close in over it: 2.15–2.78 Gb/s over the graded last three quarters, worst 14.4%, and"
        + " 2.22–2.65 Gb/s in its last 0.8 s; with two flows the split stays 5.7/4.1 Gb/s for their"
        + " whole 1.5 s, and three flows drift apart, to 1.3/2.5/5.9 Gb/s after a second;"
        + " fig6e_timeseries.csv);"
        + " out-of-band reports do not help here (worst 43%): TFRC's own fairness mechanism on a"
        + " fabric whose RTT is almost all queueing, not a deviation. Neither is a repair effect:"
        + " NORM's repairs here are retransmissions multicast to the whole group (RFC 5740 also"
        + " allows FEC parity, which repairs different losses with one packet), and with 16 groups"
        + " about 0.45% of each member's arrivals are duplicates (fig6d_detail.csv). Not the"
        + " cause: the fair share itself (Lemma 3's closed form agrees: p sources of one column at"
        + " line rate and two sources sharing a relay set at half, each within 5% on 100 MB in the"
        + " unit tests). Tried and not kept: RFC 4654 §3.3's increase bound of 8s/R_max per R_max"
        + " instead of one packet per CLR RTT per RTT (slower: 4 groups 18% off instead of 12%);"
        + " the current limiting receiver reporting once per RTT; the RFC's RTT gain 0.5 for other"
        + " receivers. One"
        + " group reaches 99% of line rate, not 100%: the NORM sender's pacing carries 2% of timing"
        + " noise (1% on average). Fig. 6(a) uses a sender paced at line rate, the fabric's own"
        + " rate; its MPI_Bcast and Cornet run as DCTCP unicast transfers with triggers on the"
        + " comparison network (Open MPI's binomial / scatter + ring allgather rule; Cornet with"
        + " 4 MiB blocks and a stated locate cost), 200 MB in the full run (20 MB quick), network"
        + " only: the engine models no host software, so MPI_Bcast stays near its network bound of"
        + " 53% (paper: ≤ 35%); Cornet's rate comes mostly from contention at the source and waits"
        + " for the chosen peers, the 1 ms locate cost adds little.");
    rep.note("Fig. 8 as communication models (no application compute, no host software): LDA"
        + " (8(a)) broadcasts 735 MB to 14 executors on the packet engine; TPC-H (8(b)) broadcasts"
        + " one table per query with the stated sizes of fig8b_tpch_reading_time.csv (the paper"
        + " gives only 4 MB … 6.2 GB and 48.3 GB in all), tables up to "
        + (quick ? "25" : "200") + " MB on the packet engine and larger ones on the flow-level"
        + " engine, which agrees with the packet engine on the LDA case"
        + " (fig8_engine_cross_validation.csv); Paxos (8(d)) composes packet-level one-way"
        + " latencies of 1 B messages into classic Paxos decisions (phase 1 and 2, majority"
        + " quorums). The paper's end-to-end numbers add host software: the reading path of Spark"
        + " and its HTTP server, Spark SQL's and LDA's compute (the run-time improvements of"
        + " 13.7–43.1%), and for Paxos the per-copy host sends of unicast Paxos, which make its"
        + " latency grow with the number of acceptors (the what-if row with 5 µs per send).");
  }
}
