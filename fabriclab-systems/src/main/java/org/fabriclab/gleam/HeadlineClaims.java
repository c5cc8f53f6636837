package org.fabriclab.gleam;

import java.util.Locale;
import org.fabriclab.experiment.Comparison;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.gleam.baseline.StorageReplication;

/**
 * Seed 002's headline claims (§5, the list opening the evaluation) as rows, each computed from the
 * analytic testbed runs the way the paper derives it from its figures, and Table 2 as a result no
 * simulation can give.
 *
 * <ul>
 *   <li>"accelerates MPI_Bcast by up to 2.2× compared with OpenMPI": the largest Open MPI / Gleam
 *       JCT ratio over Fig. 9's sizes (64 KiB … 1 GiB).
 *   <li>"speeds up the HPL communication by up to 2.9×": the largest HPL / Gleam JCT ratio over
 *       Fig. 11's three phases (communication only, the testbed). Decision: when that largest ratio
 *       is PB's (an increasing ring of 4 ranks is 3 whole-panel copies against one multicast, 3× by
 *       construction), the row is a design check, as Fig. 11's PB row is.
 *   <li>"improves the IOPS throughput of storage data replication by 2.7×": Gleam / 3-unicasts IOPS
 *       of Fig. 12 (8 KB IOs). The paper's own Fig. 12 numbers give 2.83×; the row grades the
 *       headline's 2.7×.
 *   <li>"reduces the single IO latency by up to 65%": the largest 1 − Gleam / 3-unicasts latency over
 *       Fig. 13's IO sizes (ours 4 KiB … 1 MiB; the paper does not print its axis range).
 * </ul>
 *
 * Cost: Fig. 9's 15 sizes, Fig. 11's 3 phases and Fig. 13's 9 sizes in the analytic model, each
 * O(1) transfers.
 */
final class HeadlineClaims {
  private final TestbedModel m = TestbedModel.paperTestbed();

  private static String f(String fmt, Object... a) {
    return String.format(Locale.ROOT, fmt, a);
  }

  /** A power-of-two size as the figures label it: KiB below 1 MiB, MiB below 1 GiB, else GiB. */
  static String size(long bytes) {
    return bytes >= 1L << 30 ? (bytes >> 30) + " GiB" : bytes >= 1L << 20 ? (bytes >> 20) + " MiB" : (bytes >> 10) + " KiB";
  }

  void rows(ReproductionReport.Builder r, long hplBytes) {
    String where = "§5";
    double best = 0;
    long at = 0;
    for (long s = 64 * 1024; s <= 1L << 30; s *= 2) {
      double ratio = m.bcast(TestbedModel.RANKS, s).ratio();
      if (ratio > best) {
        best = ratio;
        at = s;
      }
    }
    r.compare(where, "MPI_Bcast speed-up over Open MPI, largest over Fig. 9's sizes", "up to 2.2x",
        f("%.2fx (at %s)", best, size(at)), TestbedExperiments.RATIO_TOL, Math.abs(best / 2.2 - 1) <= 0.15,
        "the Fig. 9 rows explain the gap: the model's Open MPI sends 3 copies from the root and its Gleam"
            + " forwards at line rate");
    TestbedModel.HplPoint[] h = m.hpl(TestbedModel.RANKS, hplBytes, hplBytes);
    TestbedModel.HplPoint top = h[0];
    for (TestbedModel.HplPoint p : h) {
      if (p.hplUs() / p.gleamUs() > top.hplUs() / top.gleamUs()) {
        top = p;
      }
    }
    double hpl = top.hplUs() / top.gleamUs();
    boolean pb = top.phase().equals("PB");
    r.compareAs(pb ? Comparison.Kind.DESIGN_CHECK : Comparison.Kind.MEASURED, where,
        "HPL communication speed-up, largest over Fig. 11's phases", "up to 2.9x",
        f("%.2fx (%s)", hpl, top.phase()), TestbedExperiments.RATIO_TOL, Math.abs(hpl / 2.9 - 1) <= 0.15,
        (pb ? "DESIGN CHECK, not counted: the largest is PB, 3 sequential copies vs 1 multicast, 3x by"
            + " construction. " : "") + f("message %d MiB per phase (a model input).", hplBytes >> 20));
    double[] iops = m.iops(3, 8192);
    double ratio = iops[2] / iops[0];
    r.compare(where, "storage replication IOPS, Gleam / 3-unicasts (8 KB)", "2.7x", f("%.2fx", ratio),
        TestbedExperiments.RATIO_TOL, Math.abs(ratio / 2.7 - 1) <= 0.15,
        "the paper's own Fig. 12 gives 1.167M / 0.413M = 2.83x; one copy on the client's link instead of three");
    double red = 0;
    long redAt = 0;
    for (long s = 4096; s <= 1 << 20; s *= 2) {
      double uni = m.model().jctPs(StorageReplication.unicasts(3, s));
      double gl = m.model().jctPs(TestbedModel.storageSchedules(3, s)[2]);
      if (1 - gl / uni > red) {
        red = 1 - gl / uni;
        redAt = s;
      }
    }
    r.compare(where, "single IO latency reduction vs 3-unicasts, largest over Fig. 13's sizes", "up to 65%",
        f("%.0f%% (at %s)", 100 * red, size(redAt)), TestbedExperiments.RED_TOL, Math.abs(100 * red - 65) <= 10,
        "IO sizes 4 KiB … 1 MiB; one IO alone, Gleam's MR-update WRITE before the data (3 us host cost per"
            + " message, a model input)");
    r.notReproducible("§4, Table 2", "FPGA resources of the in-fabric logic (LUT / register / BRAM)",
        "53169 / 15391 / 188", "the prototype's hardware synthesis: no simulator gives it");
  }
}
