package org.fabriclab.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.fabriclab.graph.Topology;
import org.jgrapht.Graph;
import org.jgrapht.alg.shortestpath.BFSShortestPath;
import org.jgrapht.graph.DefaultEdge;
import org.junit.jupiter.api.Test;

class SwitchPairDistancesTest {
  /** Random fabrics against JGraphT BFSShortestPath from every non-server node. */
  @Test
  void matchesJgraphtBfsOnRandomFabrics() {
    for (int seed = 0; seed < 40; seed++) {
      SplittableRandom rnd = new SplittableRandom(seed);
      HandGraph g = HandGraph.random(rnd, 2 + rnd.nextInt(14), rnd.nextInt(20), rnd.nextInt(15));
      Graph<Integer, DefaultEdge> jg = g.jgrapht();
      BFSShortestPath<Integer, DefaultEdge> bfs = new BFSShortestPath<>(jg);
      long[] counts = new long[g.n()];
      long unreachable = 0;
      for (int s = 0; s < g.n(); s++) {
        for (int v = 0; v < g.n(); v++) {
          if (s != v && !g.isServer(s) && !g.isServer(v)) {
            var p = bfs.getPath(s, v);
            if (p == null) {
              unreachable++;
            } else {
              counts[p.getLength()]++;
            }
          }
        }
      }
      HopHistogram want = new HopHistogram(counts, unreachable, false);
      Topology t = g.build();
      assertThat(SwitchPairDistances.compute(t, 1, Long.MAX_VALUE, 0)).as("seed %d", seed)
          .isEqualTo(want);
      assertThat(SwitchPairDistances.compute(t, 2, Long.MAX_VALUE, 0)).isEqualTo(want);
    }
  }

  /**
   * BCube(n,1) switches reach each other only through servers (seed 004 §II). By hand: a level-0
   * and a level-1 switch share exactly one server (2 hops); two switches of one level share none
   * but are joined via server–switch–server (4 hops). 2n switches: 2n^2 cross-level ordered pairs
   * at 2 hops, 2n(n-1) same-level pairs at 4 hops.
   */
  @Test
  void bcubeSwitchesTransitServers() {
    for (int n : new int[] {2, 3, 5}) {
      Topology t = HandGraph.bcube(n, 1, false).build();
      long nn = n;
      assertThat(SwitchPairDistances.compute(t, 2, Long.MAX_VALUE, 0))
          .isEqualTo(new HopHistogram(new long[] {0, 0, 2 * nn * nn, 0, 2 * nn * (nn - 1)}, 0, false));
    }
  }

  /** Fat-tree k=4 switches: sampling 5 of 20 sources keeps the total and is seed-deterministic. */
  @Test
  void samplingKeepsTheTotal() {
    Topology t = HandGraph.fatTree(4, false).build();
    HopHistogram a = SwitchPairDistances.compute(t, 1, 5, 11);
    assertThat(a.estimated()).isTrue();
    assertThat(Math.abs(a.totalPairs() - 20L * 19)).isLessThanOrEqualTo(a.counts().length);
    assertThat(SwitchPairDistances.compute(t, 2, 5, 11)).isEqualTo(a);
    assertThat(SwitchPairDistances.compute(t, 1, 20, 11).estimated()).isFalse();
  }
}
