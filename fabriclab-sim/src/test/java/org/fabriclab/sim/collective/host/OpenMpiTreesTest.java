package org.fabriclab.sim.collective.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Open MPI 4.1's broadcast trees and algorithms against the examples its sources document
 * ({@code coll_base_topo.c}: the k-nomial trees of 10 ranks; {@code coll_base_bcast.c}: the
 * scatter + recursive-doubling allgather of 8 ranks) and against transfer lists derived by hand
 * from the algorithms' descriptions.
 */
class OpenMpiTreesTest {
  private record T(int from, int to, long bytes, int[] after) {
    @Override
    public String toString() {
      return from + "->" + to + ":" + bytes;
    }
  }

  private static List<T> record(java.util.function.Consumer<MpiBcastSchedules.Sink> algo) {
    List<T> out = new ArrayList<>();
    algo.accept((from, to, bytes, block, after) -> {
      out.add(new T(from, to, bytes, after.clone()));
      return out.size() - 1;
    });
    return out;
  }

  private static List<String> names(List<T> ts) {
    return ts.stream().map(T::toString).toList();
  }

  @Test
  void knomialTreesOfTenRanksAsOpenMpiDrawsThem() {
    // radix 2: 0 -> 8 4 2 1; 4 -> 6 5; 6 -> 7; 2 -> 3; 8 -> 9
    assertThat(OpenMpiTrees.knomialChildren(0, 10, 2)).containsExactly(8, 4, 2, 1);
    assertThat(OpenMpiTrees.knomialChildren(4, 10, 2)).containsExactly(6, 5);
    assertThat(OpenMpiTrees.knomialChildren(6, 10, 2)).containsExactly(7);
    assertThat(OpenMpiTrees.knomialChildren(8, 10, 2)).containsExactly(9);
    // radix 3: 0 -> 9 3 6 1 2; 3 -> 4 5; 6 -> 7 8
    assertThat(OpenMpiTrees.knomialChildren(0, 10, 3)).containsExactly(9, 3, 6, 1, 2);
    assertThat(OpenMpiTrees.knomialChildren(3, 10, 3)).containsExactly(4, 5);
    assertThat(OpenMpiTrees.knomialChildren(6, 10, 3)).containsExactly(7, 8);
    // radix 4: 0 -> 4 8 1 2 3; 4 -> 5 6 7; 8 -> 9
    assertThat(OpenMpiTrees.knomialChildren(0, 10, 4)).containsExactly(4, 8, 1, 2, 3);
    assertThat(OpenMpiTrees.knomialChildren(4, 10, 4)).containsExactly(5, 6, 7);
    assertThat(OpenMpiTrees.knomialChildren(8, 10, 4)).containsExactly(9);
    assertThat(OpenMpiTrees.knomialChildren(9, 10, 4)).isEmpty();
  }

  @Test
  void theBinaryTreeFillsLevelsWithStridedChildren() {
    // levels {0}, {1, 2}, {3..6}: children of v on level l are v + 2^l and v + 2·2^l
    assertThat(OpenMpiTrees.binaryTreeChildren(0, 7)).containsExactly(1, 2);
    assertThat(OpenMpiTrees.binaryTreeChildren(1, 7)).containsExactly(3, 5);
    assertThat(OpenMpiTrees.binaryTreeChildren(2, 7)).containsExactly(4, 6);
    assertThat(OpenMpiTrees.binaryTreeChildren(3, 12)).containsExactly(7, 11);
    assertThat(OpenMpiTrees.binaryTreeChildren(3, 7)).isEmpty();
  }

  @Test
  void aGenericTreeRankSendsOnceItHoldsTheMessage() {
    List<T> ts = record(s -> OpenMpiTrees.generic(5, 100, (v, n) -> OpenMpiTrees.knomialChildren(v, n, 4), s));
    assertThat(names(ts)).containsExactly("0->4:100", "0->1:100", "0->2:100", "0->3:100");
    for (T t : ts) {
      assertThat(t.after()).isEmpty(); // the root's sends start together
    }
    List<T> b = record(s -> OpenMpiTrees.generic(4, 100, OpenMpiTrees::binaryTreeChildren, s));
    assertThat(names(b)).containsExactly("0->1:100", "0->2:100", "1->3:100");
    assertThat(b.get(2).after()).containsExactly(0);
  }

  @Test
  void scatterAllgatherOfEightRanksAsOpenMpiDrawsIt() {
    List<T> ts = record(s -> OpenMpiTrees.scatterAllgather(8, 8, s));
    assertThat(names(ts)).containsExactly(
        // binomial scatter
        "0->4:4", "0->2:2", "0->1:1", "2->3:1", "4->6:2", "4->5:1", "6->7:1",
        // recursive doubling: 1, 2, then 4 blocks with v XOR 2^i
        "0->1:1", "1->0:1", "2->3:1", "3->2:1", "4->5:1", "5->4:1", "6->7:1", "7->6:1",
        "0->2:2", "1->3:2", "2->0:2", "3->1:2", "4->6:2", "5->7:2", "6->4:2", "7->5:2",
        "0->4:4", "1->5:4", "2->6:4", "3->7:4", "4->0:4", "5->1:4", "6->2:4", "7->3:4");
    // rank 1 sends in round 2 only after both its round-1 send and receive
    assertThat(ts.get(16).after()).containsExactlyInAnyOrder(7, 8);
  }

  @Test
  void scatterAllgatherOfFiveRanksFillsTheMissingPartnerByHalving() {
    List<T> ts = record(s -> OpenMpiTrees.scatterAllgather(5, 5, s));
    assertThat(names(ts)).containsExactly(
        "0->4:1", "0->2:2", "0->1:1", "2->3:1",
        "0->1:1", "1->0:1", "2->3:1", "3->2:1",
        "0->2:2", "1->3:2", "2->0:2", "3->1:2",
        "0->4:4", "4->0:1",
        // rank 0 received rank 4's block: it halves it down to 2 and 1, rank 2 on to 3
        "0->2:1", "0->1:1", "2->3:1");
    // every rank ends with all 5 bytes: its own block plus what it received in the allgather
    long[] held = {1, 1, 1, 1, 1};
    for (int i = 4; i < ts.size(); i++) {
      held[ts.get(i).to()] += ts.get(i).bytes();
    }
    assertThat(held).containsExactly(5, 5, 5, 5, 5);
    assertThat(names(record(s -> OpenMpiTrees.scatterAllgather(5, 3, s))))
        .containsExactly("0->1:3", "0->2:3", "0->3:3", "0->4:3"); // fewer bytes than ranks: linear
  }

  @Test
  void theSplitBinaryTreeSendsHalvesDownThenExchangesThem() {
    List<T> odd = record(s -> OpenMpiTrees.splitBinaryTree(7, 10, s));
    assertThat(names(odd)).containsExactly(
        "0->1:5", "0->2:5", "1->3:5", "1->5:5", "2->4:5", "2->6:5",
        "1->2:5", "2->1:5", "3->4:5", "4->3:5", "5->6:5", "6->5:5");
    assertThat(odd.get(1).after()).containsExactly(0); // blocking sends, one after the other
    assertThat(odd.get(6).after()).containsExactly(3); // rank 1 exchanges after its last forward
    List<T> even = record(s -> OpenMpiTrees.splitBinaryTree(4, 9, s));
    // halves 5 and 4; with an even number of ranks the root hands the second half to rank 3
    assertThat(names(even)).containsExactly("0->1:5", "0->2:4", "1->3:5", "0->3:4", "1->2:5", "2->1:4");
  }
}
