package org.fabriclab.shoal;

import static org.fabriclab.shoal.ShoalReproduction.fmt;

import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.table.Table;

/**
 * Fig. 15's packet-switched baselines at the tail (seed 003 §7.3), the evidence behind the
 * reproduction's explanation of its DCTCP/DCQCN factors: for every load and baseline, the 99th and
 * 99.9th percentile short-flow FCT and the share of short flows slower than the 1 ms retransmission
 * timeout floor of both transports ({@link ShoalBaselines}: DCTCP's minimum RTO, RoCEv2 RC's timer).
 * A 99.9th percentile lies on that floor exactly when the share reaches 0.1%, so the factor against
 * Shoal jumps from about the p99's to about 1 ms / Shoal's p99.9 as the share crosses it. Beside it
 * the what-if of DCQCN on a lossless fabric ({@code dcqcn-pfc}): not graded, since §7.3 does not
 * say whether its DCQCN ran with PFC.
 */
final class Fig15Tails {
  /** The retransmission-timeout floor of the DCTCP and RoCEv2 baselines, µs. */
  static final double RTO_FLOOR_US = 1000;

  private final Table.Builder t = Table.builder("fig15-baseline-tails").stringColumn("case")
      .doubleColumn("load").doubleColumn("shortFct99Us").doubleColumn("shortFct999Us")
      .doubleColumn("shortSlowerThanRtoFloorPct").doubleColumn("longGoodputGbps");

  /** Adds one baseline run (its flows with end times) at {@code load}. */
  void add(String label, double load, ShoalFlows r) {
    t.row(label, load, ShoalMetrics.shortFctUs(r, 0.99), ShoalMetrics.shortFctUs(r, 0.999),
        100 * ShoalMetrics.shortShareSlowerThan(r, RTO_FLOOR_US), ShoalMetrics.longGoodputGbps(r));
  }

  Table build() {
    return t.build();
  }

  /**
   * The note on where the baselines' 99.9th percentiles lie at {@code load} (the highest), from the
   * runs themselves: the share of short flows past the timeout floor decides whether the factor
   * against Shoal is the p99.9's or the timeout's.
   */
  static void note(ReproductionReport.Builder b, double load, ShoalExperiments.PoissonPoint shoal, ShoalFlows dctcp,
      ShoalFlows dcqcn) {
    b.note("Fig. 15(a) at L = " + load + ", where the DCTCP and DCQCN factors lie (fig15-baseline-tails.csv): "
        + "both transports retransmit after a 1 ms timeout floor, so a baseline's 99.9th percentile is either "
        + "below it or on it, depending on whether 0.1% of the short flows take a timeout. DCTCP: "
        + tail(dctcp) + "; DCQCN: " + tail(dcqcn) + "; Shoal's 99.9p " + fmt(shoal.shortFct999Us(), 1)
        + " µs. A factor on the cliff (≥ 1 ms / Shoal's p99.9) says how many timeouts, not how much queueing; the"
        + " paper's 2× implies its baselines stayed below it (its timeout floor and drop behaviour are not"
        + " stated). The PSN runs the same flows as Shoal (§7.3: Shoal \"is provisioned with 2× bandwidth, to"
        + " compensate for the throughput overhead of detouring\"), so at load L it is offered 2L of its 50 Gb/s.");
  }

  private static String tail(ShoalFlows r) {
    return "p99 " + fmt(ShoalMetrics.shortFctUs(r, 0.99), 1) + " µs, p99.9 " + fmt(ShoalMetrics.shortFctUs(r, 0.999), 1)
        + " µs, " + fmt(100 * ShoalMetrics.shortShareSlowerThan(r, RTO_FLOOR_US), 3) + "% of short flows past 1 ms";
  }

  /** The ungraded what-if rows: DCQCN with PFC against Shoal and against the lossy DCQCN at {@code load}. */
  static void whatIf(ReproductionReport.Builder b, double load, ShoalExperiments.PoissonPoint shoal,
      ShoalFlows lossy, ShoalFlows pfc) {
    double fPfc = ShoalMetrics.shortFctUs(pfc, 0.999) / shoal.shortFct999Us();
    double fLossy = ShoalMetrics.shortFctUs(lossy, 0.999) / shoal.shortFct999Us();
    double gPfc = shoal.longGoodputGbps() / ShoalMetrics.longGoodputGbps(pfc);
    double gLossy = shoal.longGoodputGbps() / ShoalMetrics.longGoodputGbps(lossy);
    String note = "DCQCN on a lossless fabric: PFC pauses an upstream port when 30 packets from it are held and "
        + "resumes at 20 (model inputs); no drop, so no go-back-N and no 1 ms timeout; "
        + fmt(100 * ShoalMetrics.shortShareSlowerThan(pfc, RTO_FLOOR_US), 3) + "% of short flows slower than 1 ms "
        + "(lossy: " + fmt(100 * ShoalMetrics.shortShareSlowerThan(lossy, RTO_FLOOR_US), 3) + "%)";
    b.compare("Fig. 15(a) what-if", "99.9p short FCT dcqcn-pfc / Shoal, L = " + load, "—",
        fmt(fPfc, 2) + "× (lossy DCQCN " + fmt(fLossy, 2) + "×)", "not graded", false, note);
    b.compare("Fig. 15(b) what-if", "long goodput Shoal / dcqcn-pfc, L = " + load, "—",
        fmt(gPfc, 2) + "× (lossy DCQCN " + fmt(gLossy, 2) + "×)", "not graded", false, note);
  }
}
