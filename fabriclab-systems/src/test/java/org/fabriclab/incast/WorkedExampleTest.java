package org.fabriclab.incast;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Seed 004, Fig. 3 and Fig. 4 (§III-B, §IV-A/B): BCube(4,1), receiver v0, senders {2,5,9,10,11,14}. */
class WorkedExampleTest {
  private final BCubeLabels bcube = new BCubeLabels(4, 1);
  private final IncastTransfer fig3 = IncastTransfer.unit(bcube, 0, 2, 5, 9, 10, 11, 14);

  @Test
  void rsTree10CostsEighteenWithFourteenLinks() {
    IncastTree t = new RsTreeBuilder(new int[] {1, 0}).build(fig3);
    assertThat(t.problem()).isNull();
    IncastTree.TreeMetrics m = t.metrics(0);
    assertThat(m.cost()).isEqualTo(18.0);
    assertThat(m.links()).isEqualTo(14);
    // Fig. 3(b): stage-1 set {2, 4, 8, 12}
    assertThat(stageOne(t)).containsExactlyInAnyOrder(2, 4, 8, 12);
  }

  @Test
  void rsTree01CostsSixteenWithTwelveLinks() {
    IncastTree t = new RsTreeBuilder(new int[] {0, 1}).build(fig3);
    assertThat(t.problem()).isNull();
    IncastTree.TreeMetrics m = t.metrics(0);
    assertThat(m.cost()).isEqualTo(16.0);
    assertThat(m.links()).isEqualTo(12);
    // the text's {1,3,4} is a misprint: the groups {5,9},{10,14},{11} meet at 1, 2, 3
    assertThat(stageOne(t)).containsExactlyInAnyOrder(1, 2, 3);
    // §III-C: v0, v1, v2, v3 aggregate in Fig. 3(c) (v0 as the receiver; v1, v2 in the network)
    assertThat(m.aggregating()).containsExactly(1, 2);
  }

  @Test
  void arsPicksSequence01() {
    IncastTree t = new ArsTreeBuilder().build(fig3);
    assertThat(t.sequence()).containsExactly(0, 1);
    assertThat(t.metrics(0).cost()).isEqualTo(16.0);
  }

  @Test
  void intraStageGivesFourteenWithElevenLinks() {
    IncastTree t = new IntraStageOptimization().build(fig3);
    assertThat(t.problem()).isNull();
    IncastTree.TreeMetrics m = t.metrics(0);
    assertThat(m.cost()).isEqualTo(14.0);
    assertThat(m.links()).isEqualTo(11);
    // server 11 now forwards to its dimension-0 neighbour 9 or 10
    assertThat(t.parentServer(t.indexOf(11))).isIn(9, 10);
  }

  @Test
  void receiverV3SharesTheUpperStage() {
    // Fig. 4(b): same senders, receiver v3, same sequence 01 — stage 2 → 1 unchanged
    IncastTree a = new RsTreeBuilder(new int[] {0, 1}).build(fig3);
    IncastTree b = new RsTreeBuilder(new int[] {0, 1}).build(fig3.withReceiver(3));
    for (int s : new int[] {5, 9, 10, 14, 11}) {
      assertThat(b.parentServer(b.indexOf(s))).isEqualTo(a.parentServer(a.indexOf(s)));
    }
  }

  @Test
  void existingMethodCostsTwentyTwo() {
    // 1 one-hop and 5 two-hop senders, no aggregation: 2·(1 + 5·2) = 22 (Fig. 3(a) cost)
    for (long seed = 1; seed <= 5; seed++) {
      IncastTree.TreeMetrics m = new ExistingMethod(seed).build(fig3).metrics(0);
      assertThat(m.cost()).isEqualTo(22.0);
      assertThat(m.aggregating()).isEmpty();
      assertThat(m.receiverInput()).isEqualTo(6.0);
    }
  }

  @Test
  void unicastDrivenCostsTwentyTwoMinusTwoPerMerge() {
    for (long seed = 1; seed <= 30; seed++) {
      IncastTree t = new UnicastDrivenTreeBuilder(seed).build(fig3);
      IncastTree.TreeMetrics m = t.metrics(0);
      assertThat(t.problem()).isNull();
      // each server where paths meet saves one flow of 2 hops-worth: cost 22 − 2·(merges)
      assertThat(m.cost()).isEqualTo(22.0 - 2 * merges(t));
      assertThat(m.cost()).isGreaterThanOrEqualTo(14.0);
    }
  }

  /** Servers (receiver excluded) where paths meet: inputs (children + own data) beyond the first. */
  static int merges(IncastTree t) {
    int merges = 0;
    int[] children = new int[t.size()];
    for (int i = 1; i < t.size(); i++) {
      children[t.parent()[i]]++;
    }
    for (int i = 1; i < t.size(); i++) {
      merges += Math.max(0, children[i] + (t.ownSize()[i] > 0 ? 1 : 0) - 1);
    }
    return merges;
  }

  @Test
  void exactMinimumIsTwelveWithSixEdges() {
    // by hand: 5→9→10→2→0 with 14→10 and 11→10 (each a one-digit hop) spans all senders with
    // 6 server-level edges, and 6 senders need at least 6 edges: cost 2·6 = 12; brute force agrees
    IncastTree t = new ExactIncastTreeBuilder().build(fig3);
    assertThat(t.problem()).isNull();
    assertThat(BruteForce.minimumEdges(fig3)).isEqualTo(6);
    assertThat(t.metrics(0).cost()).isEqualTo(12.0);
  }

  @Test
  void switchIdsFollowTheBCubeNumbering() {
    // Fig. 1: 16 servers, then level-0 switches 16..19, level-1 switches 20..23; v11 = 23 sits on
    // level-0 switch index 2 (digits 2,*) and level-1 switch index 3 (digits *,3)
    assertThat(bcube.switchId(0, 11)).isEqualTo(16 + 2);
    assertThat(bcube.switchId(1, 11)).isEqualTo(20 + 3);
    assertThat(bcube.switchId(1, 11))
        .isEqualTo(org.fabriclab.topology.bcube.BCube.switchId(4, 1, 1, 11));
  }

  private static java.util.List<Integer> stageOne(IncastTree t) {
    java.util.List<Integer> s = new java.util.ArrayList<>();
    for (int i = 1; i < t.size(); i++) {
      if (t.labels().hamming(t.nodes()[i], t.receiver()) == 1) {
        s.add(t.nodes()[i]);
      }
    }
    return s;
  }
}
