package org.fabriclab.gleam;

import java.util.List;
import java.util.Locale;
import org.fabriclab.experiment.Comparison;
import org.fabriclab.experiment.PlotSpec;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.table.Table;

/**
 * Seed 002 §5.1, Fig. 9 at packet level ({@link PacketBcast}): 1→3 on the 4-server testbed at
 * 100 Gb/s, Gleam (one RC QP to the group, the Gleam switch element) against multiple unicasts
 * (three RC QPs from the root: what Open MPI 4.1's linear and unsegmented chain algorithms put on
 * the root's link for 4 ranks), both on the engine's unmodified RoCEv2 RC, no loss; Gleam's table
 * is built by envelope packets before the data (registration time not in the JCT). No host
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
      PacketBcast.Result g = gleamByEnvelopePackets(s);
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
        + " its ~69 Gb/s Gleam forwarding lowers it at 1 GB, see the analytic rows)";
    r.compare("§5.1, Fig. 9", "Gleam/unicast JCT ratio, 64 KB (engine: packet)", "1.6x", f("%.2fx", firstRatio),
        TestbedExperiments.RATIO_TOL, Math.abs(firstRatio / 1.6 - 1) <= 0.15, why);
    boolean gig = lastSize == 1L << 30;
    r.compare("§5.1, Fig. 9", "Gleam/unicast JCT ratio, " + (gig ? "1 GB" : (lastSize >> 20) + " MiB (quick)")
        + " (engine: packet)", gig ? "~2x" : "~2x (at 1 GB)", f("%.2fx", lastRatio),
        TestbedExperiments.RATIO_TOL, gig && Math.abs(lastRatio / 2 - 1) <= 0.15, why + (gig ? "" : "; quick run: not the paper's size, never"
            + " counted as agreement"));
  }

  /**
   * Gleam's 1→3 broadcast of {@code bytes} on the testbed with its table built by envelope packets
   * (Appendix A, {@link EnvelopePackets}) before the data, in the same network; the JCT and the
   * source's bytes count from the data's first packet, registration excluded (the table equals the
   * computed registration's, so the JCT equals that run's).
   */
  static PacketBcast.Result gleamByEnvelopePackets(long bytes) {
    return PacketBcast.run("gleam", PacketBcast.testbed(4, 100), 0, RECEIVERS, bytes, 0, List.of(), 1,
        new PacketBcast.Options(null, null, true));
  }

  /** Client storage-stack time per copy: 1 / the paper's one-copy IOPS (a MODEL INPUT, see {@link PacketStorageReplication}). */
  static final double STACK_NS = 1e9 / 1.188e6;
  /** IOs in flight in the IOPS runs (a model input; the paper gives none). */
  static final int QUEUE_DEPTH = 16;

  /** Fig. 12/13 on the packet engine ({@link PacketStorageReplication}). */
  void fig12And13(ReproductionReport.Builder r, boolean quick) {
    PacketStorageReplication s = new PacketStorageReplication(STACK_NS, QUEUE_DEPTH);
    int ios = quick ? 600 : 3000;
    Table.Builder t = Table.builder("fig12_iops_packet").stringColumn("method").doubleColumn("iops")
        .doubleColumn("goodputGbps").longColumn("clientTxBytes").stringColumn("engine");
    double[] iops = new double[3];
    double[] gbps = new double[3];
    for (int i = 0; i < 3; i++) {
      PacketStorageReplication.Result x = s.run(PacketStorageReplication.METHODS.get(i), 8192, ios, ios / 10);
      iops[i] = x.iops();
      gbps[i] = x.goodputGbps();
      t.row(x.method(), x.iops(), x.goodputGbps(), x.clientTxBytes(), "packet");
    }
    r.table(t.build());
    r.plot(new PlotSpec("fig12_iops_packet", "fig12_iops_packet", PlotSpec.Kind.BAR, "method", "iops", null,
        "Fig. 12 8 KB replicated writes (engine: packet)", "method", "IO/s"));
    String base = f("engine: packet. Client storage stack %.2f ns per copy, serial on one core (a MODEL INPUT:"
        + " 1 / the paper's one-copy IOPS), 100 Gb/s testbed, RoCE 1024 + 64 B, Gleam's MR update (16 B per"
        + " receiver) before each WRITE", STACK_NS);
    String model = base + f(", %d IOs of 8 KB in flight. ", QUEUE_DEPTH);
    r.modelInput("§5.2.2, Fig. 12", "IOPS, one-copy (engine: packet)", "1.188M", f("%.3fM", iops[1] / 1e6),
        "MODEL INPUT, not an agreement: " + model + "The stack cost is derived from this value.");
    double[] paper = {0.413e6, 1.188e6, 1.167e6};
    String[] why = {
      "3 stack passes per IO: stack-bound at 1 / (3 x 841.75 ns) = 0.396M, below the client link's 0.479M. ",
      "",
      "one stack pass per IO: stack-bound like one-copy (the link would allow 1.418M with the update). "
    };
    for (int i : new int[] {0, 2}) {
      r.compareAs(Comparison.Kind.DERIVED_FROM_INPUT, "§5.2.2, Fig. 12", "IOPS, " + PacketStorageReplication.METHODS.get(i) + " (engine: packet)",
          f("%.3fM", paper[i] / 1e6), f("%.3fM", iops[i] / 1e6), TestbedExperiments.ABS_TOL,
          Math.abs(iops[i] / paper[i] - 1) <= 0.15, ("DERIVED FROM AN INPUT, not counted: " + model + why[i]).strip());
    }
    double ratio = iops[2] / iops[0];
    r.compareAs(Comparison.Kind.DERIVED_FROM_INPUT, "§5.2.2, Fig. 12", "Gleam / 3-unicasts IOPS (engine: packet)", f("%.2fx", 1.167 / 0.413), f("%.2fx", ratio),
        TestbedExperiments.RATIO_TOL, Math.abs(ratio / (1.167 / 0.413) - 1) <= 0.15,
        "DERIVED FROM AN INPUT, not counted: " + model + "Stack passes per IO 3 vs 1.");
    r.compareAs(Comparison.Kind.DERIVED_FROM_INPUT, "§5.2.2, Fig. 12", "goodput Gleam / 3-unicasts, Gb/s (engine: packet)", "76.5 / 26.24",
        f("%.1f / %.2f", gbps[2], gbps[0]), "within 15 % of each paper value",
        Math.abs(gbps[2] / 76.5 - 1) <= 0.15 && Math.abs(gbps[0] / 26.24 - 1) <= 0.15, "DERIVED FROM AN INPUT, not counted: " + model + "IO payload bytes x 8 x IOPS.");
    PacketStorageReplication one = new PacketStorageReplication(STACK_NS, 1);
    Table.Builder lat = Table.builder("fig13_io_latency_packet").longColumn("ioBytes").stringColumn("method")
        .doubleColumn("latencyUs").stringColumn("engine");
    double red64 = 0;
    double red512 = 0;
    long[] sizes = quick ? new long[] {64 << 10, 512 << 10} : new long[] {4 << 10, 8 << 10, 16 << 10, 32 << 10,
        64 << 10, 128 << 10, 256 << 10, 512 << 10, 1 << 20};
    for (long b : sizes) {
      double[] us = new double[3];
      for (int i = 0; i < 3; i++) {
        us[i] = one.run(PacketStorageReplication.METHODS.get(i), b, 4, 1).meanLatencyUs();
        lat.row(b, PacketStorageReplication.METHODS.get(i), us[i], "packet");
      }
      if (b == 64 << 10) {
        red64 = 100 * (1 - us[2] / us[0]);
      }
      if (b == 512 << 10) {
        red512 = 100 * (1 - us[2] / us[0]);
      }
    }
    r.table(lat.build());
    r.plot(new PlotSpec("fig13_io_latency_packet", "fig13_io_latency_packet", PlotSpec.Kind.LINE, "ioBytes",
        "latencyUs", "method", "Fig. 13 single IO latency (engine: packet)", "IO bytes", "latency (us)"));
    String n = base + ". One IO at a time (submit to CQE). Bandwidth-bound at large IOs, Gleam's reduction tends to"
        + " 1 - 1/3 = 67 %. The paper's 40 % at 64 KB implies about 10 us of per-IO latency common to all methods"
        + " (server-side and completion software, not modelled); with it the 512 KB reduction would be ~62 %.";
    r.compare("§5.2.2, Fig. 13", "IO latency reduction vs 3-unicasts, 64 KB (engine: packet)", "~40%",
        f("%.0f%%", red64), TestbedExperiments.RED_TOL, Math.abs(red64 - 40) <= 10, n);
    r.compare("§5.2.2, Fig. 13", "IO latency reduction vs 3-unicasts, 512 KB (engine: packet)", "~60%",
        f("%.0f%%", red512), TestbedExperiments.RED_TOL, Math.abs(red512 - 60) <= 10, n);
  }

  /** §3.5 CNP filtering on the packet engine ({@link CnpPacketExperiment}). */
  void cnpFiltering(ReproductionReport.Builder r, boolean quick) {
    long bytes = quick ? 4L << 20 : 64L << 20;
    long ecn = 64_000;
    Table.Builder t = Table.builder("cnp_filter_packet").stringColumn("receiverGbps").stringColumn("filter")
        .longColumn("cnpsGenerated").longColumn("sourceCnps").doubleColumn("jctUs")
        .doubleColumn("slowestSecondHalfGbps").stringColumn("engine");
    double[][] cases = {{100, 100, 25}, {25, 25, 25}, {100, 50, 25}};
    CnpPacketExperiment.Result alike = null;
    CnpPacketExperiment.Result alikeOff = null;
    CnpPacketExperiment.Result one = null;
    for (double[] c : cases) {
      for (boolean on : new boolean[] {true, false}) {
        CnpPacketExperiment.Result x = CnpPacketExperiment.run(100, c, bytes, ecn, on, 1, null);
        t.row(java.util.Arrays.toString(c), on ? "on" : "off", x.cnpsGenerated(), x.sourceCnps(), x.jctPs() / 1e6,
            x.secondHalfGbps(2), "packet");
        if (c[0] == 25 && on) {
          alike = x;
        } else if (c[0] == 25) {
          alikeOff = x;
        } else if (c[1] == 100 && on) {
          one = x;
        }
      }
    }
    r.table(t.build());
    // the rate needs DCQCN's recovery time: always 64 MiB for it, whatever the table's size
    one = bytes >= 64L << 20 ? one : CnpPacketExperiment.run(100, cases[0], 64L << 20, ecn, true, 1, null);
    String model = f("engine: packet. Testbed switch, source 100 Gb/s, step ECN at %d B on every port (a model"
        + " input), receivers' CNPs at most one per QP per 50 us, the source's unmodified DCQCN (engine defaults,"
        + " alpha starting at 1), CNP counters aging every 50 us, %d MiB. ", ecn, bytes >> 20);
    r.compareAs(Comparison.Kind.DESIGN_CHECK, "§3.5", "CNPs reaching the source, 3 receiver links congested alike (25 Gb/s)",
        "the most congested link's only", f("%d of %d generated (%d per link); unfiltered %d of %d", alike.sourceCnps(),
            alike.cnpsGenerated(), alike.cnpsGenerated() / 3, alikeOff.sourceCnps(), alikeOff.cnpsGenerated()),
        "exactly one link's CNPs", alike.sourceCnps() * 3 == alike.cnpsGenerated(),
        "DESIGN CHECK, not counted (the paper gives no number): " + model + "By symmetry every link echoes the same marks; the filter's leader rule passes one stream. Without"
            + f(" the filter the source's DCQCN gets every CNP and the JCT grows from %.1f to %.1f us.",
                alike.jctPs() / 1e6, alikeOff.jctPs() / 1e6));
    double share = 25.0 * 1024 / 1088;
    r.compareAs(Comparison.Kind.DESIGN_CHECK, "§3.5", "rate at the 25 Gb/s bottleneck, second half (payload Gb/s)",
        f("the bottleneck's %.2f", share), f("%.2f", one.secondHalfGbps(2)),
        "at least 90 % of the bottleneck's payload rate",
        one.secondHalfGbps(2) >= 0.9 * share, "DESIGN CHECK, not counted (the paper gives no number; the bound is the tree's bottleneck share): " + model + "Receivers 100, 100, 25 Gb/s, 64 MiB: the tree's bottleneck"
            + " share is the slow link's; DCQCN's first cuts (alpha = 1) undershoot and recover over milliseconds, so"
            + " a short message stays below it (4 MiB: see the table's slowestSecondHalfGbps).");
  }

  /** Host software time per message at packet level: the analytic model's 3 us (a model input). */
  static final double HOST_NS = 3000;

  /** Fig. 11 (communication only) on the packet engine ({@link PacketSchedule}), 4 ranks, {@code bytes} per phase. */
  void fig11(ReproductionReport.Builder r, long bytes) {
    Table.Builder t = Table.builder("fig11_hpl_comm_packet").stringColumn("phase").stringColumn("method")
        .doubleColumn("jctUs").stringColumn("engine");
    String[] phase = {"PB", "RS uniform", "RS centralised"};
    org.fabriclab.sim.collective.CollectiveSchedule[][] s = {
      {org.fabriclab.gleam.baseline.HplSchedules.increasingRing(4, 0, bytes),
        org.fabriclab.gleam.baseline.HplSchedules.gleamPanel(4, 0, bytes)},
      {org.fabriclab.gleam.baseline.HplSchedules.longRowSwap(4, 0, bytes,
          org.fabriclab.gleam.baseline.HplSchedules.Distribution.UNIFORM),
        org.fabriclab.gleam.baseline.HplSchedules.gleamRowSwap(4, 0, bytes,
            org.fabriclab.gleam.baseline.HplSchedules.Distribution.UNIFORM)},
      {org.fabriclab.gleam.baseline.HplSchedules.longRowSwap(4, 0, bytes,
          org.fabriclab.gleam.baseline.HplSchedules.Distribution.CENTRALISED),
        org.fabriclab.gleam.baseline.HplSchedules.gleamRowSwap(4, 0, bytes,
            org.fabriclab.gleam.baseline.HplSchedules.Distribution.CENTRALISED)}};
    double[] paper = {67, 18, 46};
    String[] notes = {
      "increasing ring: 3 whole-panel transfers in sequence vs 1 multicast",
      "long: the roll moves 3 shares of M/4 into every rank, as 4 concurrent Gleam multicasts of M/4 (one group"
          + " per holder) do; only the roll's 3 steps of per-message cost and stragglers separate them. HPL's packing,"
          + " local copies and the spread's tree synchronisation are not modelled",
      "long: spread 3M/4 from the root, then the roll, vs one multicast of M; HPL's tree spread and its"
          + " synchronisation are not modelled"
    };
    for (int i = 0; i < 3; i++) {
      double hpl = PacketSchedule.jctPs(s[i][0], 100, HOST_NS) / 1e6;
      double gl = PacketSchedule.jctPs(s[i][1], 100, HOST_NS) / 1e6;
      t.row(phase[i], "hpl", hpl, "packet").row(phase[i], "gleam", gl, "packet");
      double red = 100 * (1 - gl / hpl);
      r.compareAs(i == 0 ? Comparison.Kind.DESIGN_CHECK : Comparison.Kind.MEASURED, "§5.2.1, Fig. 11",
          "JCT reduction, " + phase[i] + " (engine: packet)", f("%.0f%%", paper[i]),
          f("%.0f%%", red), TestbedExperiments.RED_TOL, Math.abs(red - paper[i]) <= 10,
          (i == 0 ? TestbedExperiments.PB_STRUCTURAL : "") + "engine: packet. " + notes[i] + f("; 4 ranks on the 100 Gb/s testbed, %d MiB per phase and %.0f us host"
              + " software per message (model inputs; the paper gives neither), the unmodified RoCEv2 RC, no loss.", bytes >> 20, HOST_NS / 1e3));
    }
    r.table(t.build());
    r.plot(new PlotSpec("fig11_hpl_comm_packet", "fig11_hpl_comm_packet", PlotSpec.Kind.BAR, "phase", "jctUs",
        "method", "Fig. 11 HPL communication JCT (engine: packet)", "phase", "JCT (us)"));
  }
}
