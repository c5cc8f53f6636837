package org.fabriclab.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.fabriclab.graph.Topology;
import org.jgrapht.alg.connectivity.ConnectivityInspector;
import org.jgrapht.graph.DefaultEdge;
import org.junit.jupiter.api.Test;

class ComponentsTest {
  /**
   * By hand: {0,1,2} a path, {3,4} joined only by a one-way link, {5} isolated, {6,7,8} a
   * triangle: 4 components of sizes 3, 2, 1, 3 numbered by smallest node.
   */
  @Test
  void disconnectedHandGraph() {
    HandGraph g = new HandGraph("pieces");
    for (int i = 0; i < 9; i++) {
      g.sw();
    }
    g.cable(0, 1).cable(2, 1).oneWay(4, 3).cable(6, 7).cable(7, 8).cable(8, 6);
    Components c = Components.of(g.build());
    assertThat(c.count()).isEqualTo(4);
    assertThat(c.sizes()).containsExactly(3, 2, 1, 3);
    assertThat(c.componentIds()).containsExactly(0, 0, 0, 1, 1, 2, 3, 3, 3);
    assertThat(c.largest()).isEqualTo(3);
    assertThat(c.isConnected()).isFalse();
    assertThat(c.toTable().rowCount()).isEqualTo(4);
  }

  /** Random graphs against JGraphT's weak connectivity. */
  @Test
  void matchesJgraphtOnRandomGraphs() {
    for (int seed = 0; seed < 30; seed++) {
      SplittableRandom rnd = new SplittableRandom(seed);
      HandGraph g = HandGraph.random(rnd, 3 + rnd.nextInt(15), rnd.nextInt(10), rnd.nextInt(4));
      Topology t = g.build();
      Components c = Components.of(t);
      List<Set<Integer>> want = new ConnectivityInspector<Integer, DefaultEdge>(g.jgrapht())
          .connectedSets();
      assertThat(c.count()).as("seed %d", seed).isEqualTo(want.size());
      for (Set<Integer> set : want) {
        int id = c.componentOf(set.iterator().next());
        assertThat(c.size(id)).isEqualTo(set.size());
        for (int v : set) {
          assertThat(c.componentOf(v)).isEqualTo(id);
        }
      }
    }
  }
}
