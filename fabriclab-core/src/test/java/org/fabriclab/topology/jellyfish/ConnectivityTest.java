package org.fabriclab.topology.jellyfish;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.analysis.Components;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.tworandom.TwoStageRandomGraph;
import org.junit.jupiter.api.Test;

/**
 * The random families are connected for every seed, even where plain Jellyfish wiring often is
 * not (degree 2: a union of cycles; without the repair about a third of the seeds below split),
 * and the repair keeps every switch's degree and the graph simple.
 */
class ConnectivityTest {
  @Test
  void lowDegreeJellyfishIsConnectedRegularAndSimpleForEverySeed() {
    for (long seed = 0; seed < 400; seed++) {
      Topology t = Jellyfish.uniform(10, 3, 1).build(seed);
      assertThat(Components.of(t).count()).as("seed %d", seed).isEqualTo(1);
      for (int v = 0; v < t.nodeCount(); v++) {
        assertThat(t.degree(v)).isEqualTo(t.isServer(v) ? 1 : 3);
        for (int p = 0; p < t.degree(v); p++) {
          for (int q = p + 1; q < t.degree(v); q++) {
            assertThat(t.neighbor(v, p)).isNotEqualTo(t.neighbor(v, q));
          }
        }
      }
    }
  }

  @Test
  void twoStageRandomGraphIsConnectedForEverySeed() {
    for (long seed = 0; seed < 300; seed++) {
      Topology t = TwoStageRandomGraph.of(4).build(seed);
      assertThat(Components.of(t).count()).as("seed %d", seed).isEqualTo(1);
    }
  }

  @Test
  void perfectMatchingsCannotBeRepairedAndSaySo() {
    // degree 1: every link is a bridge, nothing can be swapped; the components remain visible
    Topology t = Jellyfish.uniform(6, 2, 1).build(1);
    assertThat(Components.of(t).count()).isEqualTo(3);
  }
}
