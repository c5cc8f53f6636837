package org.fabriclab.routing;

import org.fabriclab.analysis.HandGraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.junit.jupiter.api.Test;

class EcmpPathsTest {
  private static final Comparator<int[]> LEX = Arrays::compare;

  /**
   * Hand-built k=4 fat-tree. By hand: servers on one edge switch, 1 path of 2 hops; same pod, 2
   * paths of 4 hops (one per aggregation switch); different pods, 2 aggregation x 2 core = 4
   * paths of 6 hops. Servers are numbered pod by pod, edge by edge, 2 per edge switch.
   */
  @Test
  void fatTreeK4() {
    Topology t = HandGraph.fatTree(4, false).build();
    EcmpPaths ecmp = new EcmpPaths(t);
    int s0 = t.server(0);
    ShortestPathSet same = ecmp.query(s0, t.server(1), 10);
    assertThat(same.hops()).isEqualTo(2);
    assertThat(same.pathCount()).isEqualTo(1);
    ShortestPathSet pod = ecmp.query(s0, t.server(2), 10);
    assertThat(pod.hops()).isEqualTo(4);
    assertThat(pod.pathCount()).isEqualTo(2);
    ShortestPathSet far = ecmp.query(s0, t.server(4), 10);
    assertThat(far.hops()).isEqualTo(6);
    assertThat(far.pathCount()).isEqualTo(4);
    assertThat(far.paths()).hasSize(4).doesNotHaveDuplicates();
    assertThat(far.nextHopPorts()).containsExactly(0);
    assertThat(far.truncated()).isFalse();
    // From the edge switch, both uplinks (to the pod's two aggregation switches) are next hops.
    int edge = t.neighbor(s0, 0);
    ShortestPathSet up = ecmp.query(edge, t.server(4), 1);
    assertThat(up.pathCount()).isEqualTo(4);
    assertThat(up.paths()).hasSize(1);
    assertThat(up.truncated()).isTrue();
    assertThat(up.nextHopPorts()).hasSize(2);
    for (int p : up.nextHopPorts()) {
      int agg = t.neighbor(edge, p);
      assertThat(t.isServer(agg)).isFalse();
      assertThat(ecmp.query(agg, t.server(4), 0).hops()).isEqualTo(4);
    }
  }

  /** Random small graphs: count and node sequences against brute-force path enumeration. */
  @Test
  void matchesBruteForceOnRandomGraphs() {
    for (int seed = 0; seed < 40; seed++) {
      SplittableRandom rnd = new SplittableRandom(seed);
      HandGraph g = HandGraph.random(rnd, 3 + rnd.nextInt(6), rnd.nextInt(4), rnd.nextInt(8));
      Topology t = g.build();
      EcmpPaths ecmp = new EcmpPaths(t);
      for (int src = 0; src < g.n(); src++) {
        for (int dst = 0; dst < g.n(); dst++) {
          List<int[]> all = g.allSimplePaths(src, dst);
          int min = all.stream().mapToInt(p -> p.length - 1).min().orElse(-1);
          List<int[]> want = new ArrayList<>();
          for (int[] p : all) {
            if (p.length - 1 == min) {
              want.add(p);
            }
          }
          ShortestPathSet got = ecmp.query(src, dst, 1000);
          String at = "seed " + seed + " " + src + "->" + dst;
          assertThat(got.hops()).as(at).isEqualTo(min);
          assertThat(got.pathCount()).as(at).isEqualTo(want.size());
          List<int[]> gotNodes = new ArrayList<>();
          for (Path p : got.paths()) {
            gotNodes.add(p.nodes());
            checkLinks(t, p);
          }
          want.sort(LEX);
          gotNodes.sort(LEX);
          assertThat(gotNodes).as(at).containsExactlyElementsOf(want);
          checkPortOrder(t, got.paths());
        }
      }
    }
  }

  private static void checkLinks(Topology t, Path p) {
    for (int i = 0; i < p.hops(); i++) {
      int e = p.links()[i];
      assertThat(e).isBetween(t.firstLink(p.node(i)), t.firstLink(p.node(i) + 1) - 1);
      assertThat(t.target(e)).isEqualTo(p.node(i + 1));
    }
  }

  /** The listing order is depth-first in port order: port sequences strictly increasing. */
  private static void checkPortOrder(Topology t, List<Path> paths) {
    int[] prev = null;
    for (Path p : paths) {
      int[] ports = new int[p.hops()];
      for (int i = 0; i < ports.length; i++) {
        ports[i] = p.links()[i] - t.firstLink(p.node(i));
      }
      if (prev != null) {
        assertThat(Arrays.compare(prev, ports)).isNegative();
      }
      prev = ports;
    }
  }

  /** Parallel cables are distinct paths with the same nodes. */
  @Test
  void parallelCablesCountTwice() {
    HandGraph g = new HandGraph("par");
    int a = g.sw();
    int b = g.sw();
    int c = g.sw();
    g.cable(a, b).cable(a, b).cable(b, c);
    ShortestPathSet s = EcmpPaths.between(g.build(), a, c, 5);
    assertThat(s.pathCount()).isEqualTo(2);
    assertThat(s.paths().get(0).nodes()).containsExactly(a, b, c);
    assertThat(s.paths().get(1).nodes()).containsExactly(a, b, c);
    assertThat(s.paths().get(0)).isNotEqualTo(s.paths().get(1));
    assertThat(s.nextHopPorts()).containsExactly(0, 1);
  }

  /**
   * Layered graph: source → layer 0, L layers of 8 nodes fully cabled to the next, last layer →
   * sink: 8^L shortest paths. 8^20 = 2^60 fits a long; 8^25 saturates.
   */
  @Test
  void pathCountIsExactThenSaturates() {
    assertThat(layered(20).pathCount()).isEqualTo(1L << 60);
    assertThat(layered(25).pathCount()).isEqualTo(Long.MAX_VALUE);
    assertThat(layered(25).paths()).hasSize(3);
  }

  private static ShortestPathSet layered(int layers) {
    HandGraph g = new HandGraph("layers");
    int src = g.sw();
    int[] prev = {src};
    for (int l = 0; l < layers; l++) {
      int[] cur = new int[8];
      for (int i = 0; i < 8; i++) {
        cur[i] = g.sw();
        for (int p : prev) {
          g.cable(p, cur[i]);
        }
      }
      prev = cur;
    }
    int dst = g.sw();
    for (int p : prev) {
      g.cable(p, dst);
    }
    return EcmpPaths.between(g.build(), src, dst, 3);
  }

  @Test
  void unreachableSelfAndBadArguments() {
    HandGraph g = new HandGraph("oneway");
    int a = g.sw();
    int b = g.sw();
    g.oneWay(a, b);
    Topology t = g.build();
    ShortestPathSet none = EcmpPaths.between(t, b, a, 5);
    assertThat(none.reachable()).isFalse();
    assertThat(none.pathCount()).isZero();
    assertThat(none.paths()).isEmpty();
    assertThat(EcmpPaths.between(t, a, b, 5).hops()).isEqualTo(1);
    ShortestPathSet self = EcmpPaths.between(t, a, a, 5);
    assertThat(self.hops()).isZero();
    assertThat(self.pathCount()).isEqualTo(1);
    assertThatThrownBy(() -> EcmpPaths.between(t, 2, a, 1))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("src");
    assertThatThrownBy(() -> EcmpPaths.between(t, a, b, -1))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("limit");
  }
}
