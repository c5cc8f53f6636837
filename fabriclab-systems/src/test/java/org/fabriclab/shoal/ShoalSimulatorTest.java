package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Seed 003 §6.2 (Fig. 10) and the invariants of §3.3. */
class ShoalSimulatorTest {

  @Test
  void prototypeIncastFig10() {
    ShoalConfig cfg = ShoalConfig.prototype();
    ShoalFlows fl = ShoalWorkloads.incast(8, 7, 0, 448, null);
    ShoalSimulator sim = new ShoalSimulator(cfg, fl, null, null);
    sim.run(Integer.MAX_VALUE, 1_000_000);
    long max = 0;
    long min = Long.MAX_VALUE;
    for (int f = 0; f < fl.size(); f++) {
      assertThat(fl.endPs(f)).isPositive();
      max = Math.max(max, fl.fctPs(f));
      min = Math.min(min, fl.fctPs(f));
    }
    // closed form of §6.2: 7 epochs of queuing (7 × 7 slots × 76.8 ns = 3.76 us) + 2 × 1.57 us
    double closedFormNs = 7 * 7 * 76.8 + 2 * 1570;
    assertThat(closedFormNs).isCloseTo(6903.2, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(max / 1000.0).isCloseTo(closedFormNs, org.assertj.core.data.Offset.offset(76.8));
    assertThat(min).isLessThan(max);
    // Eq. 5: the queue to the destination at each intermediate node holds at most 1 + 7 cells
    assertThat(sim.maxQueueCells()).isLessThanOrEqualTo(8);
  }
}
