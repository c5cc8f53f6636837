package org.fabriclab.topology.mltree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.Topology;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.topology.TopologyChecks;
import org.fabriclab.topology.TopologyFamilies;
import org.junit.jupiter.api.Test;

class MinimalLayerTreeTest {
  private final TopologyFamilies families = TopologyFamilies.load();

  /** Sum of the degrees of the tree switches (tier >= 2) in a built topology. */
  private static long builtTreePorts(Topology t) {
    Labels l = t.labels();
    long ports = 0;
    for (int v = 0; v < t.nodeCount(); v++) {
      if (l.get(v, "tier") >= 2) {
        ports += t.degree(v);
      }
    }
    return ports;
  }

  @Test
  void eightFourPortTorsNeedFourteenExtraPorts() {
    // seed 000 §I Fig. 1: 14 extra switch ports beyond the 8 uplinks, 175% excess;
    // §VI-A(b): IP multicast uses 8 + 14 = 22 active ports.
    MinimalLayerTree m = new MinimalLayerTree(8, 4, 1);
    assertThat(m.treeSwitchPorts()).isEqualTo(14);
    assertThat(m.excessResourceUsage()).isEqualTo(1.75);
    assertThat(m.tors() + m.treeSwitchPorts()).isEqualTo(22);
    Topology t = families.build("mltree", Map.of("tors", "8", "ports", "4"));
    assertThat(builtTreePorts(t)).isEqualTo(14);
    assertThat(t.switchCount()).isEqualTo(8 + 3 + 1);
  }

  @Test
  void oneNinetyTwoThirtyTwoPortTorsNeedAtLeast107Percent() {
    // seed 000 §I: "at least 107% excess": 7 switches of 27..28 children + 1 root = 206 ports.
    MinimalLayerTree m = new MinimalLayerTree(192, 32, 1);
    assertThat(m.treeSwitchPorts()).isEqualTo(206);
    assertThat(m.excessResourceUsage()).isGreaterThanOrEqualTo(1.07).isLessThan(1.08);
    assertThat(builtTreePorts(m.build())).isEqualTo(206);
  }

  @Test
  void smallCasesByHand() {
    assertThat(MinimalLayerTree.treeSwitchPorts(1, 4)).isZero();
    assertThat(MinimalLayerTree.treeSwitchPorts(2, 4)).isEqualTo(2);
    assertThat(MinimalLayerTree.treeSwitchPorts(4, 4)).isEqualTo(4);
    // 5 ToRs, 4 ports: 2 switches (3 + 2 children, + uplinks) = 7, root with 2 children = 2
    assertThat(MinimalLayerTree.treeSwitchPorts(5, 4)).isEqualTo(9);
    assertThat(new MinimalLayerTree(5, 4, 1).layerSizes()).containsExactly(2, 1);
    Topology one = new MinimalLayerTree(1, 4, 3).build();
    assertThat(one.nodeCount()).isEqualTo(4);
    assertThat(one.cableCount()).isEqualTo(3);
  }

  /** Least L with P (P-1)^(L-1) >= T. */
  private static int minimalLayers(int tors, int ports) {
    long reach = ports;
    int layers = 1;
    while (reach < tors) {
      reach *= ports - 1;
      layers++;
    }
    return layers;
  }

  @Test
  void randomValidParametersKeepInvariants() {
    SplittableRandom rnd = new RandomStreams(23).stream("mltree-test");
    for (int round = 0; round < 25; round++) {
      int ports = 3 + rnd.nextInt(6);
      int tors = 2 + rnd.nextInt(60);
      int perTor = 1 + rnd.nextInt(ports - 1);
      Map<String, String> raw =
          Map.of(
              "tors", Integer.toString(tors),
              "ports", Integer.toString(ports),
              "servers-per-tor", Integer.toString(perTor));
      Topology t = families.build("mltree", raw);
      MinimalLayerTree m = new MinimalLayerTree(tors, ports, perTor);
      TopologyChecks.checkInvariants(t, MinimalLayerTree.estimate(tors, ports, perTor));
      assertThat(families.build("mltree", raw)).isEqualTo(t);
      int layers = minimalLayers(tors, ports);
      assertThat(m.layerSizes()).hasSize(layers);
      Labels l = t.labels();
      int root = t.nodeCount() - 1;
      int[] d = TopologyChecks.bfs(t, root);
      int treeSwitches = 0;
      for (int v = 0; v < t.nodeCount(); v++) {
        int tier = l.get(v, "tier");
        assertThat(t.degree(v)).isLessThanOrEqualTo(ports);
        if (tier == 1) {
          assertThat(t.degree(v)).isEqualTo(perTor + 1);
          assertThat(d[v]).as("every ToR at the same depth").isEqualTo(layers);
        } else if (tier >= 2) {
          treeSwitches++;
          assertThat(d[v]).isEqualTo(layers + 1 - tier);
        }
      }
      // a tree: cables = nodes - 1; tree-switch ports = T + 2m - 2
      assertThat(t.cableCount()).isEqualTo(t.nodeCount() - 1);
      assertThat(builtTreePorts(t)).isEqualTo(m.treeSwitchPorts()).isEqualTo(tors + 2L * treeSwitches - 2);
    }
  }

  @Test
  void orbitHintMatchesBruteForce() {
    Topology t = new MinimalLayerTree(8, 4, 1).build();
    TopologyChecks.checkOrbits(t);
    // groups of 3, 3 and 2 ToRs under the root: two classes, 6 and 2 servers
    assertThat(t.serverOrbits().sizes()).containsExactlyInAnyOrder(6L, 2L);
    SplittableRandom rnd = new RandomStreams(29).stream("mltree-orbits");
    for (int round = 0; round < 10; round++) {
      int ports = 3 + rnd.nextInt(4);
      int tors = 1 + rnd.nextInt(40);
      TopologyChecks.checkOrbits(new MinimalLayerTree(tors, ports, 1 + rnd.nextInt(ports - 1)).build());
    }
  }

  @Test
  void invalidParametersAreRejected() {
    assertThatThrownBy(() -> families.parse("mltree", Map.of("ports", "4", "servers-per-tor", "4")))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("mltree --servers-per-tor")
        .hasMessageContaining("valid range 1..3");
    assertThatThrownBy(() -> families.parse("mltree", Map.of("ports", "2")))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("3..");
    assertThatThrownBy(() -> families.parse("mltree", Map.of("tors", "0")))
        .isInstanceOf(InvalidParameterException.class);
  }
}
