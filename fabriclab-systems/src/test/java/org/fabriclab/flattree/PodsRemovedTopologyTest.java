package org.fabriclab.flattree;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.analysis.DemandMatrix;
import org.fabriclab.graph.Topology;
import org.junit.jupiter.api.Test;

/**
 * The hybrid experiment's control (§3.4 explanation): removing Pods leaves them isolated, drops from
 * every other node exactly its cables into those Pods, and can only lower the concurrent-flow optimum
 * (a proven bound: fewer links, the same demands), here with the exact LP on k = 6.
 */
class PodsRemovedTopologyTest {
  @Test
  void removesExactlyTheCablesTouchingTheRemovedPods() {
    Topology flat = new FlatTreeController(FlatTree.ofFatTree(6)).convert(FlatTreeMode.LOCAL).logicalTopology();
    Topology r = PodsRemovedTopology.of(flat, 0, 2);
    int pod = flat.labels().fieldIndex("pod");
    assertThat(r.nodeCount()).isEqualTo(flat.nodeCount());
    for (int v = 0; v < flat.nodeCount(); v++) {
      int p = flat.labels().get(v, pod);
      int intoRemoved = 0;
      for (int i = 0; i < flat.degree(v); i++) {
        int q = flat.labels().get(flat.neighbor(v, i), pod);
        intoRemoved += q == 0 || q == 1 ? 1 : 0;
      }
      int expected = p == 0 || p == 1 ? 0 : flat.degree(v) - intoRemoved;
      assertThat(r.degree(v)).as("degree of node %d (Pod %d)", v, p).isEqualTo(expected);
      assertThat(r.labels().of(v)).isEqualTo(flat.labels().of(v));
    }
  }

  @Test
  void canOnlyLowerTheOptimum() {
    Topology flat = new FlatTreeController(FlatTree.ofFatTree(6)).convert(FlatTreeMode.LOCAL).logicalTopology();
    int pod = flat.labels().fieldIndex("pod");
    DemandMatrix.Builder d = DemandMatrix.builder();
    int[] s = flat.servers();
    // all-to-all among the servers of Pods 2 and 3 (the zone), Pods 0..1 removed
    for (int a : s) {
      for (int b : s) {
        int pa = flat.labels().get(a, pod);
        int pb = flat.labels().get(b, pod);
        if (a != b && pa >= 2 && pa <= 3 && pb >= 2 && pb <= 3) {
          d.add(a, b, 1.0);
        }
      }
    }
    DemandMatrix dm = d.build();
    double whole = ThroughputExperiments.solve(flat, dm).lambda();
    double removed = ThroughputExperiments.solve(PodsRemovedTopology.of(flat, 0, 2), dm).lambda();
    double alsoFourFive = ThroughputExperiments.solve(PodsRemovedTopology.of(
        PodsRemovedTopology.of(flat, 0, 2), 4, 6), dm).lambda();
    assertThat(removed).isLessThanOrEqualTo(whole * (1 + 1e-9));
    assertThat(alsoFourFive).isLessThanOrEqualTo(removed * (1 + 1e-9));
  }
}
