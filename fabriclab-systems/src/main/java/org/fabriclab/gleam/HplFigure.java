package org.fabriclab.gleam;

import java.util.Locale;
import org.fabriclab.experiment.Comparison;
import org.fabriclab.experiment.PlotSpec;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.table.Table;

/**
 * The rows of {@code reproduce gleam} for seed 002's HPL at scale (§5.3, Fig. 14), from {@link
 * HplExperiment}, and Fig. 10 (HPL with computation, §5.2.1) from {@link TestbedModel} plus a
 * compute model derived from the paper's own numbers ({@link #fig10}).
 *
 * <p>Fig. 14: full = every scale 8×8 … 128×128 at flow level (the paper-size messages), and 8×8 at
 * packet level for both methods; quick = 8×8 and 16×16 at flow level. The message size is the
 * model input {@link HplWorkload#PAPER_CALIBRATED_BYTES}: the 8×8 Gleam row is labelled so and not
 * counted. Tolerances: JCTs within 15 % of the paper's, reductions within 10 percentage points.
 */
public final class HplFigure {
  /** The summary's note on Fig. 10 and Fig. 14. */
  public static final String NOTE = "Fig. 14 (HPL at scale, §5.3): a 3-tier Clos of 64-port 200 Gb/s switches, 16 pods,"
      + " 16,384 servers, 1:1 (a 64-ary fat-tree has 65,536 servers, so 16 pods with 256 cores of 64 ports each),"
      + " 1 us links; rank (r, c) on server r*N + c; one PB per row from column 0, then (barrier) one centralised RS"
      + " per column from row 0; panel = swapped rows = M = 60,751,872 B, a MODEL INPUT chosen so that Gleam's 8x8"
      + " JCT is 5.17 ms. Gleam: one multicast per group on its Alg. 4 tree; ring-long: HPL's store-and-forward"
      + " increasing ring and the long spread-roll, unicast RC on hashed ECMP paths. Flow level: max-min fluid with"
      + " multicast trees (a tree link carries a transfer once), cross-checked against the packet engine at 8x8 and"
      + " 16x16 within 3 % (unit test). Fig. 10: computation per epoch derived from the paper's own PB numbers"
      + " (67 % comm-only, 12 % with computation), a MODEL INPUT; the RS rows are predictions.";
  private static final String WIDE_RANGE_TOL = "inside the paper's range widened by 10 points (52-83%)";
  private static final double PAPER_GLEAM_MS = 5.17;
  private static final double PAPER_RING_8_MS = 13.7;
  private static final double PAPER_RING_128_MS = 19.4;

  private static String f(String fmt, Object... a) {
    return String.format(Locale.ROOT, fmt, a);
  }

  /** Fig. 14 rows, table {@code fig14_hpl_scale} and its plot. */
  public void fig14(ReproductionReport.Builder r, boolean quick, long seed) {
    int[] scales = quick ? new int[] {8, 16} : HplExperiment.paperScales();
    Table.Builder t = Table.builder("fig14_hpl_scale").longColumn("scale").stringColumn("method")
        .stringColumn("engine").doubleColumn("jctMs").doubleColumn("panelBroadcastMs").doubleColumn("rowSwapMs")
        .longColumn("transfers");
    StringBuilder timing = new StringBuilder();
    org.fabriclab.graph.Topology topo = HplFabric.paper();
    long m = HplWorkload.PAPER_CALIBRATED_BYTES;
    String sizeNote = f("M = %,d B per phase (panel = swapped rows), the model input that makes Gleam's 8x8 JCT"
        + " 5.17 ms; 3-tier Clos of 64-port switches, 16 pods, 16,384 servers, 200 Gb/s, 1 us links; RS centralised;"
        + " engine: flow (max-min fluid, multicast trees from Alg. 4 registration)", m);
    StringBuilder whatIf = new StringBuilder();
    for (int n : scales) {
      HplResult g = HplExperiment.run(topo, n, "gleam", "flow", 0, seed, m);
      HplResult b = HplExperiment.run(topo, n, "ring-long", "flow", 0, seed, m);
      HplResult v = HplFlowRun.run(topo, new HplWorkload(n, "ring-long", m, true), seed, "ring-pipelined-long");
      row(t, g, timing);
      row(t, b, timing);
      row(t, v, timing);
      whatIf.append(f("%s%dx%d %.1f ms (%.0f%%)", whatIf.length() == 0 ? "" : ", ", n, n, v.jctMs(),
          100 * (1 - g.jctMs() / v.jctMs())));
      String where = "§5.3, Fig. 14";
      if (n == 8) {
        r.modelInput(where, "Gleam JCT, 8x8 (engine: flow)", "5.17 ms", f("%.3f ms", g.jctMs()),
            "MODEL INPUT, not an agreement: the message size is chosen so that this is 5.17 ms. " + sizeNote);
      } else {
        r.compareAs(Comparison.Kind.DERIVED_FROM_INPUT, where, f("Gleam JCT, %dx%d (engine: flow)", n, n), "5.17 ms", f("%.3f ms", g.jctMs()),
            TestbedExperiments.ABS_TOL, Math.abs(g.jctMs() / PAPER_GLEAM_MS - 1) <= 0.15,
            "DERIVED FROM AN INPUT, not counted: the message size is fitted at 8x8, and every group's tree gets its own links (Alg. 4's least-utilised port choice spreads the groups), so the"
                + " JCT stays at two line-rate multicasts as in the paper.");
      }
      double red = 100 * (1 - g.jctMs() / b.jctMs());
      String ringWhy = f("PB %.1f ms = %d sequential whole-panel hops (HPL's 1ring: a rank forwards after receiving"
          + " the whole panel) + RS %.1f ms (spread + roll, ECMP collisions of the roll's unicasts). The paper's"
          + " ring+long grows only 1.4x from 8x8 to 128x128, which a store-and-forward ring with a per-group"
          + " volume that does not shrink with N (Gleam's constant 5.17 ms says it does not) cannot do: its"
          + " simulator must pipeline or segment the ring; the paper does not say how.", b.pbMs(), n - 1, b.rsMs());
      if (n == 8 || n == 128) {
        double paperRing = n == 8 ? PAPER_RING_8_MS : PAPER_RING_128_MS;
        r.compare(where, f("ring+long JCT, %dx%d (engine: flow)", n, n), f("%.1f ms", paperRing),
            f("%.1f ms", b.jctMs()), TestbedExperiments.ABS_TOL, Math.abs(b.jctMs() / paperRing - 1) <= 0.15,
            ringWhy);
        double paperRed = n == 8 ? 62 : 73;
        r.compare(where, f("JCT reduction, %dx%d (engine: flow)", n, n), f("%.0f%%", paperRed), f("%.0f%%", red),
            TestbedExperiments.RED_TOL, Math.abs(red - paperRed) <= 10, ringWhy);
      } else {
        r.compare(where, f("JCT reduction, %dx%d (engine: flow)", n, n), "62-73% (range over scales)",
            f("%.0f%%", red), WIDE_RANGE_TOL, red >= 52 && red <= 83, ringWhy);
      }
    }
    if (quick) {
      for (int n : new int[] {32, 64, 128}) {
        r.notRun("§5.3, Fig. 14", f("Gleam and ring+long JCT, %dx%d", n, n), n == 128 ? "5.17 / 19.4 ms" : "5.17 ms / —",
            "--quick runs 8x8 and 16x16 only; the full run grades it.");
      }
    } else {
      for (int n : new int[] {8, 16}) {
        HplResult gp = HplExperiment.run(topo, n, "gleam", "packet", 0, seed, m);
        HplResult bp = HplExperiment.run(topo, n, "ring-long", "packet", 0, seed, m);
        row(t, gp, timing);
        row(t, bp, timing);
        double red = 100 * (1 - gp.jctMs() / bp.jctMs());
        boolean eight = n == 8;
        r.compare("§5.3, Fig. 14", f("JCT reduction, %dx%d (engine: packet)", n, n), eight ? "62%" : "62-73% (range)",
            f("%.0f%% (Gleam %.3f ms, ring+long %.1f ms)", red, gp.jctMs(), bp.jctMs()),
            eight ? TestbedExperiments.RED_TOL : WIDE_RANGE_TOL, eight ? Math.abs(red - 62) <= 10 : red >= 52 && red <= 83,
            "engine: packet (RoCEv2 RC, Gleam switch elements on every tree switch), same workload and message size;"
                + " the flow-level rows' explanation applies. Packet level above 16x16 is not run here: see"
                + " docs/benchmarks-gleam.md for its cost.");
      }
    }
    r.note("Fig. 14 what-if, not graded (flow level, method 'ring-pipelined-long' in the table): if the ring's hops"
        + " all ran at once (a ring that forwards each segment as it arrives; HPL's 1ring does not) with the same"
        + " long RS, ring+long would take " + whatIf + " (Gleam's reduction in brackets) against the paper's 13.7 ms"
        + " (62%) at 8x8 and 19.4 ms (73%) at 128x128: much nearer than HPL's store-and-forward ring, which"
        + " suggests the paper's simulated ring was pipelined.");
    r.note("Fig. 14 timing, not a result (wall-clock seconds on this machine, different on every run; the table"
        + " holds only simulated values): " + timing + ".");
    r.table(t.build());
    r.plot(new PlotSpec("fig14_hpl_scale", "fig14_hpl_scale", PlotSpec.Kind.LINE, "scale", "jctMs", "method",
        "Fig. 14 HPL JCT vs scale (N x N, 16,384-server Clos)", "N", "JCT (ms)"));
  }

  /** One table row; the run's wall-clock time goes to {@code timing}, not the table (it varies by run). */
  private static void row(Table.Builder t, HplResult x, StringBuilder timing) {
    t.row((long) x.scale(), x.method(), x.engine(), x.jctMs(), x.pbMs(), x.rsMs(), (long) x.transfers());
    timing.append(f("%s%s %dx%d (%s) %.2f s", timing.length() == 0 ? "" : ", ", x.method(), x.scale(), x.scale(),
        x.engine(), x.wallSeconds()));
  }

  /**
   * Fig. 10 (HPL JCT with computation, §5.2.1). The paper gives the communication-only reductions
   * (67, 18, 46 %) and the with-computation ones ("up to" 12, 4.67, 9.55 %) but no computation
   * time. Compute model (derived, stated): one epoch = computation {@code C} + the phase's
   * communication, {@code C} the same in the three experiments (same HPL run). The PB pair fixes
   * it: a reduction of 67 % of the ring's communication {@code T} is 12 % of {@code T + C}, so
   * {@code C = (0.67/0.12 − 1)·T_ring} = 4.58 × our ring PB time — a MODEL INPUT. The RS
   * reductions with computation are then predictions from our communication times.
   */
  public void fig10(ReproductionReport.Builder r, long bytes) {
    TestbedModel.HplPoint[] h = TestbedModel.paperTestbed().hpl(TestbedModel.RANKS, bytes, bytes);
    double computeUs = (0.67 / 0.12 - 1) * h[0].hplUs();
    double[] paper = {12, 4.67, 9.55};
    Table.Builder t = Table.builder("fig10_hpl_with_compute").stringColumn("phase").stringColumn("method")
        .doubleColumn("jctUs");
    for (TestbedModel.HplPoint p : h) {
      t.row(p.phase(), "hpl", p.hplUs() + computeUs);
      t.row(p.phase(), "gleam", p.gleamUs() + computeUs);
    }
    r.table(t.build());
    r.plot(new PlotSpec("fig10_hpl_with_compute", "fig10_hpl_with_compute", PlotSpec.Kind.BAR, "phase", "jctUs",
        "method", "Fig. 10 HPL JCT with computation (analytic + derived compute model)", "phase", "JCT (us)"));
    String model = f("compute model: %.0f us per epoch = (0.67/0.12 - 1) x our ring PB time, derived from the paper's"
        + " PB reductions (67%% comm only, 12%% with computation; a MODEL INPUT); message %d MiB per phase", computeUs,
        bytes >> 20);
    for (int i = 0; i < h.length; i++) {
      double red = 100 * (h[i].hplUs() - h[i].gleamUs()) / (h[i].hplUs() + computeUs);
      if (i == 0) {
        r.modelInput("§5.2.1, Fig. 10", "JCT reduction with computation, PB", "up to 12%", f("%.1f%%", red),
            "MODEL INPUT, not an agreement: " + model + ". The comm-only PB reduction is 67 % here as in the paper,"
                + " so this row returns the 12 % it was derived from.");
      } else {
        r.compare("§5.2.1, Fig. 10", "JCT reduction with computation, " + h[i].phase(), f("up to %.2f%%", paper[i]),
            f("%.1f%%", red), "within 3 percentage points", Math.abs(red - paper[i]) <= 3,
            model + ". Prediction from the comm-only model (Fig. 11 rows): where the comm-only reduction is low"
                + " (RS uniform 0 % vs 18 %) the prediction is low too; the paper's 'up to' is a maximum over"
                + " runs we do not have.");
      }
    }
  }
}
