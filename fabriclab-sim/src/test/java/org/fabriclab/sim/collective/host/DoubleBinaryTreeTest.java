package org.fabriclab.sim.collective.host;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.junit.jupiter.api.Test;

/** The two trees of {@link DoubleBinaryTree}: shape, complementarity and the bytes each rank moves. */
class DoubleBinaryTreeTest {
  @Test
  void eightRanksAsDrawnByHand() {
    // tree 0: 0 -> 4; 4 -> 2, 6; 2 -> 1, 3; 6 -> 5, 7. Tree 1 mirrors it (r -> 7 - r):
    // 7 -> 3; 3 -> 5, 1; 5 -> 6, 4; 1 -> 2, 0
    DoubleBinaryTree.Tree t0 = DoubleBinaryTree.tree(8, 0);
    assertThat(t0.root()).isZero();
    assertThat(t0.parent()).containsExactly(-1, 2, 4, 2, 0, 6, 4, 6);
    assertThat(t0.children()[4]).containsExactly(2, 6);
    DoubleBinaryTree.Tree t1 = DoubleBinaryTree.tree(8, 1);
    assertThat(t1.root()).isEqualTo(7);
    assertThat(t1.parent()).containsExactly(1, 3, 1, 7, 5, 3, 5, -1);
    // six ranks: tree 0 is 0 -> 4; 4 -> 2, 5; 2 -> 1, 3 (4 + 2 is no rank, 4 + 1 is)
    assertThat(DoubleBinaryTree.tree(6, 0).parent()).containsExactly(-1, 2, 4, 2, 0, 4);
  }

  @Test
  void treesSpanTheRanksWithDepthLog2NAndComplementaryInnerNodes() {
    for (int n = 2; n <= 300; n++) {
      int depth = 32 - Integer.numberOfLeadingZeros(n - 1); // ceil(log2 n)
      DoubleBinaryTree.Tree[] ts = {DoubleBinaryTree.tree(n, 0), DoubleBinaryTree.tree(n, 1)};
      int[] inner = new int[n];
      for (DoubleBinaryTree.Tree t : ts) {
        int roots = 0;
        int edges = 0;
        for (int v = 0; v < n; v++) {
          roots += t.parent()[v] < 0 ? 1 : 0;
          assertThat(t.children()[v].length).as("n=%d rank %d", n, v).isLessThanOrEqualTo(2);
          int neighbours = t.children()[v].length + (t.parent()[v] < 0 ? 0 : 1);
          assertThat(neighbours).isBetween(1, 3);
          for (int c : t.children()[v]) {
            assertThat(t.parent()[c]).as("n=%d child %d of %d", n, c, v).isEqualTo(v);
            edges++;
          }
          inner[v] += t.children()[v].length > 0 ? 1 : 0;
        }
        assertThat(roots).isEqualTo(1);
        assertThat(edges).isEqualTo(n - 1);
        assertThat(t.depth()).as("n=%d", n).isEqualTo(depth);
      }
      for (int v = 0; v < n; v++) {
        // even n: inner in exactly one tree; odd n: rank 0 (tree 0's root) is inner in both
        int want = n % 2 == 1 && v == 0 ? 2 : 1;
        assertThat(inner[v]).as("n=%d rank %d", n, v).isEqualTo(want);
      }
    }
  }

  @Test
  void everyRankSendsAtMostTwiceTheBuffer() {
    // per tree a rank sends its half up once (not the root) and down once per child; summed over
    // the n - 1 edges of each tree: 2 (n - 1) sends of each half
    int n = 8;
    long size = 8L << 20;
    CollectiveSchedule s = new DoubleBinaryTree().build(
        CollectiveSpec.of(CollectiveOp.ALLREDUCE, n, size).withSegmentBytes(256 << 10));
    long total = 0;
    for (long b : s.bytesSentPerRank()) {
      total += b;
      assertThat(b).isLessThanOrEqualTo(2 * size);
    }
    assertThat(total).isEqualTo(2L * (n - 1) * size);
    // rank 4: in tree 0 one up and two down, in tree 1 (a leaf) one up: 3 S/2 + S/2
    assertThat(s.bytesSentPerRank()[4]).isEqualTo(2 * size);
    // 16 segments per half, 2 (n - 1) transfers each, plus the zero steps joining two children
    assertThat(s.messages()).isEqualTo(2 * 16 * 2 * (n - 1));
  }

  @Test
  void defaultSegmentIsHalfAMebibyte() {
    CollectiveSchedule s = new DoubleBinaryTree().build(CollectiveSpec.of(CollectiveOp.ALLREDUCE, 4, 4L << 20));
    // 2 MiB per tree: 4 segments, 2 (n - 1) = 6 transfers each, two trees
    assertThat(s.messages()).isEqualTo(2 * 4 * 6);
  }
}
