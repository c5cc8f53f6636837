package org.fabriclab.routing;

import org.fabriclab.analysis.HandGraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.junit.jupiter.api.Test;

class KShortestPathsTest {
  /** Ring of 7, 0 → 2: exactly two simple paths, of 2 and 5 hops. */
  @Test
  void ringHasTwoPaths() {
    HandGraph g = new HandGraph("ring");
    for (int i = 0; i < 7; i++) {
      g.sw();
    }
    for (int i = 0; i < 7; i++) {
      g.cable(i, (i + 1) % 7);
    }
    List<Path> p = KShortestPaths.between(g.build(), 0, 2, 5);
    assertThat(p).hasSize(2);
    assertThat(p.get(0).nodes()).containsExactly(0, 1, 2);
    assertThat(p.get(1).nodes()).containsExactly(0, 6, 5, 4, 3, 2);
  }

  /** Two parallel cables: two one-hop paths on different links. */
  @Test
  void parallelCablesAreDistinctPaths() {
    HandGraph g = new HandGraph("par");
    int a = g.sw();
    int b = g.sw();
    g.cable(a, b).cable(a, b);
    List<Path> p = KShortestPaths.between(g.build(), a, b, 3);
    assertThat(p).hasSize(2);
    assertThat(p.get(0).hops()).isEqualTo(1);
    assertThat(p.get(1).hops()).isEqualTo(1);
    assertThat(p.get(0).links()[0]).isNotEqualTo(p.get(1).links()[0]);
  }

  /** k=4 fat-tree, servers in different pods: the 4 shortest are the 4 six-hop ECMP paths. */
  @Test
  void fatTreeFirstPathsAreTheEcmpSet() {
    Topology t = HandGraph.fatTree(4, false).build();
    List<Path> p = KShortestPaths.between(t, t.server(0), t.server(4), 6);
    assertThat(p).hasSize(6);
    for (int i = 0; i < 4; i++) {
      assertThat(p.get(i).hops()).isEqualTo(6);
    }
    assertThat(p.get(4).hops()).isGreaterThan(6);
  }

  /**
   * Random graphs: lengths non-decreasing and equal to the k smallest simple-path lengths of a
   * brute-force enumeration; every path loopless, valid, distinct, and among the enumerated ones.
   */
  @Test
  void matchesBruteForceLengths() {
    for (int seed = 0; seed < 25; seed++) {
      SplittableRandom rnd = new SplittableRandom(seed);
      HandGraph g = HandGraph.random(rnd, 3 + rnd.nextInt(6), rnd.nextInt(3), rnd.nextInt(7));
      Topology t = g.build();
      KShortestPaths ksp = new KShortestPaths(t);
      for (int trial = 0; trial < 5; trial++) {
        int src = rnd.nextInt(g.n());
        int dst = rnd.nextInt(g.n());
        if (src == dst) {
          continue;
        }
        int k = 1 + rnd.nextInt(8);
        int[] want =
            g.allSimplePaths(src, dst).stream().mapToInt(p -> p.length - 1).sorted().toArray();
        Set<String> allowed = new HashSet<>();
        for (int[] p : g.allSimplePaths(src, dst)) {
          allowed.add(java.util.Arrays.toString(p));
        }
        List<Path> got = ksp.query(src, dst, k);
        assertThat(got).as("seed %d", seed).hasSize(Math.min(k, want.length));
        Set<Path> distinct = new HashSet<>(got);
        assertThat(distinct).hasSameSizeAs(got);
        for (int i = 0; i < got.size(); i++) {
          Path p = got.get(i);
          assertThat(p.hops()).as("seed %d path %d", seed, i).isEqualTo(want[i]);
          assertThat(allowed).contains(java.util.Arrays.toString(p.nodes()));
          assertThat(java.util.Arrays.stream(p.nodes()).distinct().count())
              .isEqualTo(p.nodes().length);
          for (int h = 0; h < p.hops(); h++) {
            assertThat(t.target(p.links()[h])).isEqualTo(p.node(h + 1));
            assertThat(t.source(p.links()[h])).isEqualTo(p.node(h));
          }
        }
      }
    }
  }

  @Test
  void rejectsBadK() {
    Topology t = HandGraph.fatTree(4, false).build();
    assertThatThrownBy(() -> KShortestPaths.between(t, 0, 1, 0))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("k");
  }
}
