package org.fabriclab.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.junit.jupiter.api.Test;

/**
 * The sizes the analyses are meant for, checked for exact results (closed form, thread
 * invariance). Their speed is measured by {@code fabriclab bench topo} and the JMH benchmarks,
 * never asserted in unit tests (docs/benchmarks.md).
 */
class LargeInstancesTest {
  /** Fat-tree k=48 without orbit hint: 27,648 servers, 2,880 switches; closed form. */
  @Test
  void fatTree48ServerPairs() {
    Topology t = HandGraph.fatTree(48, false).build();
    assertThat(t.serverCount()).isEqualTo(27_648);
    assertThat(t.switchCount()).isEqualTo(2_880);
    long s = 27_648;
    long h = 24;
    HopHistogram got = ServerPairDistances.compute(t, 2, Long.MAX_VALUE, 1);
    assertThat(got)
        .isEqualTo(
            new HopHistogram(
                new long[] {0, 0, s * (h - 1), 0, s * (h - 1) * h, 0, s * 47 * h * h}, 0, false));
    assertThat(ServerPairDistances.compute(t, 1, Long.MAX_VALUE, 1)).isEqualTo(got);
  }

  /**
   * 2,000 switches, degree about 10 (five random permutations, self-loops dropped): all switch
   * pairs; thread counts agree; connected, so every ordered pair is counted.
   */
  @Test
  void randomRegular2000SwitchPairs() {
    int n = 2000;
    TopologyBuilder b = new TopologyBuilder("random", "n=2000,d=10", n, 10 * n);
    b.addNodes(NodeRole.PACKET_SWITCH, n);
    SplittableRandom rnd = new SplittableRandom(3);
    for (int round = 0; round < 5; round++) {
      int[] perm = new int[n];
      for (int i = 0; i < n; i++) {
        perm[i] = i;
      }
      for (int i = n - 1; i > 0; i--) {
        int j = rnd.nextInt(i + 1);
        int x = perm[i];
        perm[i] = perm[j];
        perm[j] = x;
      }
      for (int i = 0; i < n; i++) {
        if (perm[i] != i) {
          b.addCable(i, perm[i]);
        }
      }
    }
    Topology t = b.build();
    HopHistogram got = SwitchPairDistances.compute(t, 2, Long.MAX_VALUE, 1);
    assertThat(got.pairs()).isEqualTo((long) n * (n - 1));
    assertThat(got.unreachablePairs()).isZero();
    // Moore bound: at most 10 * 9^(h-1) nodes at h hops from any node.
    assertThat(got.count(1)).isLessThanOrEqualTo((long) n * 10);
    assertThat(got.count(2)).isLessThanOrEqualTo((long) n * 90);
    assertThat(SwitchPairDistances.compute(t, 1, Long.MAX_VALUE, 1)).isEqualTo(got);
  }
}
