package org.fabriclab.gleam;

import java.util.Locale;
import org.fabriclab.experiment.Comparison;
import org.fabriclab.experiment.PlotSpec;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.gleam.baseline.StorageReplication;
import org.fabriclab.table.Table;

/**
 * Seed 002's testbed figures (§5.1 Fig. 9, §5.2.1 Fig. 11, §5.2.2 Fig. 12/13) in the analytic
 * {@link TestbedModel}. Agreement rules: a ratio agrees within 15 % of the paper's, a reduction
 * within 10 percentage points, an absolute value within 15 %.
 */
final class TestbedExperiments {
  static final String RATIO_TOL = "within 15 % of the paper's ratio";
  static final String RED_TOL = "within 10 percentage points";

  /**
   * Why Fig. 11's PB row is a design check, not a measurement: an increasing ring of 4 ranks is 3
   * whole-panel copies in sequence against Gleam's 1 multicast, so the reduction is 1 - 1/3 by
   * construction whatever the rate or size.
   */
  static final String PB_STRUCTURAL = "DESIGN CHECK, not counted: 3 sequential copies vs 1 multicast give"
      + " 1 - 1/3 = 67 % by construction. ";
  static final String ABS_TOL = "within 15 % of the paper's value";
  private final TestbedModel m = TestbedModel.paperTestbed();

  private static String f(String fmt, Object... a) {
    return String.format(Locale.ROOT, fmt, a);
  }

  void fig9(ReproductionReport.Builder r) {
    Table.Builder t = Table.builder("fig9_bcast").longColumn("sizeBytes").stringColumn("method")
        .stringColumn("algorithm").doubleColumn("jctUs");
    Table.Builder ratios = Table.builder("fig9_ratio").longColumn("sizeBytes").doubleColumn("ratio")
        .doubleColumn("reductionPercent");
    for (long s = 64 * 1024; s <= 1L << 30; s *= 2) {
      TestbedModel.BcastPoint p = m.bcast(TestbedModel.RANKS, s);
      t.row(s, "openmpi", p.openMpiAlgorithm(), p.openMpiUs());
      t.row(s, "gleam", "multicast", p.gleamUs());
      ratios.row(s, p.ratio(), 100 * (1 - 1 / p.ratio()));
    }
    r.table(t.build()).table(ratios.build());
    r.plot(new PlotSpec("fig9_bcast_jct", "fig9_bcast", PlotSpec.Kind.LINE, "sizeBytes", "jctUs", "method",
        "Fig. 9 MPI_Bcast 1->3 JCT (analytic model)", "message bytes", "JCT (us)"));
    TestbedModel.BcastPoint small = m.bcast(4, 64 * 1024);
    TestbedModel.BcastPoint big = m.bcast(4, 1L << 30);
    r.compare("§5.1, Fig. 9", "Gleam/OpenMPI JCT ratio, 64 KB", "1.6x (12 us less)",
        f("%.2fx (%.1f us less)", small.ratio(), small.openMpiUs() - small.gleamUs()),
        RATIO_TOL, Math.abs(small.ratio() / 1.6 - 1) <= 0.15,
        "Open MPI 4.1's fixed rule picks linear for 4 ranks at 64 KB: 3 copies leave the root. The 3 us per-message"
            + " host cost is a model input (not fitted); the prototype's fixed costs (FPGA detour, UCX) are not modelled,"
            + " so the model's fixed part is smaller and its ratio nearer the 3-copy limit.");
    r.compare("§5.1, Fig. 9", "Gleam/OpenMPI JCT ratio, 1 GB", "~2x (124 ms less)",
        f("%.2fx (%.0f ms less)", big.ratio(), (big.openMpiUs() - big.gleamUs()) / 1e3),
        RATIO_TOL, Math.abs(big.ratio() / 2 - 1) <= 0.15,
        "above 1 MiB Open MPI 4.1 picks chain with fan-out 4 = 3 unsegmented copies from the root: ratio -> 3 at"
            + " line rate. The paper's numbers imply OpenMPI 248 ms (3 copies at ~104 Gb/s, as here) but Gleam 124 ms,"
            + " i.e. ~69 Gb/s through the FPGA prototype; the model forwards at line rate.");
    r.compare("§5.1, Fig. 9", "OpenMPI JCT, 1 GB", "~248 ms (124 ms x 2)", f("%.0f ms", big.openMpiUs() / 1e3),
        ABS_TOL, Math.abs(big.openMpiUs() / 1e3 / 248 - 1) <= 0.15,
        "paper value derived from its 124 ms reduction at 2x; both are 3 copies through the root's 100 Gb/s link.");
    TestbedModel.BcastPoint mid = m.bcast(4, 256 * 1024);
    r.compare("§5.1, Fig. 9", "JCT reduction above 128 KB (256 KB)", "~50%", f("%.0f%%", 100 * (1 - 1 / mid.ratio())),
        RED_TOL, Math.abs(100 * (1 - 1 / mid.ratio()) - 50) <= 10,
        "3 copies vs 1 at line rate: the model's bandwidth-bound limit is 67%; the paper's ~50% (~2x) matches its"
            + " Gleam prototype forwarding at ~69 Gb/s (see the 1 GB row), which the model does not have.");
  }

  void fig11(ReproductionReport.Builder r, long bytes) {
    TestbedModel.HplPoint[] h = m.hpl(TestbedModel.RANKS, bytes, bytes);
    Table.Builder t = Table.builder("fig11_hpl_comm").stringColumn("phase").stringColumn("method").doubleColumn("jctUs");
    for (TestbedModel.HplPoint p : h) {
      t.row(p.phase(), "hpl", p.hplUs());
      t.row(p.phase(), "gleam", p.gleamUs());
    }
    r.table(t.build());
    r.plot(new PlotSpec("fig11_hpl_comm", "fig11_hpl_comm", PlotSpec.Kind.BAR, "phase", "jctUs", "method",
        "Fig. 11 HPL communication JCT (analytic model)", "phase", "JCT (us)"));
    double[] paper = {67, 18, 46};
    String[] notes = {
      "ring: 3 sequential whole-panel copies vs 1 multicast (4 ranks)",
      "both move 3M/4 into every rank at line rate; the gap is the ring's 3 steps of per-message cost and latency."
          + " HPL's packing and local copies in 'long' are not modelled",
      "spread 3M/4 + roll 3M/4 through the root vs one multicast of M; HPL spreads along a tree with extra"
          + " synchronisation, not modelled"
    };
    for (int i = 0; i < 3; i++) {
      double red = 100 * h[i].reduction();
      r.compareAs(i == 0 ? Comparison.Kind.DESIGN_CHECK : Comparison.Kind.MEASURED, "§5.2.1, Fig. 11",
          "JCT reduction, " + h[i].phase(), f("%.0f%%", paper[i]), f("%.0f%%", red),
          RED_TOL, Math.abs(red - paper[i]) <= 10,
          (i == 0 ? PB_STRUCTURAL : "") + notes[i] + f("; message %d MiB per phase (a model input; the paper gives none).", bytes >> 20));
    }
  }

  void fig12And13(ReproductionReport.Builder r) {
    double[] iops = m.iops(3, 8192);
    Table.Builder t = Table.builder("fig12_iops").stringColumn("method").doubleColumn("iops").doubleColumn("goodputGbps");
    String[] names = {"3-unicasts", "one-copy", "gleam"};
    for (int i = 0; i < 3; i++) {
      t.row(names[i], iops[i], iops[i] * 8192 * 8 / 1e9);
    }
    r.table(t.build());
    r.plot(new PlotSpec("fig12_iops", "fig12_iops", PlotSpec.Kind.BAR, "method", "iops", null,
        "Fig. 12 8 KB replicated writes (analytic, uplink-bound)", "method", "IO/s"));
    double[] paper = {0.413e6, 1.188e6, 1.167e6};
    for (int i = 0; i < 3; i++) {
      r.compare("§5.2.2, Fig. 12", "IOPS, " + names[i], f("%.3fM", paper[i] / 1e6), f("%.3fM", iops[i] / 1e6),
          ABS_TOL, Math.abs(iops[i] / paper[i] - 1) <= 0.15,
          "client uplink at 100 Gb/s with RoCE headers; the paper's one-copy (1.188M < line rate 1.44M) shows a"
              + " host storage-stack limit that the model leaves out, hence 16-22 % more IOPS here.");
    }
    double ratio = iops[2] / iops[0];
    r.compare("§5.2.2, Fig. 12", "Gleam / 3-unicasts IOPS", f("%.2fx", 1.167 / 0.413), f("%.2fx", ratio),
        RATIO_TOL, Math.abs(ratio / (1.167 / 0.413) - 1) <= 0.15,
        "one copy on the client's link instead of three (the storage-stack limit cancels in the ratio).");
    Table.Builder lat = Table.builder("fig13_io_latency").longColumn("ioBytes").stringColumn("method").doubleColumn("latencyUs");
    double red64 = 0;
    double red512 = 0;
    for (long s = 4096; s <= 1 << 20; s *= 2) {
      double uni = m.model().jctPs(StorageReplication.unicasts(3, s)) / 1e6;
      double one = m.model().jctPs(StorageReplication.oneCopy(s)) / 1e6;
      double gl = m.model().jctPs(TestbedModel.storageSchedules(3, s)[2]) / 1e6;
      lat.row(s, "3-unicasts", uni).row(s, "one-copy", one).row(s, "gleam", gl);
      if (s == 64 * 1024) {
        red64 = 100 * (1 - gl / uni);
      }
      if (s == 512 * 1024) {
        red512 = 100 * (1 - gl / uni);
      }
    }
    r.table(lat.build());
    r.plot(new PlotSpec("fig13_io_latency", "fig13_io_latency", PlotSpec.Kind.LINE, "ioBytes", "latencyUs", "method",
        "Fig. 13 single IO latency (analytic)", "IO bytes", "latency (us)"));
    String n = "one IO alone; Gleam's MR-update WRITE precedes the data (two messages, 3 us host cost each, a model input);"
        + " the storage stack the paper credits is not modelled beyond that.";
    r.compare("§5.2.2, Fig. 13", "IO latency reduction vs 3-unicasts, 64 KB", "~40%", f("%.0f%%", red64), RED_TOL, Math.abs(red64 - 40) <= 10, n);
    r.compare("§5.2.2, Fig. 13", "IO latency reduction vs 3-unicasts, 512 KB", "~60%", f("%.0f%%", red512), RED_TOL, Math.abs(red512 - 60) <= 10, n);
  }
}
