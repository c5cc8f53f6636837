package org.fabriclab.incast;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Seeded property loops over small BCubes: validity, exactness, orderings of the builders. */
class BuilderPropertiesTest {
  private static final int[][] SMALL = {{2, 2}, {3, 1}, {4, 1}, {2, 3}};

  private static IncastTransfer random(SplittableRandom rnd) {
    int[] nk = SMALL[rnd.nextInt(SMALL.length)];
    BCubeLabels L = new BCubeLabels(nk[0], nk[1]);
    int m = 1 + rnd.nextInt(Math.min(7, L.serverCount() - 1));
    return IncastTransfer.random(L, m, rnd);
  }

  @Test
  void everyBuilderGivesAValidTreeReachingAllSenders() {
    SplittableRandom rnd = new SplittableRandom(11);
    for (int round = 0; round < 300; round++) {
      IncastTransfer t = random(rnd);
      List<IncastTreeBuilder> builders =
          List.of(
              new ArsTreeBuilder(),
              new IntraStageOptimization(),
              new BestRsTreeBuilder(0),
              new UnicastDrivenTreeBuilder(round),
              new ExistingMethod(round),
              new ExactIncastTreeBuilder(),
              new RsTreeBuilder(identity(t.labels().dims())));
      for (IncastTreeBuilder b : builders) {
        IncastTree tree = b.build(t);
        assertThat(tree.problem()).as(tree.method()).isNull();
        assertThat(tree.receiver()).isEqualTo(t.receiver());
        assertThat(tree.senders()).containsExactly(t.senders());
        // each sender's route to the receiver is a shortest path except through intra-stage or exact edges
        IncastTree.TreeMetrics m = tree.metrics(0);
        assertThat(m.receiverInput()).isPositive();
      }
    }
  }

  @Test
  void exactEqualsBruteForceAndNeverExceedsAHeuristic() {
    SplittableRandom rnd = new SplittableRandom(5);
    for (int round = 0; round < 120; round++) {
      IncastTransfer t = random(rnd);
      double exact = new ExactIncastTreeBuilder().build(t).metrics(0).cost();
      assertThat(exact).isEqualTo(2.0 * BruteForce.minimumEdges(t));
      for (IncastTreeBuilder b :
          List.of(
              new ArsTreeBuilder(),
              new IntraStageOptimization(),
              new BestRsTreeBuilder(0),
              new UnicastDrivenTreeBuilder(round),
              new ExistingMethod(round))) {
        assertThat(b.build(t).metrics(0).cost()).isGreaterThanOrEqualTo(exact);
      }
    }
  }

  @Test
  void orderingsOfTheHeuristics() {
    SplittableRandom rnd = new SplittableRandom(7);
    for (int round = 0; round < 300; round++) {
      IncastTransfer t = random(rnd);
      BCubeLabels L = t.labels();
      double ars = new ArsTreeBuilder().build(t).metrics(0).cost();
      double intra = new IntraStageOptimization().build(t).metrics(0).cost();
      double best = new BestRsTreeBuilder(0).build(t).metrics(0).cost();
      double existing = new ExistingMethod(1).build(t).metrics(0).cost();
      double hops = 0;
      for (int s : t.senders()) {
        hops += L.hamming(s, t.receiver());
      }
      assertThat(existing).isEqualTo(2 * hops);
      assertThat(intra).isLessThanOrEqualTo(ars);
      assertThat(best).isLessThanOrEqualTo(ars);
      assertThat(ars).isLessThanOrEqualTo(existing);
      // α = 1: aggregation gains nothing, every shortest-path tree costs the existing traffic
      assertThat(new ArsTreeBuilder().build(t).metrics(1).cost()).isEqualTo(existing);
    }
  }

  @Test
  void arsWorkFollowsTheorem3() {
    // Thm. 3: at most (d+1)+d+...+2 candidate evaluations of each stage's servers, ≤ m each
    BCubeLabels L = new BCubeLabels(8, 5);
    SplittableRandom rnd = new SplittableRandom(3);
    long previous = 0;
    for (int m : new int[] {250, 500, 1000, 2000, 4000}) {
      IncastTransfer t = IncastTransfer.random(L, m, rnd);
      StageExpansion x = new StageExpansion(t);
      x.build(null, false, "ars");
      int d = x.activeDims().length;
      long bound = (long) m * (d * (d + 1) / 2 + d);
      assertThat(x.parentEvaluations()).isLessThanOrEqualTo(bound);
      assertThat(x.parentEvaluations()).isGreaterThan(previous);
      previous = x.parentEvaluations();
    }
  }

  @Test
  void generalTransferHasFewerStages() {
    // §V-B: members agreeing on digit 2 of BCube(3,2): only dims 0,1 active, 3 stages
    BCubeLabels L = new BCubeLabels(3, 2);
    IncastTransfer t = IncastTransfer.unit(L, 0, 1, 4, 5, 8);
    assertThat(t.activeDims()).containsExactly(0, 1);
    IncastTree tree = new ArsTreeBuilder().build(t);
    assertThat(tree.sequence()).hasSize(2);
    for (int v : tree.nodes()) {
      assertThat(L.digit(v, 2)).isZero();
    }
    // full-length sequences are accepted and restricted
    assertThat(new RsTreeBuilder(new int[] {2, 0, 1}).build(t).sequence()).containsExactly(0, 1);
  }

  @Test
  void definition3Rule2CorrectsTheNearestLaterSymbol() {
    // BCube(2,3), e1e2e3e4 = 0123, receiver 0000, sender 1100 (id 12) sits at stage 2 and agrees
    // with the receiver on e2 = 1: it corrects the first differing one of e3, e4 — dimension 2
    BCubeLabels L = new BCubeLabels(2, 3);
    IncastTree t = new RsTreeBuilder(new int[] {0, 1, 2, 3}).build(IncastTransfer.unit(L, 0, 1, 2, 12)); // 1, 2 make dims 0, 1 active (§V-B)
    assertThat(t.parentServer(t.indexOf(12))).isEqualTo(8);
    assertThat(t.parentServer(t.indexOf(8))).isEqualTo(0);
  }

  @Test
  void bcube69FromLabelsAlone() {
    // 60,466,176 servers: never materialised; the tree is valid and has ≤ 10 stages
    BCubeLabels L = new BCubeLabels(6, 9);
    assertThat(L.serverCount()).isEqualTo(60_466_176);
    IncastTransfer t = IncastTransfer.random(L, 120, new SplittableRandom(1));
    for (IncastTreeBuilder b : List.of(new ArsTreeBuilder(), new IntraStageOptimization(), new UnicastDrivenTreeBuilder(1))) {
      IncastTree tree = b.build(t);
      assertThat(tree.problem()).isNull();
      assertThat(tree.senders()).containsExactly(t.senders());
    }
  }

  @Test
  void tasksOnOneServerCollapse() {
    BCubeLabels L = new BCubeLabels(4, 1);
    IncastTransfer t =
        IncastTransfer.fromTasks(L, 0, new int[] {5, 5, 9, 0}, new double[] {1, 2, 1, 3}, 0.5);
    assertThat(t.senders()).containsExactly(5, 9);
    assertThat(t.sizes()).containsExactly(2.5, 1.0);
  }

  private static int[] identity(int d) {
    int[] s = new int[d];
    for (int i = 0; i < d; i++) {
      s[i] = i;
    }
    return s;
  }
}
