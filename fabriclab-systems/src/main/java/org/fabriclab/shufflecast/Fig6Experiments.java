package org.fabriclab.shufflecast;

import static org.fabriclab.shufflecast.DataPlaneExperiments.GOODPUT_GBPS;
import static org.fabriclab.shufflecast.DataPlaneExperiments.f;

import java.util.List;
import org.fabriclab.experiment.PlotSpec;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.GroupResult;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Method;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Result;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Scenario;
import org.fabriclab.table.Table;

/**
 * Fig. 6(d) measured, Fig. 6(e) and a relay failure during a transfer (seed
 * 000_9b2589b0d55d7b52.txt §VI-B(b), §III-C1), all under {@link org.fabriclab.sim.transport.norm.NormMulticast} on the §V testbed;
 * see {@link DataPlaneExperiments} for the fair share and the steady-state window.
 *
 * <p>Decisions: group g of Fig. 6(d) is sourced at server g (the paper: "invoking the
 * corresponding number of servers as multicast senders") and holds all 16 servers; with G = 16
 * every downlink carries 15 groups, so the max-min share is 1/15 of line rate, not 1/16. Fig. 6(e)
 * uses sources 0…3 likewise. Sizes: Fig. 6(d) the paper's 2 GB per group — with RFC 5348 §4.5's
 * oscillation prevention in {@code org.fabriclab.sim.transport.norm.TfmccRate} loss events are rare (one per 15,000–30,000 packets)
 * and each group's loss event rate averages 8 of them (RFC 5348 §5.4), so the groups' rates need
 * about a second to equalise: at 500 MB the window was not yet converged (4 groups: worst 20% off
 * the share; at 2 GB 4%; docs/benchmarks-shufflecast.md); Fig. 6(e) the paper's 4 GB requested
 * 1.5 s apart (until 2026-11-28 1 GB 375 ms apart, the same ratio, for the time budget; the paper's
 * size costs ≈ 50 CPU-s and gives the flows four times longer to equalise: worst 14.4% instead of
 * 30.1%); {@code --quick} 20 MB and 40 MB 15 ms apart.
 *
 * <p>Grading Fig. 6(d): the figure plots one throughput per group count, the mean over the groups,
 * so that mean is the graded value (±5% of the fair share); the worst group is reported beside it,
 * not counted, with its measured cause (the what-if with NORM's feedback in a strict-priority class
 * at the largest count).
 *
 * <p>Why the worst of 16 groups and Fig. 6(e) stay outside ±5% (measured; the reproduction's notes and
 * docs/benchmarks-shufflecast.md give the traces): with 16 groups every source's own downlink is a
 * bottleneck carrying the other 15 groups, and TFMCC's reports to that source queue behind it, so
 * the group's RTT (hence its equation rate, ∝ 1/RTT) is inflated by up to one full 1 MB queue, most
 * for the group whose source's downlink is fullest, which is the slowest group's (reports delivered
 * out of band: worst 3.6% instead of 9.2%); in Fig. 6(e) the graded window holds no loss event, and
 * TFRC's split between flows changes only at loss events. Both are the protocols as specified on
 * FIFO drop-tail ports whose RTT is almost all queueing; neither is tuned away.
 */
final class Fig6Experiments {
  private Fig6Experiments() {}

  static void fig6d(boolean quick, ReproductionReport.Builder rep) {
    int[] counts = quick ? new int[] {1, 4, 16} : new int[] {1, 2, 4, 8, 16};
    long size = quick ? 20_000_000L : 2_000_000_000L;
    Table.Builder t = Table.builder("fig6d_measured").longColumn("groups").stringColumn("curve")
        .doubleColumn("gbpsPerGroup");
    Table.Builder d = Table.builder("fig6d_detail").longColumn("groups").doubleColumn("fairShareGbps")
        .doubleColumn("steadyMeanGbps").doubleColumn("steadyMinGbps").doubleColumn("steadyMaxGbps")
        .doubleColumn("wholeTransferMeanGbps").doubleColumn("lossRate").longColumn("repairs")
        .longColumn("allBytesDelivered").doubleColumn("duplicateShare");
    for (int gs : counts) {
      int[] src = new int[gs];
      for (int i = 0; i < gs; i++) {
        src[i] = i;
      }
      int[][] members = DataPlaneExperiments.allOthers(src);
      double[] fair = DataPlaneExperiments.fairShareGbps(src, members);
      Result r = DataPlaneExperiments.norm(Method.SHUFFLECAST).run(src, members, size, 0,
          DataPlaneExperiments.bins(quick ? 1_000_000 : 10_000_000));
      double[] steady = DataPlaneExperiments.steadyGbps(r);
      double mean = 0;
      double min = Double.MAX_VALUE;
      double max = 0;
      double whole = 0;
      double worstDev = 0;
      long repairs = 0;
      long arrivals = 0;
      long duplicates = 0;
      boolean all = true;
      for (int i = 0; i < gs; i++) {
        GroupResult g = r.groups().get(i);
        mean += steady[i] / gs;
        min = Math.min(min, steady[i]);
        max = Math.max(max, steady[i]);
        whole += g.throughputGbps() / gs;
        repairs += g.repairs();
        for (int j = 0; j < g.members().length; j++) {
          arrivals += g.memberArrivals()[j];
          duplicates += g.memberDuplicates()[j];
        }
        worstDev = Math.max(worstDev, Math.abs(steady[i] / fair[i] - 1));
        all &= g.minMemberBytes() == size;
      }
      t.row(gs, "measured (steady state)", mean);
      t.row(gs, "max-min fair share", fair[0]);
      d.row(gs, fair[0], mean, min, max, whole, r.lossRate(), repairs, all ? 1L : 0L,
          arrivals == 0 ? 0 : (double) duplicates / arrivals);
      double fairMean = 0;
      int worst = 0;
      for (int i = 0; i < gs; i++) {
        fairMean += fair[i] / gs;
        if (Math.abs(steady[i] / fair[i] - 1) > Math.abs(steady[worst] / fair[worst] - 1)) {
          worst = i;
        }
      }
      rep.compare("Fig. 6(d)", gs + " concurrent 1:15 group(s) of " + size / 1_000_000
              + " MB: steady-state throughput per group (mean over the groups, as the figure plots) vs the fair share",
          f("≈ fair share (%.3f Gb/s)", fairMean), f("%.3f Gb/s mean (%+.1f%%)", mean, 100 * (mean / fairMean - 1)),
          "±5% of the fair share", Math.abs(mean / fairMean - 1) <= 0.05,
          "NORM-like NACK repair + TFMCC; fair share by progressive filling over relays' splitter"
              + " transmitters, downlinks and uplinks; every member got every byte: " + all);
      String cause = gs == 1 ? "one group alone: no other group's data shares a port with its reports"
          : gs == counts[counts.length - 1]
              ? feedbackPriorityWhatIf(gs, size, quick, rep)
              : "the reports to each source queue behind the other groups' data on the source's own downlink"
                  + " (measured at " + counts[counts.length - 1] + " groups: the what-if row)";
      rep.withoutPaperValue("Fig. 6(d)", gs + " concurrent 1:15 group(s): the worst group beside the mean (not"
              + " counted)", f("group of source ToR %d: %.3f Gb/s, %.1f%% off its share %.3f (groups %.3f–%.3f)",
              src[worst], steady[worst], 100 * worstDev, fair[worst], min, max), "cause: " + cause);
      rep.compare("Fig. 6(d)", gs + " concurrent 1:15 group(s): packet loss", "< 0.28%",
          f("%.3f%%", 100 * r.lossRate()), "bound", r.lossRate() < 0.0028,
          "share of the sources' multicast transmissions (data, repairs, flushes) that a member"
              + " did not receive");
    }
    rep.table(t.build());
    rep.table(d.build());
    rep.plot(new PlotSpec("fig6d_measured", "fig6d_measured", PlotSpec.Kind.LINE, "groups",
        "gbpsPerGroup", "curve", "Fig. 6(d) per-group throughput, NORM + TFMCC on 2,2-Shufflecast",
        "concurrent groups", "Gb/s per group"));
  }

  /**
   * The largest Fig. 6(d) case again with NORM's feedback in a strict-priority class at every port
   * ({@link ShufflecastMulticastRun#withFeedbackPriority}): a what-if, not graded (the paper states
   * no switch QoS), that isolates the cause of the 16-group residual — the reports to a source
   * queueing behind the other groups' data on the source's own downlink.
   *
   * @return the cause, measured, for the worst-group row
   */
  private static String feedbackPriorityWhatIf(int gs, long size, boolean quick,
      ReproductionReport.Builder rep) {
    int[] src = new int[gs];
    for (int i = 0; i < gs; i++) {
      src[i] = i;
    }
    int[][] members = DataPlaneExperiments.allOthers(src);
    double[] fair = DataPlaneExperiments.fairShareGbps(src, members);
    Result r = DataPlaneExperiments.norm(Method.SHUFFLECAST).withFeedbackPriority().run(src,
        members, size, 0, DataPlaneExperiments.bins(quick ? 1_000_000 : 10_000_000));
    double[] steady = DataPlaneExperiments.steadyGbps(r);
    double mean = 0;
    double min = Double.MAX_VALUE;
    double max = 0;
    double worst = 0;
    boolean all = true;
    for (int i = 0; i < gs; i++) {
      mean += steady[i] / gs;
      min = Math.min(min, steady[i]);
      max = Math.max(max, steady[i]);
      worst = Math.max(worst, Math.abs(steady[i] / fair[i] - 1));
      all &= r.groups().get(i).minMemberBytes() == size;
    }
    rep.compare("Fig. 6(d) what-if", gs + " concurrent 1:15 groups of " + size / 1_000_000
            + " MB with NORM's feedback (NACKs, reports, ACKs) in a strict-priority class at every"
            + " port: steady-state throughput per group",
        "—", f("%.3f Gb/s mean (%.3f–%.3f), worst %.1f%% off the share %.3f; loss %.3f%%", mean,
            min, max, 100 * worst, fair[0], 100 * r.lossRate()),
        "not graded (no such setting in the paper)", worst <= 0.05,
        "isolates the cause of the " + gs + "-group row: with FIFO ports the reports to a source"
            + " wait behind the other groups' data on its own downlink (notes); data stays"
            + " drop-tail, one 1 MB bound per port; every member got every byte: " + all);
    return f("the reports to each source queue behind the other groups' data on the source's own downlink:"
        + " with NORM's feedback in a strict-priority class at every port (the what-if row) the worst group is"
        + " %.1f%% off instead", 100 * worst);
  }


  static void fig6e(boolean quick, ReproductionReport.Builder rep) {
    long size = quick ? 40_000_000L : 4_000_000_000L;
    long staggerNs = quick ? 15_000_000L : 1_500_000_000L;
    long binNs = quick ? 1_000_000L : 10_000_000L;
    int[] src = {0, 1, 2, 3};
    int[][] members = DataPlaneExperiments.allOthers(src);
    Result r = DataPlaneExperiments.norm(Method.SHUFFLECAST).run(src, members, size, staggerNs,
        DataPlaneExperiments.bins(binNs));
    Table.Builder t = Table.builder("fig6e_timeseries").doubleColumn("timeS").stringColumn("flow")
        .doubleColumn("gbps");
    long[][] s = r.seriesBytes();
    long lastStart = 0;
    long firstEnd = Long.MAX_VALUE;
    for (GroupResult g : r.groups()) {
      lastStart = Math.max(lastStart, g.startNs());
      firstEnd = Math.min(firstEnd, g.endNs());
    }
    double aggSum = 0;
    int aggBins = 0;
    for (int i = 0; i < s[0].length; i++) {
      double agg = 0;
      for (int g = 0; g < s.length; g++) {
        double gbps = s[g][i] * 8.0 / members[g].length / binNs;
        agg += gbps;
        t.row((i + 1) * binNs / 1e9, "flow " + (g + 1), gbps);
      }
      t.row((i + 1) * binNs / 1e9, "aggregate", agg);
      long binStart = i * binNs;
      if (binStart >= lastStart + binNs && binStart + binNs <= firstEnd) {
        aggSum += agg;
        aggBins++;
      }
    }
    rep.table(t.build());
    rep.plot(new PlotSpec("fig6e", "fig6e_timeseries", PlotSpec.Kind.LINE, "timeS", "gbps", "flow",
        "Fig. 6(e) four staggered 1:15 groups, NORM + TFMCC on 2,2-Shufflecast", "time (s)", "Gb/s"));
    double agg = aggBins == 0 ? 0 : aggSum / aggBins;
    double[] fair = DataPlaneExperiments.fairShareGbps(src, members);
    double[] steady = DataPlaneExperiments.steadyGbps(r);
    double worst = 0;
    for (int g = 0; g < 4; g++) {
      worst = Math.max(worst, Math.abs(steady[g] / fair[g] - 1));
    }
    String scale = f("4 groups of %d MB requested %.0f ms apart", size / 1_000_000, staggerNs / 1e6);
    rep.compare("Fig. 6(e)", scale + ": aggregate utilisation while all four run",
        "close to line rate", f("%.3f Gb/s (%.1f%% of 9.733)", agg, 100 * agg / GOODPUT_GBPS),
        "≥ 90% of line rate", agg >= 0.9 * GOODPUT_GBPS,
        "sum of the four flows' mean member goodput (repairs and duplicates not counted)");
    rep.compare("Fig. 6(e)", scale + ": each flow's steady throughput with all four running",
        f("fair share (%.3f Gb/s)", fair[0]), f("worst %.1f%% off", 100 * worst),
        "±5% of the fair share", worst <= 0.05, f("max-min share with every downlink carrying"
            + " four groups (three for a source's own); all four ran together %.0f ms, graded over"
            + " its last three quarters; TFRC moves the split only at loss events (notes)",
            Math.max(0, firstEnd - lastStart) / 1e6));
  }

  static void relayFailure(boolean quick, ReproductionReport.Builder rep) {
    long size = quick ? 20_000_000L : 1_000_000_000L;
    long binNs = quick ? 1_000_000L : 10_000_000L;
    // 1:15 from server 0 (ToR 0, relays {0,1,4,5}, Fig. 3); relay 4 fails 40% into the transfer
    long failNs = 600_000 + (long) (0.4 * size * 8 / GOODPUT_GBPS);
    int[] src = {0};
    int[][] members = DataPlaneExperiments.allOthers(src);
    Result r = DataPlaneExperiments.norm(Method.SHUFFLECAST).run(src, members, size, 0,
        new Scenario(List.of(), 4, failNs, binNs, -1, 0));
    GroupResult g = r.groups().get(0);
    long[] s = r.seriesBytes()[0];
    int failBin = (int) (failNs / binNs);
    // 15 members before the failure, 13 after (servers 8 and 9 sit under the failed ToR); the
    // failure bin mixes both and the repairs, it is shown per one of the 15
    double before = mean(s, 1, failBin, binNs, 15);
    double during = mean(s, failBin, failBin + 1, binNs, 15);
    int endBin = (int) (g.endNs() / binNs);
    double after = mean(s, failBin + 2, Math.max(failBin + 3, endBin), binNs, 13);
    boolean every = true;
    for (int j = 0; j < g.members().length; j++) {
      if (g.members()[j] / 2 != 4) {
        every &= g.memberBytes()[j] == size;
      }
    }
    RelayFailureRecovery.Step step = r.recovery().steps().get(0);
    Table.Builder t = Table.builder("relay_failure_during_transfer").stringColumn("phase")
        .doubleColumn("gbpsPerMember");
    t.row("before", before);
    t.row("failure bin (rules repaired 0.6 ms later; bytes over 15 members)", during);
    t.row("after", after);
    rep.table(t.build());
    rep.compare("§III-C1 / §VI-C", f("relay 4 fails %.1f ms into a 1:15 transfer of %d MB: throughput"
            + " before / failure bin / after (Gb/s per member)", failNs / 1e6, size / 1_000_000), "—",
        f("%.3f / %.3f / %.3f", before, during, after), "", true,
        "the paper measures no data-plane failure; Algorithm 2 moved relay 4's rules to its mirror "
            + step.mirrorFailed() + " (installed 0.6 ms after the failure); servers 8, 9 under the"
            + " failed ToR drop out");
    rep.compare("§III-C1 / §IV-C", "every member outside the failed ToR gets every byte once"
        + " (NORM repairs what the failure lost)", "reachability fully restored (Fig. 7(a))",
        every ? "yes" : "no", "exact", every, g.repairs() + " repairs; the splitter of ToR "
            + step.mirrorFailed() + ", no relay of source ToR 0 before, carried "
            + r.splitterPortBytes()[step.mirrorFailed()] / 1_000_000 + " MB after the recovery");
  }

  private static double mean(long[] s, int from, int to, long binNs, int members) {
    long b = 0;
    int n = 0;
    for (int i = from; i < Math.min(to, s.length); i++) {
      b += s[i];
      n++;
    }
    return n == 0 ? 0 : b * 8.0 / members / ((double) n * binNs);
  }
}
