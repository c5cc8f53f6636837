package org.fabriclab.topology.jellyfish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.fabriclab.topology.TopologyChecks.connected;
import static org.fabriclab.topology.TopologyChecks.isSimple;
import static org.fabriclab.topology.TopologyChecks.isSymmetric;
import static org.fabriclab.topology.TopologyChecks.switchNeighbors;

import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.LabelIndex;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class JellyfishTest {

  /** Checks a uniform Jellyfish against closed forms: counts, degrees, simplicity. */
  private static void assertUniform(Topology t, int n, int ports, int s) {
    int r = ports - s;
    assertThat(t.switchCount()).isEqualTo(n);
    assertThat(t.serverCount()).isEqualTo(n * s);
    assertThat(t.cableCount()).isEqualTo(n * s + n * r / 2);
    assertThat(isSimple(t)).isTrue();
    assertThat(isSymmetric(t)).isTrue();
    int short1 = 0;
    for (int v = 0; v < t.nodeCount(); v++) {
      if (t.isServer(v)) {
        assertThat(t.degree(v)).isEqualTo(1);
        continue;
      }
      int net = switchNeighbors(t, v);
      assertThat(t.degree(v) - net).isEqualTo(s);
      if (net == r - 1) {
        short1++;
      } else {
        assertThat(net).isEqualTo(r);
      }
    }
    assertThat(short1).isEqualTo((n * r) % 2);
  }

  @ParameterizedTest
  @CsvSource({"80, 8, 2", "20, 4, 1", "7, 4, 1", "9, 5, 0", "2, 1, 0", "6, 5, 0", "101, 12, 3"})
  void uniformIsRegularSimpleAndExact(int n, int ports, int s) {
    for (long seed = 1; seed <= 5; seed++) {
      assertUniform(Jellyfish.uniform(n, ports, s).build(seed), n, ports, s);
    }
  }

  @Test
  void degreeOneBelowSwitchCountGivesTheCompleteGraph() {
    Topology t = Jellyfish.uniform(9, 8, 0).build(3);
    assertThat(t.cableCount()).isEqualTo(9 * 8 / 2);
    for (int v = 0; v < 9; v++) {
      assertThat(t.degree(v)).isEqualTo(8);
    }
  }

  @Test
  void oddDegreeSumLeavesExactlyOnePortOfOneSwitchFree() {
    // 7 switches of degree 3: 21 ports, so 10 links and one switch of degree 2
    Topology t = Jellyfish.uniform(7, 3, 0).build(11);
    assertThat(t.cableCount()).isEqualTo(10);
    long degree2 = java.util.stream.IntStream.range(0, 7).filter(v -> t.degree(v) == 2).count();
    assertThat(degree2).isEqualTo(1);
  }

  @Test
  void randomValidParametersGiveRegularSimpleGraphs() {
    SplittableRandom r = new SplittableRandom(2024);
    for (int trial = 0; trial < 300; trial++) {
      int n = 2 + r.nextInt(150);
      int degree = 1 + r.nextInt(Math.min(n - 1, 20));
      int s = r.nextInt(4);
      Jellyfish j = Jellyfish.uniform(n, degree + s, s);
      assertUniform(j.build(r.nextLong(1_000_000)), n, degree + s, s);
    }
  }

  @Test
  void typicalInstancesAreConnected() {
    for (long seed = 1; seed <= 20; seed++) {
      assertThat(connected(Jellyfish.uniform(80, 8, 2).build(seed))).isTrue();
      assertThat(connected(Jellyfish.uniform(500, 13, 3).build(seed))).isTrue();
    }
  }

  @Test
  void sameSeedSameTopologyOtherSeedOtherTopology() {
    Jellyfish j = Jellyfish.uniform(80, 8, 2);
    assertThat(j.build(7)).isEqualTo(j.build(7));
    Topology a = j.build(7);
    Topology b = j.build(8);
    assertThat(a.csrTargets()).isNotEqualTo(b.csrTargets());
  }

  @ParameterizedTest
  @ValueSource(ints = {4, 6, 8, 10, 12})
  void fatTreeEquipmentMatchesFatTreeCounts(int k) {
    Topology t = Jellyfish.ofFatTree(k).build(5);
    // fat-tree(k): k pods of k switches plus (k/2)^2 cores; k^3/4 servers; k ports everywhere
    assertThat(t.switchCount()).isEqualTo(k * k + k * k / 4);
    assertThat(t.serverCount()).isEqualTo(k * k * k / 4);
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (int v = 0; v < t.nodeCount(); v++) {
      if (!t.isServer(v)) {
        assertThat(t.degree(v)).isEqualTo(k);
        int servers = k - switchNeighbors(t, v);
        min = Math.min(min, servers);
        max = Math.max(max, servers);
      }
    }
    assertThat(max - min).isLessThanOrEqualTo(1);
    assertThat(isSimple(t)).isTrue();
    assertThat(connected(t)).isTrue();
  }

  @Test
  void serversComeFirstOrderedByTheirSwitchAndLabelsFindEveryNode() {
    Topology t = Jellyfish.uniform(10, 5, 2).build(1);
    int servers = t.serverCount();
    Labels l = t.labels();
    int lastSwitch = -1;
    for (int v = 0; v < servers; v++) {
      assertThat(t.role(v)).isEqualTo(NodeRole.SERVER);
      int sw = t.neighbor(v, 0);
      assertThat(sw).isGreaterThanOrEqualTo(lastSwitch);
      lastSwitch = sw;
      assertThat(l.get(v, "switch")).isEqualTo(sw - servers);
      assertThat(l.get(v, "tier")).isEqualTo(0);
    }
    for (int v = servers; v < t.nodeCount(); v++) {
      assertThat(t.role(v)).isEqualTo(NodeRole.PACKET_SWITCH);
      assertThat(l.get(v, "tier")).isEqualTo(1);
      assertThat(l.get(v, "switch")).isEqualTo(v - servers);
      // a switch's first ports lead to its own servers
      assertThat(t.isServer(t.neighbor(v, 0))).isTrue();
      assertThat(t.isServer(t.neighbor(v, 1))).isTrue();
    }
    LabelIndex index = l.index();
    for (int v = 0; v < t.nodeCount(); v++) {
      assertThat(index.find(l.of(v))).isEqualTo(v);
    }
  }

  @Test
  void twoThousandSwitchesOfDegreeTenUseEveryPort() {
    Topology t = Jellyfish.uniform(2000, 12, 2).build(2);
    assertThat(t.cableCount()).isEqualTo(2000 * 2 + 2000 * 10 / 2);
  }

  @Test
  void impossibleParametersAreRejectedWithTheParameterNamed() {
    assertThatThrownBy(() -> Jellyfish.uniform(8, 4, 4))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--servers-per-switch");
    assertThatThrownBy(() -> Jellyfish.uniform(8, 10, 2))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--switches 8")
        .hasMessageContaining("1..7");
    assertThatThrownBy(() -> Jellyfish.uniform(1, 3, 0))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--switches");
    assertThatThrownBy(() -> Jellyfish.ofFatTree(6 + 1))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--k")
        .hasMessageContaining("even");
    assertThatThrownBy(() -> Jellyfish.ofFatTree(2))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("4..1024");
  }
}
