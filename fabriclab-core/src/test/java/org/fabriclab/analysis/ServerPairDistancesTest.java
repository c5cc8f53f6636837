package org.fabriclab.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.ServerOrbits;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.junit.jupiter.api.Test;

class ServerPairDistancesTest {
  private static HopHistogram exact(Topology t, int threads) {
    return ServerPairDistances.compute(t, threads, Long.MAX_VALUE, 7);
  }

  /** Random fabrics with mixed attachments against JGraphT Floyd–Warshall. */
  @Test
  void matchesFloydWarshallOnRandomSmallFabrics() {
    for (int seed = 0; seed < 60; seed++) {
      SplittableRandom rnd = new SplittableRandom(seed);
      HandGraph g = HandGraph.random(rnd, 2 + rnd.nextInt(12), rnd.nextInt(25), rnd.nextInt(15));
      assertThat(exact(g.build(), 1)).as("seed %d", seed).isEqualTo(g.floydHistogram(g::isServer));
    }
  }

  /** Larger random fabrics: the attachment grouping equals a naive BFS from every server. */
  @Test
  void groupingMatchesNaiveAllServerBfs() {
    for (int seed = 100; seed < 106; seed++) {
      SplittableRandom rnd = new SplittableRandom(seed);
      HandGraph g = HandGraph.random(rnd, 60, 400, 80);
      Topology t = g.build();
      HopHistogram want = g.naiveHistogram(g::isServer);
      assertThat(exact(t, 1)).as("seed %d", seed).isEqualTo(want);
      assertThat(exact(t, 2)).as("seed %d, 2 threads", seed).isEqualTo(want);
      assertThat(exact(t, 3)).as("seed %d, 3 threads", seed).isEqualTo(want);
    }
  }

  /**
   * A hand-built 2-level tree: root, 3 ToRs, 4 servers each. By hand: per server 3 others at 2
   * hops, 8 at 4 hops. The orbit path (one BFS) and the grouping path (3 BFS) agree with it.
   */
  @Test
  void orbitPathEqualsGroupingPathOnSymmetricTree() {
    HopHistogram want = new HopHistogram(new long[] {0, 0, 12 * 3, 0, 12 * 8}, 0, false);
    for (boolean declare : new boolean[] {false, true}) {
      HandGraph g = new HandGraph("tree");
      int root = g.sw();
      int firstServer = -1;
      for (int r = 0; r < 3; r++) {
        int tor = g.sw();
        g.cable(root, tor);
        for (int s = 0; s < 4; s++) {
          int srv = g.server();
          firstServer = firstServer < 0 ? srv : firstServer;
          g.cable(tor, srv);
        }
      }
      if (declare) {
        g.orbits(ServerOrbits.transitive(firstServer, 12));
      }
      assertThat(exact(g.build(), 1)).as("orbits declared: %s", declare).isEqualTo(want);
    }
  }

  /** Fat-tree k=4 and k=8: per server k/2-1 at 2 hops, (k/2-1)k/2 at 4, (k-1)(k/2)^2 at 6. */
  @Test
  void fatTreeClosedFormByBothPaths() {
    for (int k : new int[] {4, 8}) {
      long s = (long) k * k * k / 4;
      long h = k / 2;
      HopHistogram want =
          new HopHistogram(
              new long[] {0, 0, s * (h - 1), 0, s * (h - 1) * h, 0, s * (k - 1) * h * h}, 0, false);
      assertThat(exact(HandGraph.fatTree(k, false).build(), 2)).isEqualTo(want);
      assertThat(exact(HandGraph.fatTree(k, true).build(), 1)).isEqualTo(want);
    }
  }

  /**
   * BCube(n,k): two servers differing in j digits are 2j hops apart, C(k+1,j)(n-1)^j per server
   * (seed 004 §II). Multi-homed servers: every server is a BFS source without orbits.
   */
  @Test
  void bcubeClosedFormWithAndWithoutOrbits() {
    int[][] cases = {{3, 1}, {4, 1}, {2, 3}, {3, 2}};
    for (int[] c : cases) {
      HopHistogram want = bcubeClosedForm(c[0], c[1]);
      assertThat(exact(HandGraph.bcube(c[0], c[1], false).build(), 2)).isEqualTo(want);
      assertThat(exact(HandGraph.bcube(c[0], c[1], true).build(), 1)).isEqualTo(want);
    }
  }

  private static HopHistogram bcubeClosedForm(int n, int k) {
    long servers = (long) Math.pow(n, k + 1);
    long[] counts = new long[2 * (k + 1) + 1];
    long binom = 1;
    for (int j = 1; j <= k + 1; j++) {
      binom = binom * (k + 2 - j) / j;
      counts[2 * j] = servers * binom * (long) Math.pow(n - 1, j);
    }
    return new HopHistogram(counts, 0, false);
  }

  /** BCube(8,5), 458,752 nodes and 3.1 M directed links, with its orbit hint: one BFS. */
  @Test
  void bcube85FromOrbitsIsOneBfs() {
    int n = 8;
    int k = 5;
    int servers = 262_144;
    int perLevel = servers / n;
    TopologyBuilder b =
        new TopologyBuilder("bcube", "n=8,k=5", servers + 6 * perLevel, 2 * 6 * servers);
    b.addNodes(NodeRole.SERVER, servers);
    b.addNodes(NodeRole.PACKET_SWITCH, 6 * perLevel);
    for (int l = 0, pow = 1; l <= k; l++, pow *= n) {
      for (int s = 0; s < servers; s++) {
        b.addCable(s, servers + l * perLevel + (s / (pow * n)) * pow + s % pow);
      }
    }
    b.serverOrbits(ServerOrbits.transitive(0, servers));
    Topology t = b.build();
    assertThat(ServerPairDistances.sourceCount(t)).isEqualTo(1);
    assertThat(exact(t, 2)).isEqualTo(bcubeClosedForm(n, k));
  }

  /** Sampling: fat-tree edge switches all see the same distribution, so scaling is exact. */
  @Test
  void samplingScalesToTheTotalAndIsSeedDeterministic() {
    Topology t = HandGraph.fatTree(8, false).build();
    assertThat(ServerPairDistances.sourceCount(t)).isEqualTo(32);
    HopHistogram exact = exact(t, 1);
    HopHistogram sampled = ServerPairDistances.compute(t, 2, 5, 99);
    assertThat(sampled.estimated()).isTrue();
    assertThat(sampled.counts()).containsExactly(exact.counts());
    assertThat(ServerPairDistances.compute(t, 1, 5, 99)).isEqualTo(sampled);
  }

  /** On an asymmetric graph a sample keeps the pair total up to rounding, for any thread count. */
  @Test
  void samplingOnAsymmetricGraphKeepsTheTotal() {
    HandGraph g = HandGraph.random(new SplittableRandom(5), 40, 300, 30);
    Topology t = g.build();
    long total = 300L * 299;
    HopHistogram a = ServerPairDistances.compute(t, 1, 10, 1);
    assertThat(a.estimated()).isTrue();
    assertThat(Math.abs(a.totalPairs() - total)).isLessThanOrEqualTo(a.counts().length + 1);
    assertThat(ServerPairDistances.compute(t, 2, 10, 1)).isEqualTo(a);
  }

  @Test
  void fewerThanTwoServersGiveAnEmptyHistogram() {
    HandGraph g = new HandGraph("one");
    g.cable(g.sw(), g.server());
    assertThat(exact(g.build(), 1)).isEqualTo(HopHistogram.empty());
  }

  @Test
  void rejectsBadArguments() {
    Topology t = HandGraph.fatTree(4, false).build();
    assertThatThrownBy(() -> ServerPairDistances.compute(t, 0, 10, 1))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("threads");
    assertThatThrownBy(() -> ServerPairDistances.compute(t, 1, 0, 1))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("max-sources");
  }
}
