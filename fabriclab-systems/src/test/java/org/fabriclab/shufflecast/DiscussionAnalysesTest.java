package org.fabriclab.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import org.junit.jupiter.api.Test;

/**
 * The discussion analyses against closed forms and hand counts (seed 000 §II-C, Table I, §III-A1,
 * §III-C1, §VI-C).
 */
class DiscussionAnalysesTest {
  @Test
  void splitterLossFormulaAndLinkBudgets() {
    // §II-C: 0.8 + 3.4·log2(1024) = 0.8 + 34 = 34.8 dB; 1:2, 1:4, 1:8 → 4.2, 7.6, 11.0
    assertThat(OpticalPowerBudget.formulaLossDb(1024)).isCloseTo(34.8, offset(1e-9));
    assertThat(OpticalPowerBudget.formulaLossDb(2)).isCloseTo(4.2, offset(1e-9));
    assertThat(OpticalPowerBudget.formulaLossDb(4)).isCloseTo(7.6, offset(1e-9));
    assertThat(OpticalPowerBudget.formulaLossDb(8)).isCloseTo(11.0, offset(1e-9));
    assertThat(OpticalPowerBudget.splitterFanout(3)).isEqualTo(4);
    assertThat(OpticalPowerBudget.splitterFanout(8)).isEqualTo(8);
    OpticalPowerBudget b = new OpticalPowerBudget(ComponentCatalog.tableI());
    // 100 Gbps, 1:8 from Table I: 14 − 10.6 − 0.036 (100 m at 0.36 dB/km) = 3.364 dB
    assertThat(b.link(8, 100, 100).marginDb()).isCloseTo(3.364, offset(1e-9));
    // 10 Gbps (14.9 dB): 1:16 by the formula is 14.4 dB + 0.036 → closes; 1:32 (17.8) does not
    assertThat(b.largestFanout(10, 100)).isEqualTo(16);
    // 25 Gbps (18 dB): 1:32 needs 17.8 + 0.036 → closes; 1:64 (21.2) does not
    assertThat(b.largestFanout(25, 100)).isEqualTo(32);
    assertThat(b.largestFanout(100, 100)).isEqualTo(8);
    assertThat(b.link(1024, 25, 100).feasible()).isFalse();
  }

  @Test
  void mirroredGroupsByHandOn22() {
    // 2,2: 8 ToRs, pairs C(8,2) = 28; mirrored groups: per column p^(k-1) = 2, two columns → 4
    // ({0,2},{1,3},{4,6},{5,7}: rows differing only in the top digit)
    MirroredRelayFailures m = new MirroredRelayFailures(new ShufflecastTopology(2, 2));
    assertThat(m.paperProbability()).isCloseTo(4.0 / 28, offset(1e-12));
    assertThat(m.mirroredGroup(new int[] {0, 2})).isTrue();
    assertThat(m.mirroredGroup(new int[] {5, 7})).isTrue();
    assertThat(m.mirroredGroup(new int[] {0, 1})).isFalse();
    assertThat(m.mirroredGroup(new int[] {0, 6})).isFalse();
    MirroredRelayFailures.Result r = m.bruteForce();
    assertThat(r.subsets()).isEqualTo(28);
    assertThat(r.mirroredGroups()).isEqualTo(4);
    // both relays feeding a ToR of the next column are down: that ToR is cut off
    assertThat(r.mirroredUnrecovered()).isEqualTo(4);
  }

  @Test
  void parallelismIsPHealthyAndPMinusOneAfterOneFailure() {
    // §VI-C: "the degree of parallelism now becomes (p-1)"; Lemma 3: p when healthy
    MirroredRelayFailures m = new MirroredRelayFailures(new ShufflecastTopology(3, 2));
    assertThat(m.parallelism(-1)).isEqualTo(3);
    assertThat(m.parallelism(0)).isEqualTo(2);
    assertThat(m.parallelism(13)).isEqualTo(2);
  }

  @Test
  void fifteenToRsOnTheTwoThreeInstance() {
    // §III-A1: T = 15 with p = 2 → 2,3-Shufflecast (24 logical), 24 − 15 = 9 ToRs with two splitters
    ArbitraryTorCount.Result r = new ArbitraryTorCount(2, 3, 15).analyse();
    assertThat(r.logical()).isEqualTo(24);
    assertThat(r.doubled()).isEqualTo(9);
    assertThat(r.allReached()).isTrue();
    // a physical ToR is never farther than its logical nodes: Lemma 1's 2k − 1 = 5 bounds it
    assertThat(r.maxHops()).isBetween(1, 5);
    assertThat(r.splitters()).isEqualTo(24);
    // one tree: 24 logical receive/source ports + k·p^(k-1) = 12 relay transmit ports
    assertThat(r.treePorts()).isEqualTo(36);
  }

  @Test
  void unusedPortsOfOneConfigurationByHand() {
    UnusedPortAnalysis.Switch hp = new UnusedPortAnalysis.Switch("HP 48x10+4x40", new int[][] {{48, 10}, {4, 40}});
    // 40 servers × 10 Gbps at 4:1: 40 native 10G ports, 100 Gbps of uplink = three 40G ports;
    // left: one 40G port and eight 10G ports → 9 unused ports, 120 Gbps
    UnusedPortAnalysis.Case c = UnusedPortAnalysis.fit(hp, 40, 1, 10, 4, 42);
    assertThat(c.unusedPorts()).isEqualTo(9);
    assertThat(c.unusedGbps()).isEqualTo(120.0);
    // at 1:1 the 400 Gbps of uplink do not fit (160 + 80 Gbps left)
    assertThat(UnusedPortAnalysis.fit(hp, 40, 1, 10, 1, 42)).isNull();
    // 25 Gbps servers on 100G breakouts: 10 servers take 3 ports (2 lanes idle = 50 Gbps)
    UnusedPortAnalysis.Switch c64 = new UnusedPortAnalysis.Switch("64x100", new int[][] {{64, 100}});
    UnusedPortAnalysis.Case b = UnusedPortAnalysis.fit(c64, 10, 1, 25, 5, 12);
    // uplink 250/5 = 50 Gbps: one 100G port; 64 − 3 − 1 = 60 unused, 6000 + 50 Gbps
    assertThat(b.unusedPorts()).isEqualTo(60);
    assertThat(b.unusedGbps()).isEqualTo(6050.0);
  }
}
