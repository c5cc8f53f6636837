package org.fabriclab.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.fabriclab.graph.Topology;
import org.junit.jupiter.api.Test;

class BfsTest {
  /** Reused across sources, with and without terminal nodes, against a textbook BFS. */
  @Test
  void reusedSearchMatchesNaiveBfs() {
    for (int seed = 0; seed < 20; seed++) {
      HandGraph g = HandGraph.random(new SplittableRandom(seed), 10, 15, 10);
      Topology t = g.build();
      Bfs bfs = new Bfs(t, new int[g.n()], new int[g.n()], null);
      for (int src = 0; src < g.n(); src++) {
        int[] want = g.naiveBfs(src);
        int reached = bfs.run(src);
        long expectReached = java.util.Arrays.stream(want).filter(d -> d >= 0).count();
        assertThat(reached).isEqualTo(expectReached);
        int last = 0;
        for (int i = 0; i < reached; i++) {
          int d = bfs.distance(bfs.reached(i));
          assertThat(d).isGreaterThanOrEqualTo(last);
          last = d;
        }
        assertThat(bfs.eccentricity()).isEqualTo(last);
        for (int v = 0; v < g.n(); v++) {
          assertThat(bfs.distance(v)).as("seed %d src %d v %d", seed, src, v).isEqualTo(want[v]);
        }
      }
    }
  }

  /** A terminal node gets its distance but is not expanded. */
  @Test
  void terminalNodesAreNotExpanded() {
    HandGraph g = new HandGraph("path");
    int a = g.sw();
    int b = g.sw();
    int c = g.sw();
    g.cable(a, b).cable(b, c);
    boolean[] terminal = {false, true, false};
    Topology t = g.build();
    Bfs bfs = new Bfs(t, new int[3], new int[3], terminal);
    assertThat(bfs.run(a)).isEqualTo(2);
    assertThat(bfs.distance(b)).isEqualTo(1);
    assertThat(bfs.distance(c)).isEqualTo(-1);
    assertThat(bfs.run(b)).isEqualTo(3); // a terminal source is expanded
    assertThat(bfs.distance(c)).isEqualTo(1);
  }
}
