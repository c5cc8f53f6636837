package org.fabriclab.sim.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.SimulationResult;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.junit.jupiter.api.Test;

/**
 * R2C2's broadcast delay ({@link DelayedRecomputation}) in the fluid engine: hand-computed small
 * cases on a fat-tree k=4 (all links 10 Gb/s = 0.00125 B/ps; flows from hosts 0 and 1 into host 15
 * share host 15's link, so two of them get 5 Gb/s each), and random instances against a naive
 * reference simulation of the same model written here (every flow advanced at every event, rates
 * from {@link BruteForceMaxMin}).
 */
class DelayedRecomputationTest {
  static final Topology FT4 = new FatTree(4).build();
  static final double C = 10e9 / 8e12; // bytes per ps
  static final long D = 1_000_000; // 1 µs

  static SimulationResult run(long delayPs, int[] src, int[] dst, long[] startNs, long[] size) {
    long[] id = new long[src.length];
    for (int i = 0; i < id.length; i++) {
      id[i] = i;
    }
    return new FlowLevelSimulation(FT4, new FlowTrace(id, src, dst, startNs, size), 1, 1, delayPs,
        Progress.NONE).run(Long.MAX_VALUE);
  }

  @Test
  void broadcastDelayOfShoalsTorusIsDiameterTimesPacketPlusHop() {
    long linkBps = 100_000_000_000L / 6; // 16,666,666,666 b/s
    long perHop = (long) Math.ceil(64 * 8 * 1e12 / linkBps) + 10_000; // 30,721 + 10,000 ps
    assertThat(perHop).isEqualTo(40_721);
    assertThat(DelayedRecomputation.broadcastDelayPs(12, 64, linkBps, 10_000)).isEqualTo(12 * 40_721L);
  }

  @Test
  void aLoneFlowWaitsOneDelayThenSendsAtLineRate() {
    SimulationResult r = run(D, new int[] {0}, new int[] {15}, new long[] {0}, new long[] {1_000_000});
    assertThat((double) r.flows().fctPs(0)).isCloseTo(D + 1e6 / C, offset(1.0));
  }

  /**
   * A (10 MB) at 0, B (10 MB) at 2 ms. A sends at C from 1 µs; B's arrival is applied at 2.001 ms
   * (until then A keeps C, B waits), both at C/2 after: A has 10 MB − 2 ms·C = 7.5 MB left and ends
   * at 2.001 + 7.5 MB/(C/2) = 14.001 ms. A's departure is applied at 14.002 ms: B keeps C/2 until
   * then (A's half unused), so B has 10 MB − 12 ms·C/2 − 1 µs·C/2 = 2,499,375 B left at 14.002 ms
   * and ends 2,499,375/C = 1.9995 ms later, at 16.0015 ms. Bytes are conserved: every flow ends when
   * exactly its size has been sent at the rates in force.
   */
  @Test
  void oldRatesHoldUntilTheDelayElapsesAfterAnArrivalAndADeparture() {
    SimulationResult r = run(D, new int[] {0, 1}, new int[] {15, 15}, new long[] {0, 2_000_000},
        new long[] {10_000_000, 10_000_000});
    assertThat((double) r.flows().fctPs(0)).isCloseTo(14_001_000_000.0, offset(2.0));
    assertThat((double) r.flows().fctPs(1)).isCloseTo(16_001_500_000.0 - 2_000_000_000.0, offset(2.0));
    // the same with no delay: A 2 ms alone, then 8 MB at C/2 while B sends 8 MB, then B's 2 MB alone
    SimulationResult z = run(0, new int[] {0, 1}, new int[] {15, 15}, new long[] {0, 2_000_000},
        new long[] {10_000_000, 10_000_000});
    assertThat((double) z.flows().fctPs(0)).isCloseTo(2e9 + 7.5e6 / (C / 2), offset(2.0));
    assertThat((double) z.flows().fctPs(1)).isCloseTo(7.5e6 / (C / 2) + 2.5e6 / C, offset(2.0));
  }

  /** B arrives inside A's window (0.5 µs): both are applied together at 1 µs and share from then. */
  @Test
  void arrivalsOfOneWindowAreAppliedTogether() {
    SimulationResult r = run(D, new int[] {0, 1}, new int[] {15, 15}, new long[] {0, 500},
        new long[] {1_000_000, 1_000_000});
    double end = D + 1e6 / (C / 2); // 1.601 ms
    assertThat((double) r.flows().fctPs(0)).isCloseTo(end, offset(2.0));
    assertThat((double) r.flows().fctPs(1)).isCloseTo(end - 500_000, offset(2.0));
  }

  /**
   * B arrives exactly when A's window ends (1 µs): A's recomputation comes first (A gets C), B's
   * opens the next window, applied at 2 µs. A: 1,250 B in [1, 2] µs, then 998,750 B at C/2: ends at
   * 1.6 ms. B (2 MB): 998,750 B until 1.6 ms, 625 B more until A's departure is applied at
   * 1.601 ms, then 1,000,625 B at C: ends at 1.601 ms + 0.8005 ms = 2.4015 ms.
   */
  @Test
  void anEventAtTheWindowsEndOpensTheNextWindow() {
    SimulationResult r = run(D, new int[] {0, 1}, new int[] {15, 15}, new long[] {0, 1000},
        new long[] {1_000_000, 2_000_000});
    assertThat((double) r.flows().fctPs(0)).isCloseTo(1_600_000_000.0, offset(2.0));
    assertThat((double) r.flows().fctPs(1)).isCloseTo(2_401_500_000.0 - 1_000_000.0, offset(2.0));
  }

  @Test
  void windowBookkeeping() {
    MaxMinProgressiveFilling mm = new MaxMinProgressiveFilling(new double[] {1.0}, new int[][] {{0}, {0}, {0}});
    DelayedRecomputation dr = new DelayedRecomputation(mm, 100);
    assertThat(dr.dueAt()).isEqualTo(Long.MAX_VALUE);
    dr.arrive(0, 10);
    dr.arrive(1, 50);
    assertThat(dr.dueAt()).isEqualTo(110);
    assertThat(mm.rate(0)).isZero();
    dr.flush();
    assertThat(mm.rate(0)).isEqualTo(0.5);
    assertThat(mm.rate(1)).isEqualTo(0.5);
    assertThat(mm.changedCount()).isEqualTo(2);
    assertThat(dr.dueAt()).isEqualTo(Long.MAX_VALUE);
    dr.depart(0, 200);
    dr.arrive(2, 250);
    assertThat(dr.dueAt()).isEqualTo(300);
    assertThat(mm.rate(0)).isEqualTo(0.5); // still held until the flush
    dr.flush();
    assertThat(mm.rate(0)).isZero();
    assertThat(mm.rate(1)).isEqualTo(0.5); // unchanged: 1 and 2 share the link, not reported
    assertThat(mm.rate(2)).isEqualTo(0.5);
    assertThat(mm.changedCount()).isEqualTo(1);
    assertThat(mm.changed(0)).isEqualTo(2);
    assertThat(dr.flushes()).isEqualTo(2);
    dr.arrive(0, 400);
    assertThat(dr.dueAt()).isEqualTo(500);
    // the caller must flush a due window before the next event
    assertThatThrownBy(() -> dr.depart(1, 500)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void badDelayIsRefused() {
    assertThatThrownBy(() -> new DelayedRecomputation(
        new MaxMinProgressiveFilling(new double[1], new int[0][]), -1))
        .isInstanceOf(InvalidParameterException.class).hasMessageContaining("recomputeDelayPs");
    assertThatThrownBy(() -> run(-5, new int[] {0}, new int[] {15}, new long[] {0}, new long[] {1}))
        .isInstanceOf(InvalidParameterException.class).hasMessageContaining("recomputeDelayPs");
  }

  /** Random traces on the fat-tree against the naive reference of the same model. */
  @Test
  void matchesANaiveReferenceOfTheModel() {
    SplittableRandom rnd = new SplittableRandom(3);
    EcmpTable ecmp = new EcmpTable(FT4);
    long[] delays = {1, 50_000, 1_000_000, 20_000_000};
    for (int round = 0; round < 24; round++) {
      int n = 5 + rnd.nextInt(40);
      long delay = delays[round % delays.length];
      int[] src = new int[n];
      int[] dst = new int[n];
      long[] start = new long[n];
      long[] size = new long[n];
      long t = 0;
      for (int f = 0; f < n; f++) {
        src[f] = rnd.nextInt(16);
        do {
          dst[f] = rnd.nextInt(16);
        } while (dst[f] == src[f]);
        t += rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(200_000); // ties included
        start[f] = t;
        size[f] = 1 + rnd.nextInt(3_000_000);
      }
      SimulationResult r = run(delay, src, dst, start, size);
      double[] cap = new double[FT4.linkCount()];
      for (int e = 0; e < cap.length; e++) {
        cap[e] = FT4.capacityBps(e) / 8e12;
      }
      int[][] paths = new int[n][];
      long[] startPs = new long[n];
      for (int f = 0; f < n; f++) {
        paths[f] = FlowLevelSimulation.path(FT4, ecmp, f, FT4.server(src[f]), FT4.server(dst[f]), 1);
        startPs[f] = start[f] * 1000;
      }
      long[] ref = reference(cap, paths, startPs, size, delay);
      for (int f = 0; f < n; f++) {
        // rounding: the engine brings a flow's bytes up to date only when its rate changes, the
        // reference at every event, so departures may fall 1 ps apart and shift later windows
        assertThat((double) r.flows().fctPs(f)).as("round %d flow %d delay %d", round, f, delay)
            .isCloseTo((double) (ref[f] - startPs[f]), offset(4.0));
      }
    }
  }

  /** End times (ps) of the model, simulated naively; flows in start order. */
  static long[] reference(double[] cap, int[][] paths, long[] startPs, long[] size, long delay) {
    int n = paths.length;
    double[] rem = new double[n];
    double[] rate = new double[n];
    boolean[] inView = new boolean[n]; // in the last recomputation's view
    boolean[] want = new boolean[n]; // arrived and not ended
    long[] end = new long[n];
    long[] ct = new long[n];
    java.util.Arrays.fill(end, -1);
    long due = Long.MAX_VALUE;
    long now = 0;
    int next = 0;
    int ended = 0;
    while (ended < n) {
      long arrival = next < n ? startPs[next] : Long.MAX_VALUE;
      long departure = Long.MAX_VALUE;
      for (int f = 0; f < n; f++) {
        ct[f] = Long.MAX_VALUE;
        if (want[f] && rate[f] > 0) {
          ct[f] = now + (rem[f] <= 1e-6 ? 0 : (long) Math.ceil(rem[f] / rate[f]));
          departure = Math.min(departure, ct[f]);
        }
      }
      long t = Math.min(due, Math.min(arrival, departure));
      for (int f = 0; f < n; f++) {
        if (want[f]) {
          rem[f] -= rate[f] * (t - now);
        }
      }
      now = t;
      if (due == t) {
        boolean[] on = new boolean[n];
        for (int f = 0; f < n; f++) {
          inView[f] = want[f];
          on[f] = want[f];
        }
        rate = BruteForceMaxMin.rates(cap, paths, on);
        due = Long.MAX_VALUE;
      } else if (departure == t) {
        for (int f = 0; f < n; f++) {
          if (want[f] && ct[f] == t) {
            want[f] = false;
            end[f] = t;
            ended++;
            if (due == Long.MAX_VALUE) {
              due = t + delay;
            }
          }
        }
        // an ended flow keeps its rate in the view until the recomputation, but sends nothing more
      } else {
        want[next] = true;
        rem[next] = size[next];
        next++;
        if (due == Long.MAX_VALUE) {
          due = t + delay;
        }
      }
      for (int f = 0; f < n; f++) {
        if (!want[f] && end[f] >= 0) {
          rem[f] = 0;
        }
      }
    }
    return end;
  }
}
