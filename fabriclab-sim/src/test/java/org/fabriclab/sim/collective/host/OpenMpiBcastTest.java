package org.fabriclab.sim.collective.host;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveSchemes;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.junit.jupiter.api.Test;

/** The {@code ompi} scheme: the rule's choice and its schedule. */
class OpenMpiBcastTest {
  @Test
  void decisionsOfTheRule() {
    assertThat(OpenMpiBcast.decide(4, 64 * 1024)).isEqualTo(
        new OpenMpiBcast.Decision(OpenMpiBcast.Algorithm.LINEAR, 0, 0));
    assertThat(OpenMpiBcast.decide(5, 1 << 20)).isEqualTo(
        new OpenMpiBcast.Decision(OpenMpiBcast.Algorithm.CHAIN, 0, 4));
    assertThat(OpenMpiBcast.decide(2, 8)).isEqualTo(
        new OpenMpiBcast.Decision(OpenMpiBcast.Algorithm.PIPELINE, 0, 1));
    assertThat(OpenMpiBcast.decide(64, (1 << 20) - 1).algorithm()).isEqualTo(OpenMpiBcast.Algorithm.BINOMIAL);
    assertThat(OpenMpiBcast.decide(64, 1 << 20).algorithm()).isEqualTo(OpenMpiBcast.Algorithm.SCATTER_ALLGATHER_RING);
  }

  @Test
  void schedulesAreTheNamedAlgorithms() {
    CollectiveSpec small = CollectiveSpec.of(CollectiveOp.BROADCAST, 16, 1000).withRoot(5);
    assertThat(text(new OpenMpiBcast().build(small))).isEqualTo(text(new BinomialTree().build(small)));
    CollectiveSpec big = CollectiveSpec.of(CollectiveOp.BROADCAST, 16, 3 << 20).withRoot(5);
    assertThat(text(new OpenMpiBcast().build(big))).isEqualTo(text(new ScatterAllgather().build(big)));
    // 4 ranks, 64 KiB: linear, the root sends three copies at once
    CollectiveSchedule lin = new OpenMpiBcast().build(CollectiveSpec.of(CollectiveOp.BROADCAST, 4, 65536).withRoot(2));
    assertThat(text(lin)).isEqualTo("2->[3] 65536 []\n2->[0] 65536 []\n2->[1] 65536 []\n");
    // 7 ranks, 2 MiB: chain, four runs of ranks 1-1, 2-3, 4-4, 5-6
    CollectiveSchedule ch = new OpenMpiBcast().build(CollectiveSpec.of(CollectiveOp.BROADCAST, 7, 2 << 20));
    assertThat(text(ch).replace(" 2097152", "")).isEqualTo(
        "0->[1] []\n0->[2] []\n2->[3] [1]\n0->[4] []\n0->[5] []\n5->[6] [4]\n");
    // 7 ranks, 1 KiB: binary tree, v -> 2v + 1, 2v + 2
    CollectiveSchedule bt = new OpenMpiBcast().build(CollectiveSpec.of(CollectiveOp.BROADCAST, 7, 1024));
    assertThat(text(bt).replace(" 1024", "")).isEqualTo(
        "0->[1] []\n0->[2] []\n1->[3] [0]\n1->[4] [0]\n2->[5] [1]\n2->[6] [1]\n");
  }

  @Test
  void registeredWithTheDoubleBinaryTree() {
    CollectiveSchemes all = CollectiveSchemes.load();
    assertThat(all.get("ompi", CollectiveOp.BROADCAST)).isInstanceOf(OpenMpiBcast.class);
    assertThat(all.get("nccltree", CollectiveOp.ALLREDUCE)).isInstanceOf(DoubleBinaryTree.class);
  }

  static String text(CollectiveSchedule s) {
    StringBuilder sb = new StringBuilder();
    for (int v = 0; v < s.size(); v++) {
      int[] d = new int[s.dependencyCount(v)];
      for (int i = 0; i < d.length; i++) {
        d[i] = s.dependency(v, i);
      }
      sb.append(s.rank(v)).append("->").append(java.util.Arrays.toString(s.receivers(v))).append(' ')
          .append(s.bytes(v)).append(' ').append(java.util.Arrays.toString(d)).append('\n');
    }
    return sb.toString();
  }
}
