package org.fabriclab.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import org.junit.jupiter.api.Test;

/** §II-B and §VI-A(b)(c): port counts and the per-ToR cost (seed 000). */
class PowerCostModelTest {
  final PowerCostModel m = new PowerCostModel(ComponentCatalog.tableI());

  @Test
  void eightToRsNeed16And22And12ActivePorts() {
    assertThat(m.overlay(8, 10).activePorts()).isEqualTo(16);
    assertThat(m.ipMulticast(8, 4, 10).activePorts()).isEqualTo(8 + 14);
    assertThat(m.shufflecast(2, 2, 10).activePorts()).isEqualTo(12);
    assertThat(PowerCostModel.instanceFor(8, 3)).containsExactly(2, 2);
  }

  @Test
  void shufflecastPortsAreNPlusKTimesPToTheKMinus1() {
    for (int p = 2; p <= 8; p++) {
      for (int k = 1; k <= 3; k++) {
        long n = ShufflecastTopology.tors(p, k);
        long relays = k * (long) Math.pow(p, k - 1);
        assertThat(m.shufflecast(p, k, 25).activePorts()).isEqualTo(n + relays);
        // power improvement over the overlay chain: 2N / (N + N/p) = 2p / (p + 1)
        double ratio = m.overlay((int) n, 25).powerW() / m.shufflecast(p, k, 25).powerW();
        assertThat(ratio).isCloseTo(2.0 * p / (p + 1), offset(1e-12));
      }
    }
  }

  @Test
  void perToRCostOf44IsAroundThePapersRange() {
    // 1:4 splitter + 4 × (port + transceiver + 100 m fibre), Table I
    assertThat(m.perTorCostUsd(4, 10)).isCloseTo(9.3 + 4 * (55.5 + 27 + 37.37), offset(1e-9));
    assertThat(m.perTorCostUsd(4, 100)).isCloseTo(9.3 + 4 * (237.5 + 189 + 37.37), offset(1e-9));
  }

  @Test
  void hopLatencyAndAverages() {
    assertThat(PowerCostModel.HOP_LATENCY_US).isCloseTo(1.505, offset(1e-9));
    // 2,2 from ToR 0: Fig. 3 hop counts 2,2,2,1,1,3,3 over 7 destinations
    assertThat(PowerCostModel.shufflecastAverageHops(2, 2)).isCloseTo(14.0 / 7, offset(1e-12));
    // eight 4-port ToRs: groups of 3 under 3 switches, then a root: from ToR 0, 2 siblings at 2
    // hops and 5 at 4; averaged over all sources (groups 3,3,2)
    double sum = 6 * (2 * 2 + 5 * 4) + 2 * (1 * 2 + 6 * 4);
    assertThat(PowerCostModel.ipMulticastAverageHops(8, 4)).isCloseTo(sum / 56, offset(1e-12));
  }
}
