package org.fabriclab.gleam;

import org.fabriclab.gleam.baseline.HplSchedules;
import org.fabriclab.gleam.baseline.HplSchedules.Distribution;
import org.fabriclab.gleam.baseline.MpiBcast;
import org.fabriclab.gleam.baseline.StarJctModel;
import org.fabriclab.gleam.baseline.StorageReplication;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.units.Time;

/**
 * First, analytic comparisons on the paper's testbed (seed 002 §4, Fig. 8: one switch, 4 servers,
 * 100 Gb/s): Fig. 9 (1→3 MPI_Bcast), Fig. 11 (HPL panel broadcast and row swap, communication
 * only) and Fig. 12 (8 KB replicated writes, IOPS). Every number comes from {@link StarJctModel}
 * with the parameters below, which are model inputs chosen a priori, not fitted to the paper:
 * 100 Gb/s links, 10 ns propagation (2 m of fibre), 600 ns switch latency, a host software cost of
 * {@code messageOverheadUs} per message (default 3 µs), RoCE path MTU 1024 B (1500 B Ethernet MTU,
 * as the paper's envelope sizing assumes). These are NOT the packet-level experiments (those
 * run on the packet engine, {@link PacketTestbedExperiments}): no loss, no DCQCN, no per-packet ACKs, no host
 * stack beyond the fixed per-message cost.
 */
public final class TestbedModel {
  public static final int RANKS = 4;
  private final StarJctModel model;

  public TestbedModel(double linkGbps, double messageOverheadUs) {
    if (!(linkGbps > 0) || !(messageOverheadUs >= 0) || !Double.isFinite(linkGbps) || !Double.isFinite(messageOverheadUs)) {
      throw new IllegalArgumentException("linkGbps > 0 and messageOverheadUs >= 0");
    }
    model = new StarJctModel(Math.round(linkGbps * 1e9), Time.ns(10), Time.ns(600),
        Math.round(messageOverheadUs * Time.PS_PER_US), 1024);
  }

  /** The paper's testbed defaults: 100 Gb/s, 3 µs per message. */
  public static TestbedModel paperTestbed() {
    return new TestbedModel(100, 3);
  }

  public StarJctModel model() {
    return model;
  }

  /** One Fig. 9 point: Open MPI's algorithm and both JCTs in µs. */
  public record BcastPoint(long bytes, String openMpiAlgorithm, double openMpiUs, double gleamUs) {
    public double ratio() {
      return openMpiUs / gleamUs;
    }
  }

  /** Fig. 9: 1→(ranks−1) broadcast of {@code bytes}. */
  public BcastPoint bcast(int ranks, long bytes) {
    CollectiveSchedule ompi = MpiBcast.openMpi(ranks, 0, bytes);
    return new BcastPoint(bytes, ompi.name(), us(model.jctPs(ompi)),
        us(model.jctPs(MpiBcast.gleam(ranks, 0, bytes))));
  }

  /** One Fig. 11 bar pair: HPL's algorithm and Gleam, JCT in µs. */
  public record HplPoint(String phase, double hplUs, double gleamUs) {
    public double reduction() {
      return 1 - gleamUs / hplUs;
    }
  }

  /** Fig. 11: panel broadcast (increasing ring) and row swap (long) over {@code ranks} ranks. */
  public HplPoint[] hpl(int ranks, long panelBytes, long rowSwapBytes) {
    return new HplPoint[] {
      new HplPoint("PB", us(model.jctPs(HplSchedules.increasingRing(ranks, 0, panelBytes))),
          us(model.jctPs(HplSchedules.gleamPanel(ranks, 0, panelBytes)))),
      rs(ranks, rowSwapBytes, Distribution.UNIFORM, "RS uniform"),
      rs(ranks, rowSwapBytes, Distribution.CENTRALISED, "RS centralised")
    };
  }

  private HplPoint rs(int ranks, long bytes, Distribution d, String name) {
    return new HplPoint(name, us(model.jctPs(HplSchedules.longRowSwap(ranks, 0, bytes, d))),
        us(model.jctPs(HplSchedules.gleamRowSwap(ranks, 0, bytes, d))));
  }

  /**
   * Fig. 12: IOPS of a client that keeps writing {@code ioBytes} IOs to {@code replicas} servers,
   * limited by its uplink (the bottleneck the paper names): 1 / (per-IO wire time) with IOs
   * back to back (enough outstanding IOs to hide latency).
   *
   * @return {unicasts, one-copy, Gleam} in IO/s
   */
  public double[] iops(int replicas, long ioBytes) {
    double bps = model.linkBps();
    long mr = WriteMrUpdate.updateWireBytes(replicas, model.mtuBytes());
    double uni = bps / (8.0 * model.wireBytes(ioBytes) * replicas);
    double one = bps / (8.0 * model.wireBytes(ioBytes));
    double gleam = bps / (8.0 * (model.wireBytes(ioBytes) + mr));
    return new double[] {uni, one, gleam};
  }

  /** Schedules behind {@link #iops}, for byte counts. */
  public static CollectiveSchedule[] storageSchedules(int replicas, long ioBytes) {
    return new CollectiveSchedule[] {
      StorageReplication.unicasts(replicas, ioBytes), StorageReplication.oneCopy(ioBytes),
      StorageReplication.gleam(replicas, ioBytes, WriteMrUpdate.updateWireBytes(replicas, 1024))
    };
  }

  private static double us(long ps) {
    return ps / (double) Time.PS_PER_US;
  }
}
