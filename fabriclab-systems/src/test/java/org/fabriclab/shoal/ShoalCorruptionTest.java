package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.rng.RandomStreams;
import org.junit.jupiter.api.Test;

/** Appendix D: corrupted cells are discarded by the receiver and resent by the sender. */
class ShoalCorruptionTest {

  @Test
  void everyByteArrivesOnceDespiteCorruption() {
    int n = 32;
    ShoalConfig cfg = new ShoalConfig(n, 8, 2, 100, 23.25, 2.75, 64, 23.25, false, true, true, true);
    ShoalFlows fl = ShoalWorkloads.poisson(n, null, 0.7, 300, 100_000, 1.05, 100, false,
        new RandomStreams(3).stream("poisson"));
    double rate = 0.02;
    ShoalSimulator sim = new ShoalSimulator(cfg, fl, (boolean[]) null, null).corruptCells(rate, 9).measureReordering();
    sim.run(Integer.MAX_VALUE, 50_000_000);
    assertThat(sim.completed()).isEqualTo(fl.size());
    long[] want = new long[n];
    for (int f = 0; f < fl.size(); f++) {
      want[fl.dst(f)] += fl.bytes(f);
      assertThat(fl.deliveredCells(f)).isEqualTo(fl.cells(f));
    }
    // conservation: a lost or duplicated cell would change a destination's byte count
    assertThat(sim.deliveredBytesTo()).containsExactly(want);
    // each transmission is corrupted independently with probability rate: binomial, within 5 sigma
    long sent = sim.workCounters()[0];
    double mean = rate * sent;
    double sigma = Math.sqrt(sent * rate * (1 - rate));
    assertThat((double) sim.corruptedCells()).isBetween(mean - 5 * sigma, mean + 5 * sigma);
  }

  @Test
  void corruptionDelaysTheIncast() {
    int n = 32;
    ShoalConfig cfg = new ShoalConfig(n, 8, 1, 100, 23.25, 2.75, 64, 0, false, true, true, true);
    ShoalFlows a = ShoalWorkloads.incast(n, 8, 0, 20_000, null);
    ShoalFlows b = ShoalWorkloads.incast(n, 8, 0, 20_000, null);
    new ShoalSimulator(cfg, a, (boolean[]) null, null).run(Integer.MAX_VALUE, 10_000_000);
    ShoalSimulator sim = new ShoalSimulator(cfg, b, (boolean[]) null, null).corruptCells(0.05, 4);
    sim.run(Integer.MAX_VALUE, 10_000_000);
    assertThat(sim.corruptedCells()).isPositive();
    long slowest = 0;
    long slowestCorrupt = 0;
    for (int f = 0; f < a.size(); f++) {
      slowest = Math.max(slowest, a.fctPs(f));
      slowestCorrupt = Math.max(slowestCorrupt, b.fctPs(f));
    }
    // a resent cell waits at least until the sender's next slot to the same node: one epoch
    assertThat(slowestCorrupt).isGreaterThan(slowest);
  }

  @Test
  void badRateIsRefused() {
    ShoalConfig cfg = new ShoalConfig(32, 8, 1, 100, 23.25, 2.75, 64, 0, false, true, true, true);
    ShoalFlows a = ShoalWorkloads.incast(32, 2, 0, 100, null);
    org.assertj.core.api.Assertions.assertThatThrownBy(
        () -> new ShoalSimulator(cfg, a, (boolean[]) null, null).corruptCells(1.0, 1))
        .hasMessageContaining("--corruption-rate");
  }
}
