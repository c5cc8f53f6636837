package org.fabriclab.gleam;

import java.util.List;
import java.util.Locale;
import org.fabriclab.experiment.PlotSpec;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.table.Table;

/**
 * Seed 002 §5.1, Fig. 9 at packet level ({@link PacketBcast}): 1→3 on the 4-server testbed at
 * 100 Gb/s, Gleam (one RC QP to the group, the Gleam switch element) against multiple unicasts
 * (three RC QPs from the root: what Open MPI 4.1's linear and unsegmented chain algorithms put on
 * the root's link for 4 ranks), both on the engine's unmodified RoCEv2 RC, no loss. No host
 * software cost and no FPGA detour: the switch forwards at line rate. Agreement: a ratio within 15 %
 * of the paper's.
 */
final class PacketTestbedExperiments {
  private static final int[] RECEIVERS = {1, 2, 3};

  private static String f(String fmt, Object... a) {
    return String.format(Locale.ROOT, fmt, a);
  }

  /** Sizes 64 KiB ×16 up to 64 MiB ({@code quick}: up to 1 MiB) or ×4 up to 1 GiB. */
  void fig9(ReproductionReport.Builder r, boolean quick) {
    Table.Builder t = Table.builder("fig9_bcast_packet").longColumn("sizeBytes").stringColumn("method")
        .doubleColumn("jctUs").longColumn("sourceTxBytes").stringColumn("engine");
    long max = quick ? 1L << 20 : 1L << 30;
    long step = quick ? 16 : 4;
    double firstRatio = 0;
    double lastRatio = 0;
    long lastSize = 0;
    for (long s = 64 * 1024; s <= max; s *= step) {
      PacketBcast.Result g = PacketBcast.run("gleam", 4, 0, RECEIVERS, s, 100, 0, List.of(), 1);
      PacketBcast.Result u = PacketBcast.run("unicast", 4, 0, RECEIVERS, s, 100, 0, List.of(), 1);
      t.row(s, "gleam", g.jctUs(), g.sourceTxBytes(), "packet");
      t.row(s, "unicast", u.jctUs(), u.sourceTxBytes(), "packet");
      double ratio = u.jctUs() / g.jctUs();
      if (s == 64 * 1024) {
        firstRatio = ratio;
      }
      lastRatio = ratio;
      lastSize = s;
    }
    r.table(t.build());
    r.plot(new PlotSpec("fig9_bcast_jct_packet", "fig9_bcast_packet", PlotSpec.Kind.LINE, "sizeBytes", "jctUs",
        "method", "Fig. 9 1->3 broadcast JCT (engine: packet)", "message bytes", "JCT (us)"));
    String why = "engine: packet. 3 unicast QPs share the root's 100 Gb/s link, Gleam's one QP is copied by the"
        + " switch, so the bandwidth-bound ratio is 3; the engine has no host software cost, no FPGA detour and"
        + " no switching delay, the paper's prototype has all three (its fixed costs lower the ratio at 64 KB and"
        + " its ~69 Gb/s Gleam forwarding lowers it at 1 GB, see the analytic rows). Tolerance: within 15 % of"
        + " the paper's ratio";
    r.compare("§5.1, Fig. 9", "Gleam/unicast JCT ratio, 64 KB (engine: packet)", "1.6x", f("%.2fx", firstRatio),
        Math.abs(firstRatio / 1.6 - 1) <= 0.15, why);
    boolean gig = lastSize == 1L << 30;
    r.compare("§5.1, Fig. 9", "Gleam/unicast JCT ratio, " + (gig ? "1 GB" : (lastSize >> 20) + " MiB (quick)")
        + " (engine: packet)", gig ? "~2x" : "~2x (at 1 GB)", f("%.2fx", lastRatio),
        gig && Math.abs(lastRatio / 2 - 1) <= 0.15, why + (gig ? "" : "; quick run: not the paper's size, never"
            + " counted as agreement"));
  }
}
