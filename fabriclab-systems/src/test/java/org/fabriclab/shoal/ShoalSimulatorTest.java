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
    System.out.println("fig10 max " + max / 1e6 + " us min " + min / 1e6 + " maxQ " + sim.maxQueueCells());
  }
}
