package org.fabriclab.gleam;

import java.util.Locale;
import org.fabriclab.experiment.PlotSpec;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.table.Table;

/**
 * {@code reproduce gleam} rows for seed 002 §5.3, Fig. 15 (JCT under loss) and Fig. 16 (goodput
 * under loss), measured by {@link LossExperiment} at packet level. Full: group sizes 64 and 512,
 * every paper loss rate 10⁻⁸ … 10⁻³ plus the lossless reference, 3 seeds per point (JCT averaged);
 * quick: group 64, loss 10⁻⁴ and 10⁻³, one seed. Baselines: one unicast RC QP per receiver from
 * the source, and HPL's increasing ring ({@link RingBcast}, the paper's PB algorithm).
 *
 * <p>Tolerances (stated before running): a JCT reduction within the paper's range widened by 5
 * percentage points at every loss rate; goodput "≥ 90 % up to 10⁻⁴" agrees when every Gleam
 * goodput up to 10⁻⁴ is at least 85 %; goodput at 10⁻³ within 10 percentage points of 42 %; the
 * 7× JCT ratio at 10⁻³ within 15 %. The paper's text does not say which group size Fig. 16's 42 %
 * and 7× belong to: both sizes are compared.
 */
final class LossExperiments {
  static final String RANGE_TOL = "the paper's range ± 5 points at every loss rate";
  static final String GOODPUT_TOL = "± 10 points";
  static final String RATIO_TOL = "within 15 %";
  static final String FLOOR_TOL = "at least 90 %";

  /**
   * The group whose numbers §5.3's sentence "42% goodput ... a 7× lower JCT" under 10⁻³ gives: 512.
   * The sentence names no group; a 7× lower JCT is a 86 % reduction, the low end of group 512's
   * 86–94 % in Fig. 15, while group 64's 46–52 % allows at most 2.1×, and a multicast sender's
   * goodput falls with its receivers, so the lower figure is the larger group's. Group 64's rows
   * at 10⁻³ are therefore shown without a paper value (not graded).
   */
  static final int GROUP_OF_42_PERCENT = 512;

  /** Why a 64-rank row at 10⁻³ has no paper value. */
  static final String NOT_GROUP_64 = "NO PAPER VALUE for 64 ranks at 1e-3: the paper's 42 % goodput and 7x lower JCT"
      + " are group 512's (7x = 86 % reduction, the low end of group 512's 86-94 % in Fig. 15; group 64's 46-52 %"
      + " allows at most 2.1x). ";

  /** The log10Loss cell: log10 of the loss rate, none (an empty cell, no plotted point) when lossless. */
  static Double log10Loss(double loss) {
    return loss > 0 ? Math.log10(loss) : null;
  }
  private static final int[] PAPER_GROUPS = {64, 512};
  private static final String[] BASELINE = {"Gleam", "unicasts", "HPL increasing ring"};
  private static final String[] PAPER_REDUCTION = {"46–52%", "86–94%"};
  private static final double[][] PAPER_REDUCTION_RANGE = {{0.46, 0.52}, {0.86, 0.94}};

  private static String f(String fmt, Object... a) {
    return String.format(Locale.ROOT, fmt, a);
  }

  /** Mean JCT (µs) and mean retransmitted packets of one (method, group, loss) point. */
  record Point(double jctUs, double retransmitted) {}

  void fig15And16(ReproductionReport.Builder r, boolean quick, long seed) {
    LossExperiment x = new LossExperiment();
    int[] groups = quick ? new int[] {64} : PAPER_GROUPS;
    double[] losses = quick ? new double[] {1e-4, 1e-3} : LossExperiment.paperLosses();
    int seeds = quick ? 1 : 3;
    String[] methods = {"gleam", "unicast", "ring"};
    Table.Builder t = Table.builder("fig15_16_loss").longColumn("groupSize").stringColumn("method")
        .stringColumn("series").doubleColumn("loss").doubleColumn("log10Loss").longColumn("seeds")
        .doubleColumn("jctUs").doubleColumn("goodput").doubleColumn("retransmittedPackets");
    String setting = f("k=%d fat-tree, %d Gb/s, 1 us links, %d MiB per broadcast, loss on arrival at the"
        + " aggregation switches, %d seed(s) per point", LossExperiment.K, LossExperiment.LINK_GBPS,
        LossExperiment.MESSAGE_BYTES >> 20, seeds);
    for (int gi = 0; gi < PAPER_GROUPS.length; gi++) {
      int g = PAPER_GROUPS[gi];
      if (!contains(groups, g)) {
        for (int b = 1; b < BASELINE.length; b++) {
          r.notRun("§5.3, Fig. 15", "JCT reduction vs " + BASELINE[b] + ", group " + g, PAPER_REDUCTION[gi],
              "quick run: group 64 only.");
        }
        r.notRun("§5.3, Fig. 16", "Gleam goodput at 1e-3, group " + g, "42%",
            "quick run: group 64 only.");
        continue;
      }
      Point[][] pts = new Point[methods.length][losses.length + 1];
      for (int m = 0; m < methods.length; m++) {
        pts[m][0] = point(x, methods[m], g, 0, seed, 1); // lossless: deterministic, one seed
        for (int li = 0; li < losses.length; li++) {
          pts[m][li + 1] = point(x, methods[m], g, losses[li], seed, seeds);
        }
        for (int li = 0; li <= losses.length; li++) {
          double loss = li == 0 ? 0 : losses[li - 1];
          t.row((long) g, methods[m], methods[m] + "-" + g, loss, log10Loss(loss),
              (long) (li == 0 ? 1 : seeds), pts[m][li].jctUs(), pts[m][0].jctUs() / pts[m][li].jctUs(),
              pts[m][li].retransmitted());
        }
      }
      compare(r, gi, g, losses, pts, quick, setting);
    }
    r.table(t.build());
    if (!quick) {
      perCopy(r, x, seed, seeds);
    }
    new LossExperimentHplStep().rows(r, x, quick, seed); // second reading: the whole HPL step of 64 ranks
    r.note("Fig. 15/16 (loss, engine: packet): " + setting + "; group = the first 64 or 512 servers (server 0 the"
        + " source), Gleam (one RC QP, the Gleam switch logic on every switch of the registered tree, tables built by"
        + " envelope packets) against one unicast RC QP per receiver from the source and against HPL's increasing ring"
        + " (rank i forwards the whole message to rank i + 1 once it holds it). Goodput = JCT without loss / JCT with loss. The paper's Fig. 15"
        + " workload is HPL (ring + long), not a single broadcast: its JCT reductions are not expected here (see the"
        + " rows). Loss discards packets arriving at an aggregation switch, before Gleam replicates them.");
    r.plot(new PlotSpec("fig15_loss_jct", "fig15_16_loss", PlotSpec.Kind.LINE, "log10Loss", "jctUs", "series",
        "Fig. 15 broadcast JCT under loss at the aggregation switches (engine: packet; lossless runs in the table)",
        "log10(loss rate)", "JCT (us)"));
    r.plot(new PlotSpec("fig16_loss_goodput", "fig15_16_loss", PlotSpec.Kind.LINE, "log10Loss", "goodput",
        "series", "Fig. 16 goodput (JCT lossless / JCT) under loss (engine: packet)", "log10(loss rate)",
        "goodput"));
  }

  private void compare(ReproductionReport.Builder r, int gi, int g, double[] losses, Point[][] pts, boolean quick,
      String setting) {
    String why = setting + ". Our workload is one broadcast of P = " + g + " ranks. Against " + (g - 1)
        + " unicast QPs from the source it is bandwidth-bound with JCT ratio P - 1 = " + (g - 1) + "; HPL's"
        + " increasing ring (the paper's PB baseline) runs P - 1 whole transfers one after another, the same ratio."
        + " The paper's Fig. 15 is the HPL workload (ring PB + long RS of N parallel groups), where RS's long"
        + " algorithm already moves about M per rank and parallel groups share links, which keeps its reduction far"
        + " below 1 - 1/(P - 1). The paper's HPL message sizes and placement are not given";
    for (int b = 1; b < pts.length; b++) {
      double lo = 1;
      double hi = 0;
      boolean inRange = true;
      double[] range = PAPER_REDUCTION_RANGE[gi];
      for (int li = 1; li <= losses.length; li++) {
        double red = 1 - pts[0][li].jctUs() / pts[b][li].jctUs();
        lo = Math.min(lo, red);
        hi = Math.max(hi, red);
        inRange &= red >= range[0] - 0.05 && red <= range[1] + 0.05;
      }
      r.compare("§5.3, Fig. 15", "JCT reduction vs " + BASELINE[b] + ", group " + g
          + (quick ? " (quick: 1e-4, 1e-3)" : ", 1e-8 … 1e-3"), PAPER_REDUCTION[gi],
          f("%.1f–%.1f%%", 100 * lo, 100 * hi), RANGE_TOL, inRange, why + ".");
    }
    double minGood = 1;
    int at3 = -1;
    for (int li = 1; li <= losses.length; li++) {
      double good = pts[0][0].jctUs() / pts[0][li].jctUs();
      if (losses[li - 1] <= 1e-4 * 1.0001) {
        minGood = Math.min(minGood, good);
      }
      if (Math.abs(losses[li - 1] - 1e-3) < 1e-9) {
        at3 = li;
      }
    }
    String goodWhy = setting + ". Goodput = JCT lossless / JCT (paper: normalized throughput vs no loss). Go-back-N"
        + " costs about one round trip of packets per loss event, and a Gleam sender is hit by a loss on the path to"
        + " any receiver: the 512 group's packets arrive at two aggregation switches (pod 0 up, pod 1 down), the 64"
        + " group's at one. First-order estimate 1 / (1 + q W), q = loss x aggregation arrivals, W = packets in one"
        + " round trip (about 184 inside a pod, 276 across pods at 200 Gb/s and 1 us links): 85 % (64) and 64 % (512)"
        + " at 1e-3. The paper's 42 % needs q W = 1.4, i.e. about 1,400 x the loss rate: loss on every replicated copy"
        + " of a widely spread group, or a longer round trip; its placement, link delays and loss model are not"
        + " given";
    r.compare("§5.3, Fig. 16", "Gleam goodput, lowest up to 1e-4, group " + g, "≥ 90%", f("%.1f%%", 100 * minGood),
        FLOOR_TOL, minGood >= 0.90, goodWhy + ".");
    boolean papers = g == GROUP_OF_42_PERCENT;
    if (at3 > 0) {
      double good3 = pts[0][0].jctUs() / pts[0][at3].jctUs();
      String goodNote = goodWhy + f("; unicast goodput %.1f%%, ring %.1f%%.",
          100 * pts[1][0].jctUs() / pts[1][at3].jctUs(), 100 * pts[2][0].jctUs() / pts[2][at3].jctUs());
      if (papers) {
        r.compare("§5.3, Fig. 16", "Gleam goodput at 1e-3, group " + g, "42%", f("%.1f%%", 100 * good3),
            GOODPUT_TOL, Math.abs(good3 - 0.42) <= 0.10, goodNote);
      } else {
        r.withoutPaperValue("§5.3, Fig. 16", "Gleam goodput at 1e-3, group " + g, f("%.1f%%", 100 * good3),
            NOT_GROUP_64 + goodNote);
      }
      for (int b = 1; b < pts.length; b++) {
        double ratio = pts[b][at3].jctUs() / pts[0][at3].jctUs();
        if (papers) {
          r.compare("§5.3, Fig. 16", BASELINE[b] + " / Gleam JCT at 1e-3, group " + g, "7x", f("%.1fx", ratio),
              RATIO_TOL, Math.abs(ratio / 7 - 1) <= 0.15, why + ".");
        } else {
          r.withoutPaperValue("§5.3, Fig. 16", BASELINE[b] + " / Gleam JCT at 1e-3, group " + g, f("%.1fx", ratio),
              NOT_GROUP_64 + why + ".");
        }
      }
    }
  }

  /**
   * Sensitivity to the loss reading: Gleam with loss per replicated copy on the aggregation
   * switches' output ports, 10⁻⁴ and 10⁻³; never graded.
   */
  private void perCopy(ReproductionReport.Builder r, LossExperiment x, long seed, int seeds) {
    Table.Builder t = Table.builder("fig16_loss_per_copy").longColumn("groupSize").doubleColumn("loss")
        .longColumn("seeds").doubleColumn("jctUs").doubleColumn("goodput").doubleColumn("retransmittedPackets");
    StringBuilder sb = new StringBuilder();
    for (int g : PAPER_GROUPS) {
      double base = x.run("gleam", g, 0, LossExperiment.MESSAGE_BYTES, seed).jctUs();
      for (double loss : new double[] {1e-4, 1e-3}) {
        double jct = 0;
        double re = 0;
        for (int s = 0; s < seeds; s++) {
          PacketBcast.Result res = x.runLossPerCopy("gleam", g, loss, LossExperiment.MESSAGE_BYTES, seed + s);
          jct += res.jctUs() / seeds;
          re += (double) res.retransmittedPackets() / seeds;
        }
        t.row((long) g, loss, (long) seeds, jct, base / jct, re);
        sb.append(f("%sgroup %d at %.0e: %.1f %%", sb.length() == 0 ? "" : "; ", g, loss, 100 * base / jct));
      }
    }
    r.table(t.build());
    r.note("Sensitivity (table fig16_loss_per_copy, not graded): with the other reading of the paper's loss model,"
        + " loss per replicated copy on every output port of the aggregation switches, Gleam's goodput is " + sb
        + " (paper: at least 90 % up to 1e-4 and 42 % at 1e-3). Per copy, a packet of the 512 group meets about 32"
        + " lossy ports (16 edge-facing ports in each of two pods), so q W grows about 16-fold over the per-arrival"
        + " reading.");
  }

  private static Point point(LossExperiment x, String method, int group, double loss, long seed, int seeds) {
    double jct = 0;
    double re = 0;
    for (int s = 0; s < seeds; s++) {
      if (method.equals("ring")) {
        RingBcast.Result res = x.runRing(group, loss, LossExperiment.MESSAGE_BYTES, seed + s);
        jct += res.jctUs();
        re += res.retransmittedPackets();
      } else {
        PacketBcast.Result res = x.run(method, group, loss, LossExperiment.MESSAGE_BYTES, seed + s);
        jct += res.jctUs();
        re += res.retransmittedPackets();
      }
    }
    return new Point(jct / seeds, re / seeds);
  }

  private static boolean contains(int[] a, int v) {
    for (int x : a) {
      if (x == v) {
        return true;
      }
    }
    return false;
  }
}
