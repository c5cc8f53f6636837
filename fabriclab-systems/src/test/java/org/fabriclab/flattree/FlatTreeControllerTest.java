package org.fabriclab.flattree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.fabriclab.analysis.Components;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/** §2.1, §2.6, §3.4 of seed 001: modes, round trips, server relocation, hybrid zones. */
class FlatTreeControllerTest {
  static List<Long> cables(Topology t) {
    List<Long> out = new ArrayList<>();
    for (int u = 0; u < t.nodeCount(); u++) {
      for (int p = 0; p < t.degree(u); p++) {
        int v = t.neighbor(u, p);
        if (u < v) {
          out.add((long) u * t.nodeCount() + v);
        }
      }
    }
    Collections.sort(out);
    return out;
  }

  private static int serversOnTier(Topology t, int tier) {
    int count = 0;
    for (int s : t.servers()) {
      if (t.labels().get(t.neighbor(s, 0), "tier") == tier) {
        count++;
      }
    }
    return count;
  }

  @Test
  void closModeIsTheFatTreeAndConvertingBackRestoresIt() {
    for (int k = 4; k <= 12; k += 2) {
      List<Long> fat = cables(new FatTree(k).build());
      FlatTreeController c = new FlatTreeController(FlatTree.ofFatTree(k));
      assertThat(cables(c.logicalTopology())).isEqualTo(fat);
      for (FlatTreeMode mode : FlatTreeMode.values()) {
        c.convert(mode);
        c.convert(FlatTreeMode.CLOS);
        assertThat(cables(c.logicalTopology())).as("k=%d via %s", k, mode).isEqualTo(fat);
      }
    }
  }

  @Test
  void roundTripAndPortUseHoldForEveryMAndNAndBothPatterns() {
    for (int k = 4; k <= 10; k += 2) {
      List<Long> fat = cables(new FatTree(k).build());
      for (int m = 0; m <= k / 2; m++) {
        for (int n = 0; m + n <= k / 2; n++) {
          for (PodCoreWiring w : PodCoreWiring.values()) {
            FlatTreeController c = new FlatTreeController(new FlatTree(ClosLayout.fatTree(k), m, n, w));
            for (FlatTreeMode mode : new FlatTreeMode[] {FlatTreeMode.GLOBAL, FlatTreeMode.LOCAL}) {
              Topology t = c.convert(mode).logicalTopology();
              assertThat(t.cableCount()).isEqualTo(3 * k * k * k / 4);
              for (int v = 0; v < t.nodeCount(); v++) {
                assertThat(t.degree(v)).isEqualTo(t.isServer(v) ? 1 : k);
              }
            }
            assertThat(cables(c.convert(FlatTreeMode.CLOS).logicalTopology())).isEqualTo(fat);
          }
        }
      }
    }
  }

  @Test
  void unpairedSixPortConvertersOfGlobalPodsTakeLocal() {
    // d = 3: edge 1 is the middle column, unpaired in the literal reading of §2.2
    FlatTree t = new FlatTree(ClosLayout.fatTree(6), 1, 2, PodCoreWiring.PATTERN_1, FlatTree.MiddleColumn.UNPAIRED);
    FlatTreeController c = new FlatTreeController(t).convert(FlatTreeMode.GLOBAL);
    assertThat(c.configuration(t.sixPort(0, 1, 0))).isEqualTo(ConverterSwitch.Configuration.LOCAL);
    assertThat(c.configuration(t.sixPort(0, 0, 0))).isEqualTo(ConverterSwitch.Configuration.SIDE);
  }

  @Test
  void everyModeKeepsTheEquipmentAndUsesEveryPort() {
    for (int k = 4; k <= 12; k += 2) {
      FlatTreeController c = new FlatTreeController(FlatTree.ofFatTree(k));
      for (FlatTreeMode mode : FlatTreeMode.values()) {
        Topology t = c.convert(mode).logicalTopology();
        assertThat(t.serverCount()).isEqualTo(k * k * k / 4);
        assertThat(t.switchCount()).isEqualTo(5 * k * k / 4);
        assertThat(t.cableCount()).isEqualTo(3 * k * k * k / 4);
        for (int v = 0; v < t.nodeCount(); v++) {
          assertThat(t.role(v)).isNotEqualTo(NodeRole.CONVERTER_SWITCH);
          assertThat(t.degree(v)).isEqualTo(t.isServer(v) ? 1 : k);
        }
        assertThat(Components.of(t).count()).isEqualTo(1);
      }
    }
  }

  @Test
  void globalModeRelocatesServersToAggregationAndCoreSwitches() {
    int k = 16; // m = 2, n = 4, d = 8 (even: every 6-port converter has a peer)
    Topology t = new FlatTreeController(FlatTree.ofFatTree(k)).convert(FlatTreeMode.GLOBAL).logicalTopology();
    int edges = k * k / 2;
    assertThat(serversOnTier(t, 3)).isEqualTo(2 * edges);
    assertThat(serversOnTier(t, 2)).isEqualTo(4 * edges);
    assertThat(serversOnTier(t, 1)).isEqualTo((k / 2 - 6) * edges);
  }

  @Test
  void globalModeJoinsAdjacentPodsPeerWiseAndEdgeToAggregation() {
    int k = 16; // m = 2: row 0 "side", row 1 "cross"
    Topology t = new FlatTreeController(FlatTree.ofFatTree(k)).convert(FlatTreeMode.GLOBAL).logicalTopology();
    int[] byKind = new int[3]; // edge-edge, agg-agg, edge-agg across Pods
    for (int u = 0; u < t.nodeCount(); u++) {
      for (int p = 0; p < t.degree(u); p++) {
        int v = t.neighbor(u, p);
        int tu = t.labels().get(u, "tier");
        int tv = t.labels().get(v, "tier");
        if (u < v && tu >= 1 && tu <= 2 && tv >= 1 && tv <= 2
            && t.labels().get(u, "pod") != t.labels().get(v, "pod")) {
          byKind[tu == tv ? tu - 1 : 2]++;
        }
      }
    }
    // per pair of adjacent Pods: m rows x d/2 columns side pairs, each giving two links
    int pairs = k * (k / 4);
    assertThat(byKind[0]).isEqualTo(pairs);
    assertThat(byKind[1]).isEqualTo(pairs);
    assertThat(byKind[2]).isEqualTo(2 * pairs);
  }

  @Test
  void localModePutsHalfTheServersOnAggregationSwitches() {
    int k = 8; // n = 2k/8 = k/4: half of every edge switch's k/2 servers move (§2.1, Fig. 2d)
    Topology t = new FlatTreeController(FlatTree.ofFatTree(k)).convert(FlatTreeMode.LOCAL).logicalTopology();
    assertThat(serversOnTier(t, 1)).isEqualTo(t.serverCount() / 2);
    assertThat(serversOnTier(t, 2)).isEqualTo(t.serverCount() / 2);
    assertThat(serversOnTier(t, 3)).isZero();
  }

  @Test
  void hybridZonesMatchTheWholeNetworkModesInsideTheirPods() {
    int k = 8;
    FlatTreeMode[] modes = FlatTreeFamily.zones(new int[] {3, 3, 2}, k);
    FlatTreeController hybrid = new FlatTreeController(FlatTree.ofFatTree(k)).convert(modes);
    FlatTreeController local = new FlatTreeController(FlatTree.ofFatTree(k)).convert(FlatTreeMode.LOCAL);
    FlatTreeController clos = new FlatTreeController(FlatTree.ofFatTree(k));
    for (int c = 0; c < hybrid.tree().converterCount(); c++) {
      int pod = hybrid.tree().pod(c);
      if (pod >= 3 && pod < 6) {
        assertThat(hybrid.configuration(c)).isEqualTo(local.configuration(c));
      } else if (pod >= 6) {
        assertThat(hybrid.configuration(c)).isEqualTo(clos.configuration(c));
      } else {
        assertThat(hybrid.configuration(c)).isNotEqualTo(ConverterSwitch.Configuration.DEFAULT);
      }
    }
    assertThat(hybrid.network().scheme()).isEqualTo(LogicalNetwork.Scheme.K_SHORTEST_PATHS);
    assertThat(clos.network().scheme()).isEqualTo(LogicalNetwork.Scheme.ECMP);
    assertThat(hybrid.logicalTopology().cableCount()).isEqualTo(3 * k * k * k / 4);
  }

  @Test
  void zonesThatDoNotPartitionThePodsAreRejected() {
    assertThatThrownBy(() -> FlatTreeFamily.zones(new int[] {3, 3}, 8))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("partition");
    assertThatThrownBy(() -> new FlatTreeController(FlatTree.ofFatTree(8)).convert(new FlatTreeMode[3]))
        .isInstanceOf(InvalidParameterException.class);
  }

  @Test
  void routesOfTheClosAreEqualCostShortestPaths() {
    LogicalNetwork net = new FlatTreeController(FlatTree.ofFatTree(4)).network();
    // two servers in different Pods of fat-tree(4): (k/2)^2 = 4 shortest paths of 6 hops
    var paths = net.paths(0, 15, 100);
    assertThat(paths).hasSize(4);
    assertThat(paths).allMatch(p -> p.hops() == 6);
  }
}
