package org.fabriclab.incast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.junit.jupiter.api.Test;

/** Seed 004 §IV-C–E: joins, leaves, receiver replacement and failures. */
class DynamicsTest {
  private final BCubeLabels L = new BCubeLabels(4, 1);
  private final IncastTransfer fig3 = IncastTransfer.unit(L, 0, 2, 5, 9, 10, 11, 14);
  private final IncastTree rs01 = new RsTreeBuilder(new int[] {0, 1}).build(fig3);

  @Test
  void joinAndLeaveKeepOtherPaths() {
    SplittableRandom rnd = new SplittableRandom(4);
    BCubeLabels big = new BCubeLabels(6, 4);
    for (int round = 0; round < 50; round++) {
      IncastTransfer t = IncastTransfer.random(big, 40, rnd);
      IncastTree tree = new ArsTreeBuilder().build(t);
      int s;
      do {
        s = rnd.nextInt(big.serverCount());
      } while (s == t.receiver() || t.senderIndex(s) >= 0);
      TreeUpdate join = IncastTreeUpdater.join(tree, t, s);
      assertThat(join.after().problem()).isNull();
      assertThat(join.removed()).isEmpty();
      assertThat(join.added().size()).isLessThanOrEqualTo(big.hamming(s, t.receiver()));
      TreeUpdate leave = IncastTreeUpdater.leave(join.after(), join.transfer(), s);
      assertThat(leave.added()).isEmpty();
      assertThat(TreeUpdate.parents(leave.after())).isEqualTo(TreeUpdate.parents(tree));
      int gone = t.senders()[rnd.nextInt(t.senderCount())];
      TreeUpdate l2 = IncastTreeUpdater.leave(tree, t, gone);
      assertThat(l2.added()).isEmpty();
      assertThat(l2.after().problem()).isNull();
    }
  }

  @Test
  void receiverV3ReusesTheUpperStage() {
    // Fig. 4: v0 and v3 are neighbours in e1 = 0, so stage 2 -> 1 is reused
    TreeUpdate u = IncastTreeUpdater.replaceReceiver(rs01, fig3, 3);
    assertThat(u.after().problem()).isNull();
    assertThat(u.after().receiver()).isEqualTo(3);
    for (int s : new int[] {5, 9, 10, 11, 14}) {
      assertThat(u.after().parentServer(u.after().indexOf(s))).isEqualTo(rs01.parentServer(rs01.indexOf(s)));
    }
    assertThat(u.reusedEdges()).isEqualTo(5);
    // best substitutes: neighbours of v0 in e1 = 0 first (1, 3; 2 is a sender), then in e2 = 1
    assertThat(IncastTreeUpdater.substitutes(rs01, fig3)).startsWith(1, 3, 4, 8, 12);
  }

  @Test
  void failedRelayV3IsRoutedAround() {
    // §IV-E: v3 fails in Fig. 3(c); v11 reroutes around it
    TreeUpdate u = IncastFaultHandler.failServer(rs01, fig3, 3, 0);
    assertThat(u.after().problem()).isNull();
    assertThat(u.after().indexOf(3)).isEqualTo(-1);
    assertThat(u.after().senders()).containsExactly(fig3.senders());
    assertThat(u.resentTraffic()).isZero();
  }

  @Test
  void failedAggregatorMakesItsSendersResend() {
    // v1 aggregates v5 and v9: both flows (2 units each, switch included) are sent again
    TreeUpdate u = IncastFaultHandler.failServer(rs01, fig3, 1, 0);
    assertThat(u.after().problem()).isNull();
    assertThat(u.after().indexOf(1)).isEqualTo(-1);
    assertThat(u.resentTraffic()).isEqualTo(4.0);
  }

  @Test
  void linkAndSwitchFailuresTakeDisjointDetours() {
    // the level-0 switch of v0 carries 1->0, 2->0, 3->0 in Fig. 3(c)
    TreeUpdate sw = IncastFaultHandler.failSwitch(rs01, fig3, 0, 0);
    assertThat(sw.detours()).hasSize(3);
    for (int[] d : sw.detours()) {
      assertThat(d).hasSize(4);
      for (int i = 0; i + 1 < d.length; i++) {
        int level = L.differingDigit(d[i], d[i + 1]);
        assertThat(level).isNotNegative();
        assertThat(L.switchId(level, d[i])).isNotEqualTo(L.switchId(0, 0));
      }
    }
    assertThat(IncastFaultHandler.detourCost(sw, 0)).isEqualTo(3 * 4.0);
    TreeUpdate link = IncastFaultHandler.failLink(rs01, fig3, 2, 0);
    assertThat(link.detours()).hasSize(1);
  }

  @Test
  void detoursNeverLoopThroughTheReceiverOrTheSubtree() {
    // BCube(2,1): servers 0=(0,0) 1=(1,0) 2=(0,1) 3=(1,1). RS 10 routes 3 -> 2 -> 0.
    BCubeLabels b = new BCubeLabels(2, 1);
    IncastTransfer t = IncastTransfer.unit(b, 0, 3);
    IncastTree tree = new RsTreeBuilder(new int[] {1, 0}).build(t);
    assertThat(tree.parentServer(tree.indexOf(3))).isEqualTo(2);
    assertThat(tree.parentServer(tree.indexOf(2))).isEqualTo(0);
    assertThat(tree.metrics(0).cost()).isEqualTo(4.0);
    // cable 3–level-0 switch fails: the other way out of 3 is its level-1 switch to 1, then 1's
    // level-0 switch to the receiver 0: 3 -> 1 -> 0, two hops as before, cost stays 2·2 = 4
    TreeUpdate link = IncastFaultHandler.failLink(tree, t, 3, 0);
    assertThat(link.detours()).hasSize(1);
    assertThat(link.detours().get(0)).containsExactly(3, 1, 0);
    assertThat(tree.metrics(0).cost() + IncastFaultHandler.detourCost(link, 0)).isEqualTo(4.0);
    // level-1 switch of 0 (joining 0 and 2) fails: 2's only other neighbour is its child 3, so
    // the relay 2 drops out and 3 goes 3 -> 1 -> 0 itself (not 2 -> 3 -> 1 -> 0), cost 4
    TreeUpdate sw = IncastFaultHandler.failSwitch(tree, t, 0, 1);
    assertThat(sw.detours()).hasSize(1);
    assertThat(sw.detours().get(0)).containsExactly(3, 1, 0);
    assertThat(tree.metrics(0).cost() + IncastFaultHandler.detourCost(sw, 0)).isEqualTo(4.0);
  }

  @Test
  void randomSwitchFailuresGiveLoopFreeDetoursThatJoinAnAncestor() {
    SplittableRandom rnd = new SplittableRandom(21);
    BCubeLabels big = new BCubeLabels(4, 2);
    int detours = 0;
    for (int round = 0; round < 80; round++) {
      IncastTransfer t = IncastTransfer.random(big, 1 + rnd.nextInt(20), rnd);
      IncastTree tree = new IntraStageOptimization().build(t);
      int server = tree.nodes()[rnd.nextInt(tree.size())];
      int level = rnd.nextInt(big.dims());
      long failed = big.switchId(level, server);
      TreeUpdate u = IncastFaultHandler.failSwitch(tree, t, server, level);
      detours += u.detours().size();
      for (int[] d : u.detours()) {
        assertThat(java.util.Arrays.stream(d).distinct().count()).isEqualTo(d.length);
        for (int i = 0; i + 1 < d.length; i++) {
          int hop = big.differingDigit(d[i], d[i + 1]);
          assertThat(hop).isNotNegative();
          assertThat(big.switchId(hop, d[i])).isNotEqualTo(failed);
          assertThat(d[i]).isNotEqualTo(t.receiver());
        }
        // the last server is a tree ancestor of the first; none in between is in the tree
        // path above the first or below it
        java.util.Set<Integer> up = new java.util.HashSet<>();
        for (int v = tree.parent()[tree.indexOf(d[0])]; v >= 0; v = tree.parent()[v]) {
          up.add(tree.nodes()[v]);
        }
        assertThat(up).contains(d[d.length - 1]);
        for (int i = 1; i + 1 < d.length; i++) {
          assertThat(up).doesNotContain(d[i]);
          int idx = tree.indexOf(d[i]);
          for (int v = idx; v >= 0; v = tree.parent()[v]) {
            assertThat(tree.nodes()[v]).isNotEqualTo(d[0]);
          }
        }
      }
    }
    assertThat(detours).isPositive();
  }

  @Test
  void randomFailuresKeepValidTrees() {
    SplittableRandom rnd = new SplittableRandom(8);
    BCubeLabels big = new BCubeLabels(5, 3);
    for (int round = 0; round < 60; round++) {
      IncastTransfer t = IncastTransfer.random(big, 30, rnd);
      IncastTree tree = new IntraStageOptimization().build(t);
      int victim = tree.nodes()[1 + rnd.nextInt(tree.size() - 1)];
      TreeUpdate u = IncastFaultHandler.failServer(tree, t, victim, 0);
      assertThat(u.after().problem()).isNull();
      assertThat(u.after().indexOf(victim)).isEqualTo(-1);
    }
  }

  @Test
  void badUpdates() {
    assertThatThrownBy(() -> IncastTreeUpdater.join(rs01, fig3, 5)).isInstanceOf(InvalidParameterException.class);
    assertThatThrownBy(() -> IncastTreeUpdater.leave(rs01, fig3, 4)).isInstanceOf(InvalidParameterException.class);
    assertThatThrownBy(() -> IncastFaultHandler.failServer(rs01, fig3, 0, 0)).isInstanceOf(InvalidParameterException.class);
  }
}
