package org.fabriclab.sim.collective.host;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveSchemes;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.junit.jupiter.api.Test;

/**
 * The {@code ompi} scheme: the rule's choice against the rows of Open MPI 4.1's {@code
 * ompi_coll_tuned_bcast_intra_dec_fixed} ({@code coll_tuned_decision_fixed.c}, v4.1.8), and its
 * schedules against transfer lists written by hand from Open MPI's tree definitions.
 */
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
  void openMpi41RowsAtTheirBoundaries() {
    OpenMpiBcast.Rule r = OpenMpiBcast.Rule.OPEN_MPI_4_1;
    Object[][] rows = {
        // ranks, bytes, algorithm (Open MPI's number in the comment)
        {3, 600L, "KNOMIAL"}, {3, 1 << 20, "BINARY_TREE"}, {5, 1 << 20, "CHAIN"}, // 7, 5, 2
        {8, 7L, "KNOMIAL"}, {8, 8L, "BINARY_TREE"}, {15, 4095L, "KNOMIAL"}, {15, 4096L, "BINARY_TREE"},
        {15, 16384L, "BINOMIAL"}, {15, 32768L, "LINEAR"}, // 7, 5, 7, 5, 6, 1
        {16, 4095L, "KNOMIAL"}, {31, (1 << 20) - 1, "BINOMIAL"}, {31, 1 << 20, "SCATTER_ALLGATHER"}, // 7, 6, 8
        {32, 2047L, "BINOMIAL"}, {63, 2048L, "KNOMIAL"}, {64, 1L, "KNOMIAL"}, {127, 1L << 30, "KNOMIAL"},
        {128, 1L, "BINOMIAL"}, {128, 2L, "BINARY_TREE"}, {255, 16384L, "LINEAR"}, {255, 32768L, "BINARY_TREE"},
        {255, 65536L, "KNOMIAL"}, // 6, 5, 1, 5, 7
        {256, 16383L, "KNOMIAL"}, {1023, 16384L, "SPLIT_BINARY_TREE"}, {1023, 32768L, "KNOMIAL"}, // 7, 4, 7
        {1024, 524287L, "KNOMIAL"}, {2047, 524288L, "SCATTER_ALLGATHER"}, {2048, 262143L, "KNOMIAL"},
        {4095, 262144L, "SCATTER_ALLGATHER"}, {4096, 8191L, "KNOMIAL"}, {4096, 8192L, "BINARY_TREE"},
        {9999, 16384L, "KNOMIAL"}, {9999, 262144L, "SCATTER_ALLGATHER"}};
    for (Object[] row : rows) {
      long bytes = ((Number) row[1]).longValue();
      assertThat(OpenMpiBcast.decide((int) row[0], bytes, r).algorithm().name()).as("%s ranks, %d B", row[0], bytes)
          .isEqualTo(row[2]);
    }
    // the chain the fixed rule asks for with fan-out 0 is Open MPI's pipeline of one run
    assertThat(OpenMpiBcast.decide(5, 1 << 20, r).fanout()).isEqualTo(1);
  }

  @Test
  void schedulesAreTheNamedAlgorithms() {
    // 32 ranks, 1000 B: binomial
    CollectiveSpec small = CollectiveSpec.of(CollectiveOp.BROADCAST, 32, 1000).withRoot(5);
    assertThat(text(new OpenMpiBcast().build(small))).isEqualTo(text(new BinomialTree().build(small)));
    // 8 ranks, 4 B: k-nomial of radix 4, the root sends to 4, 1, 2, 3 at once, rank 4 on to 5, 6, 7
    CollectiveSchedule kn = new OpenMpiBcast().build(CollectiveSpec.of(CollectiveOp.BROADCAST, 8, 4));
    assertThat(text(kn).replace(" 4 [", " [")).isEqualTo(
        "0->[4] []\n0->[1] []\n0->[2] []\n0->[3] []\n4->[5] [0]\n4->[6] [0]\n4->[7] [0]\n");
    // 4 ranks, 64 KiB: linear, the root sends three copies at once
    CollectiveSchedule lin = new OpenMpiBcast().build(CollectiveSpec.of(CollectiveOp.BROADCAST, 4, 65536).withRoot(2));
    assertThat(text(lin)).isEqualTo("2->[3] 65536 []\n2->[0] 65536 []\n2->[1] 65536 []\n");
    // 7 ranks, 2 MiB: chain of one run (Open MPI's chain builder makes fan-out 0 a pipeline)
    CollectiveSchedule ch = new OpenMpiBcast().build(CollectiveSpec.of(CollectiveOp.BROADCAST, 7, 2 << 20));
    assertThat(text(ch).replace(" 2097152", "")).isEqualTo(
        "0->[1] []\n1->[2] [0]\n2->[3] [1]\n3->[4] [2]\n4->[5] [3]\n5->[6] [4]\n");
    // the baselines' reading of it: four runs of ranks 1-1, 2-3, 4-4, 5-6
    java.util.List<String> runs = new java.util.ArrayList<>();
    OpenMpiBcast.emit(7, 2 << 20, false, OpenMpiBcast.Rule.BASELINES, (from, to, b, block, after) -> {
      runs.add(from + "->" + to + java.util.Arrays.toString(after));
      return runs.size() - 1;
    });
    assertThat(runs).containsExactly("0->1[]", "0->2[]", "2->3[1]", "0->4[]", "0->5[]", "5->6[4]");
    // 7 ranks, 1 KiB: Open MPI's binary tree, levels {0}, {1, 2}, {3..6}: 1 -> 3, 5 and 2 -> 4, 6
    CollectiveSchedule bt = new OpenMpiBcast().build(CollectiveSpec.of(CollectiveOp.BROADCAST, 7, 1024));
    assertThat(text(bt).replace(" 1024", "")).isEqualTo(
        "0->[1] []\n0->[2] []\n1->[3] [0]\n1->[5] [0]\n2->[4] [1]\n2->[6] [1]\n");
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

  /**
   * {@link OpenMpiBcast#emitBaseline}'s chain with segments, written by hand: 5 ranks, 2 runs
   * (1→2 and 3→4 behind the root), 10 bytes in segments of 4: each segment goes down each run,
   * a hop waiting only for the same segment's previous hop.
   */
  @Test
  void segmentedChainOfTheBaselines() {
    StringBuilder got = new StringBuilder();
    int[] next = {0};
    OpenMpiBcast.emitBaseline(new OpenMpiBcast.Decision(OpenMpiBcast.Algorithm.CHAIN, 4, 2), 5, 10, false,
        (from, to, bytes, block, after) -> {
          got.append(from).append('>').append(to).append(':').append(bytes)
              .append(java.util.Arrays.toString(after)).append(' ');
          return next[0]++;
        });
    assertThat(got.toString().trim()).isEqualTo(
        "0>1:4[] 1>2:4[0] 0>3:4[] 3>4:4[2] 0>1:4[] 1>2:4[4] 0>3:4[] 3>4:4[6] 0>1:2[] 1>2:2[8] 0>3:2[] 3>4:2[10]");
  }
}
