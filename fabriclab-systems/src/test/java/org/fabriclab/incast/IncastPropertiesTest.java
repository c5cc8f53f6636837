package org.fabriclab.incast;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Property tests of the aggregated size and the tree bounds (seed 004 §VI-D and §III-C), over seeded random
 * instances: ARS+intra never costs more than ARS for the given α, and the number of aggregating
 * servers on a flow's path. Aggregating servers and the existing method's cost are recomputed here
 * from the tree's parent array, not taken from the code under test.
 */
class IncastPropertiesTest {
  private static final int[][] SIZES = {{2, 2}, {3, 2}, {4, 1}, {2, 3}, {4, 3}, {8, 3}};

  private static IncastTransfer random(SplittableRandom rnd) {
    int[] nk = SIZES[rnd.nextInt(SIZES.length)];
    BCubeLabels L = new BCubeLabels(nk[0], nk[1]);
    int m = 1 + rnd.nextInt(Math.min(300, L.serverCount() - 1));
    return IncastTransfer.random(L, m, rnd);
  }

  @Test
  void arsPlusIntraNeverExceedsArsNorArsTheExistingMethodForAnyAlpha() {
    SplittableRandom rnd = new SplittableRandom(14);
    for (int round = 0; round < 150; round++) {
      IncastTransfer t = random(rnd);
      // the existing method's cost in closed form: every flow pays 2 per hop of its shortest path
      double existing = 0;
      for (int s : t.senders()) {
        existing += 2.0 * t.labels().hamming(s, t.receiver());
      }
      double[] alphas = {0, 1, rnd.nextDouble(), rnd.nextDouble(), 0.6 + 0.4 * rnd.nextDouble()};
      for (double a : alphas) {
        double ars = new ArsTreeBuilder().build(t).metrics(a).cost();
        double intra = IncastMethod.ARS_INTRA.builder(null, t.labels().dims(), 1, a).build(t)
            .metrics(a).cost();
        assertThat(intra).as("α=%s, %s", a, t.labels()).isLessThanOrEqualTo(ars + 1e-9);
        assertThat(ars).as("α=%s", a).isLessThanOrEqualTo(existing + 1e-9);
      }
    }
  }

  @Test
  void intraStepHelpsAtAlphaZeroAndIsDroppedWhereItWouldHurt() {
    // BCube(8,5), 500 senders: at α = 0 the step saves (−2 per moved server); at α = 1 no
    // aggregation gains anything, so the best any shortest-path tree can do is the existing cost
    BCubeLabels L = new BCubeLabels(8, 5);
    IncastTransfer t = IncastTransfer.random(L, 500, new SplittableRandom(3));
    double ars0 = new ArsTreeBuilder().build(t).metrics(0).cost();
    assertThat(new IntraStageOptimization(0).build(t).metrics(0).cost()).isLessThan(ars0);
    double existing = 0;
    for (int s : t.senders()) {
      existing += 2.0 * L.hamming(s, t.receiver());
    }
    assertThat(new IntraStageOptimization(1).build(t).metrics(1).cost()).isEqualTo(existing);
  }

  /** Most aggregating servers strictly between a sender and the receiver, from the parent array. */
  static int maxAggregatorsOnAPath(IncastTree tree) {
    return maxExcessOverK(tree, -1);
  }

  /**
   * With {@code k < 0}: the most aggregating servers strictly between a sender and the receiver.
   * Else: the most, over senders, of that count minus (k + the sideways hops of the path, edges
   * between two servers at the same distance from the receiver).
   */
  static int maxExcessOverK(IncastTree tree, int k) {
    int n = tree.size();
    int[] inputs = new int[n];
    for (int v = 0; v < n; v++) {
      if (tree.ownSize()[v] > 0) {
        inputs[v]++;
      }
      if (tree.parent()[v] >= 0) {
        inputs[tree.parent()[v]]++;
      }
    }
    int worst = Integer.MIN_VALUE;
    BCubeLabels L = tree.labels();
    int r = tree.receiver();
    for (int s : tree.senders()) {
      int count = 0;
      int sideways = 0;
      for (int u = tree.indexOf(s), v = tree.parent()[u]; v >= 0; u = v, v = tree.parent()[v]) {
        if (L.hamming(tree.nodes()[u], r) == L.hamming(tree.nodes()[v], r)) {
          sideways++;
        }
        count += tree.parent()[v] >= 0 && inputs[v] >= 2 ? 1 : 0;
      }
      worst = Math.max(worst, k < 0 ? count : count - k - sideways);
    }
    return worst;
  }

  @Test
  void atMostKAggregatorsOnAFlowsPathOfEveryStageTree() {
    // §III-C: "the number of aggregating servers for a data flow is at most the tree depth minus
    // one and is at most k in a BCube(n,k)" — true of every shortest-path (stage) tree
    SplittableRandom rnd = new SplittableRandom(4);
    for (int round = 0; round < 200; round++) {
      IncastTransfer t = random(rnd);
      int k = t.labels().k();
      for (IncastTreeBuilder b : List.of(new ArsTreeBuilder(), new BestRsTreeBuilder(0),
          new RsTreeBuilder(java.util.stream.IntStream.range(0, k + 1).map(i -> k - i).toArray()), new UnicastDrivenTreeBuilder(round))) {
        IncastTree tree = b.build(t);
        assertThat(maxAggregatorsOnAPath(tree)).as(tree.method()).isLessThanOrEqualTo(k);
      }
      // each intra-stage move adds one sideways hop to the paths through the moved server, and a
      // path can take one per stage: at most k + (its sideways hops), not k (see below)
      IncastTree intra = new IntraStageOptimization().build(t);
      assertThat(maxExcessOverK(intra, k)).isLessThanOrEqualTo(0);
    }
  }

  @Test
  void intraStageTreesExceedKOnLargeInstances() {
    // BCube(8,3), 300 senders: several sideways hops on one path push a flow past k aggregators
    IncastTransfer t = IncastTransfer.random(new BCubeLabels(8, 3), 300, new SplittableRandom(9));
    assertThat(maxAggregatorsOnAPath(new ArsTreeBuilder().build(t))).isLessThanOrEqualTo(3);
    assertThat(maxAggregatorsOnAPath(new IntraStageOptimization().build(t))).isGreaterThan(3);
  }

  @Test
  void thePapersOwnIntraStageTreeOfFig4aHasKPlusOneAggregatorsOnAPath() {
    // BCube(4,1), receiver v0, senders {2,5,9,10,11,14}: the Fig. 4(a) tree (cost 14, 11 links)
    // moves a lone stage-2 server sideways, so one flow crosses 2 = k + 1 aggregating servers:
    // §III-C's "at most k" holds for the stage trees, not for the intra-stage step
    IncastTransfer t = IncastTransfer.unit(new BCubeLabels(4, 1), 0, 2, 5, 9, 10, 11, 14);
    IncastTree intra = new IntraStageOptimization().build(t);
    assertThat(intra.metrics(0).cost()).isEqualTo(14);
    assertThat(maxAggregatorsOnAPath(intra)).isEqualTo(2);
    assertThat(maxAggregatorsOnAPath(new ArsTreeBuilder().build(t))).isEqualTo(1);
  }
}
