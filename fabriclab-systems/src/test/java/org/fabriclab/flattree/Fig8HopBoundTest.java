package org.fabriclab.flattree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.analysis.DemandMatrix;
import org.fabriclab.analysis.ThroughputProblem;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/** The hop and port bounds against hand counts on fat-tree(4) (2 servers per edge switch, 4 per Pod). */
class Fig8HopBoundTest {
  @Test
  void hopAndPortBoundsOfOneInterPodDemand() {
    Topology t = new FatTree(4).build();
    // server 0 (Pod 0) to server 4 (Pod 1): edge, aggregation, core, aggregation, edge = 4 hops
    ThroughputProblem p = new ThroughputProblem(t, DemandMatrix.builder().add(0, 4, 1).build(), true, true);
    double[] r = Fig8HopBound.hopBound(p);
    // 16 edge-aggregation + 16 aggregation-core cables = 64 directed unit links, over 1 × 4 hops
    assertThat(r[0]).isEqualTo(1);
    assertThat(r[1]).isEqualTo(4);
    assertThat(r[2]).isCloseTo(16, within(1e-12));
    // each edge switch has 2 uplinks for the 1 unit it sends (and 2 down for the 1 it receives)
    assertThat(Fig8HopBound.portBound(p)).isCloseTo(2, within(1e-12));
  }

  @Test
  void aLoadedEdgeSwitchSetsThePortBound() {
    Topology t = new FatTree(4).build();
    // servers 0 and 1 (one edge switch) each send 1 unit to servers 4, 8 and 12 (three other Pods)
    DemandMatrix.Builder d = DemandMatrix.builder();
    for (int s = 0; s < 2; s++) {
      for (int r = 4; r <= 12; r += 4) {
        d.add(s, r, 1);
      }
    }
    ThroughputProblem p = new ThroughputProblem(t, d.build(), true, true);
    // 6 units leave the edge switch over its 2 uplinks: λ <= 1/3; every path is 4 hops: 64 / 24
    assertThat(Fig8HopBound.portBound(p)).isCloseTo(1.0 / 3, within(1e-12));
    assertThat(Fig8HopBound.hopBound(p)[2]).isCloseTo(64.0 / 24, within(1e-12));
  }

  @Test
  void fatTreeAggregationSwitchesCountAsCoresWithAllLinksInTheirPod() {
    // in fat-tree(4) the aggregation switches hold no servers, so they count as cores here: each has
    // its 2 edge links in one Pod (shared), and the true cores' links go to aggregation switches,
    // which hold no servers either (not counted): 32 of 32 counted links are shared
    assertThat(Fig8HopBound.coreDetourShare(new FatTree(4).build())).isEqualTo(1.0);
  }

  @Test
  void flatTreeLocalCoresHaveOneLinkPerPod() {
    // §2.2: converters only move a core cable's Pod end between the Pod's switches, so every core
    // keeps the Clos's single link into each Pod: no two-hop core detour inside a Pod
    Topology t = new FlatTreeController(FlatTree.ofFatTree(8)).convert(FlatTreeMode.LOCAL).logicalTopology();
    assertThat(Fig8HopBound.coreDetourShare(t)).isEqualTo(0.0);
  }
}
