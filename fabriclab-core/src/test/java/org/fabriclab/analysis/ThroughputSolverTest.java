package org.fabriclab.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/** Max concurrent flow: hand-computed λ, LP vs approximation, feasibility of returned flows. */
class ThroughputSolverTest {
  private static final double EPS = 0.05;

  static Topology ring(int n) {
    TopologyBuilder b = new TopologyBuilder("ring", "n=" + n);
    b.addNodes(NodeRole.PACKET_SWITCH, n);
    for (int i = 0; i < n; i++) {
      b.addCable(i, (i + 1) % n);
    }
    return b.build();
  }

  private static Topology star(int leaves) {
    TopologyBuilder b = new TopologyBuilder("star", "l=" + leaves);
    b.addNodes(NodeRole.PACKET_SWITCH, leaves + 1);
    for (int i = 1; i <= leaves; i++) {
      b.addCable(0, i);
    }
    return b.build();
  }

  private static Topology complete(int n) {
    TopologyBuilder b = new TopologyBuilder("complete", "n=" + n);
    b.addNodes(NodeRole.PACKET_SWITCH, n);
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        b.addCable(i, j);
      }
    }
    return b.build();
  }

  static DemandMatrix allToAll(int from, int to) {
    DemandMatrix.Builder d = DemandMatrix.builder();
    for (int i = from; i < to; i++) {
      for (int j = from; j < to; j++) {
        if (i != j) {
          d.add(i, j, 1);
        }
      }
    }
    return d.build();
  }

  private static DemandMatrix broadcast(int src, int from, int to) {
    DemandMatrix.Builder d = DemandMatrix.builder();
    for (int j = from; j < to; j++) {
      if (j != src) {
        d.add(src, j, 1);
      }
    }
    return d.build();
  }

  /** Both solvers: LP value exact, approximation within ε, both flows feasible. */
  private static void check(Topology t, DemandMatrix d, boolean relax, double expected) {
    ThroughputProblem p = new ThroughputProblem(t, d, true, relax);
    ThroughputResult lp = new LpThroughputSolver().solve(p);
    assertThat(lp.lambda()).isCloseTo(expected, within(1e-7));
    assertThat(p.violation(lp.flow(), lp.lambda())).isLessThan(1e-7);
    ThroughputResult ap = new FleischerThroughputSolver(EPS).solve(p);
    assertThat(ap.lambda()).isLessThanOrEqualTo(expected * (1 + 1e-9));
    assertThat(ap.lambda()).isGreaterThanOrEqualTo(expected / (1 + EPS));
    assertThat(ap.upperBound()).isGreaterThanOrEqualTo(expected * (1 - 1e-9));
    assertThat(p.violation(ap.flow(), ap.lambda())).isLessThan(1e-7);
  }

  @Test
  void ringAllToAll() {
    // C5: distances 1,1,2,2 from each node: 30 units of demand·hops over 10 directed links
    check(ring(5), allToAll(0, 5), false, 1.0 / 3);
    // C4: 16 over 8 links
    check(ring(4), allToAll(0, 4), false, 0.5);
  }

  @Test
  void starAllToAllAndBroadcast() {
    // every leaf sends L-1 units through its one uplink
    check(star(5), allToAll(1, 6), false, 1.0 / 4);
    check(star(5), broadcast(1, 1, 6), false, 1.0 / 4);
  }

  @Test
  void completeGraph() {
    // demand·hops n(n-1) equals the directed capacity n(n-1)
    check(complete(5), allToAll(0, 5), false, 1.0);
    // broadcast: the source's n-1 links carry n-1 units
    check(complete(5), broadcast(0, 0, 5), false, 1.0);
  }

  @Test
  void fatTreeBroadcastWithRelaxedServerLinks() {
    // fat-tree(4), server 0 to the other 15: server 1 shares its edge switch (no network capacity
    // needed); the other 14 lie beyond the edge switch's 2 uplinks -> λ = 2/14
    Topology t = new FatTree(4).build();
    check(t, broadcast(0, 0, 16), true, 2.0 / 14);
    // with server links: the source's single link carries 15 units
    check(t, broadcast(0, 0, 16), false, 1.0 / 15);
    // incast to server 0 is the mirror image (merged by sink, reversed graph)
    DemandMatrix.Builder in = DemandMatrix.builder();
    for (int s = 1; s < 16; s++) {
      in.add(s, 0, 1);
    }
    ThroughputProblem p = new ThroughputProblem(t, in.build(), true, true);
    assertThat(p.bySink()).isTrue();
    assertThat(p.groupCount()).isEqualTo(1);
    check(t, in.build(), true, 2.0 / 14);
  }

  @Test
  void lpAndApproximationAgreeOnRandomInstances() {
    SplittableRandom rnd = new SplittableRandom(7);
    for (int trial = 0; trial < 12; trial++) {
      int n = 6 + rnd.nextInt(6);
      TopologyBuilder b = new TopologyBuilder("random", "trial=" + trial);
      b.addNodes(NodeRole.PACKET_SWITCH, n);
      for (int i = 1; i < n; i++) {
        b.addCable(i, rnd.nextInt(i)); // spanning tree keeps it connected
      }
      for (int x = 0; x < n; x++) {
        int u = rnd.nextInt(n);
        int v = rnd.nextInt(n);
        if (u != v) {
          b.addCable(u, v, (1 + rnd.nextInt(4)) * 1_000_000_000L, 1000);
        }
      }
      Topology t = b.build();
      DemandMatrix.Builder d = DemandMatrix.builder();
      for (int c = 0; c < 2 + rnd.nextInt(8); c++) {
        int u = rnd.nextInt(n);
        int v = rnd.nextInt(n);
        if (u != v) {
          d.add(u, v, 0.5 + rnd.nextDouble());
        }
      }
      d.add(0, n - 1, 1);
      boolean unit = trial % 2 == 0;
      ThroughputProblem p = new ThroughputProblem(t, d.build(), unit, false);
      ThroughputResult lp = new LpThroughputSolver().solve(p);
      ThroughputResult ap = new FleischerThroughputSolver(EPS).solve(p);
      assertThat(p.violation(lp.flow(), lp.lambda())).isLessThan(1e-7);
      assertThat(p.violation(ap.flow(), ap.lambda())).isLessThan(1e-7);
      assertThat(ap.lambda()).isLessThanOrEqualTo(lp.lambda() * (1 + 1e-7));
      assertThat(ap.lambda()).isGreaterThanOrEqualTo(lp.lambda() / (1 + EPS));
      assertThat(ap.upperBound()).isGreaterThanOrEqualTo(lp.lambda() * (1 - 1e-7));
    }
  }

  @Test
  void pdlpMatchesGlop() {
    ThroughputProblem p = new ThroughputProblem(ring(6), allToAll(0, 6), true, false);
    double glop = new LpThroughputSolver().solve(p).lambda();
    ThroughputResult pdlp = new LpThroughputSolver(0).solve(p);
    assertThat(pdlp.solver()).isEqualTo("lp/pdlp");
    assertThat(pdlp.lambda()).isCloseTo(glop, within(1e-4));
    // ring C6, all-to-all: demand·hops 6·(1+1+2+2+3) = 54 over 12 directed unit links -> 2/9
    assertThat(glop).isCloseTo(2.0 / 9, within(1e-9));
    // the reported flow carries the reported λ (conservation up to PDLP's tolerance, capacity
    // scaled to fit) and the bound is a proven one: never below the optimum, and near it
    double v = p.violation(pdlp.flow(), pdlp.lambda());
    assertThat(v).isLessThan(1e-4);
    assertThat(pdlp.upperBound()).isGreaterThanOrEqualTo(2.0 / 9 * (1 - 1e-12))
        .isLessThan(2.0 / 9 * (1 + 1e-3));
  }

  @Test
  void dualBoundOfLengthsIsWeakDuality() {
    // unit lengths on C6 all-to-all: Σ c·l = 12, Σ d·dist = 54 -> 12/54 = 2/9 (tight here);
    // doubled lengths give the same ratio, zero lengths no bound
    ThroughputProblem p = new ThroughputProblem(ring(6), allToAll(0, 6), true, false);
    double[] len = new double[p.linkCount()];
    java.util.Arrays.fill(len, 1);
    assertThat(LpThroughputSolver.dualBound(p, len)).isCloseTo(2.0 / 9, within(1e-12));
    java.util.Arrays.fill(len, 2);
    assertThat(LpThroughputSolver.dualBound(p, len)).isCloseTo(2.0 / 9, within(1e-12));
    java.util.Arrays.fill(len, 0);
    assertThat(LpThroughputSolver.dualBound(p, len)).isNaN();
    // star with 5 leaves, all-to-all: length 1 only on leaf 1's two links, Σ c·l = 2; each of the
    // 8 commodities to or from leaf 1 crosses one of them once -> 2/8 = 1/4 (the optimum)
    ThroughputProblem s = new ThroughputProblem(star(5), allToAll(1, 6), true, false);
    double[] l = new double[s.linkCount()];
    for (int e = 0; e < l.length; e++) {
      boolean fromLeaf1 = e >= s.firstLink(1) && e < s.firstLink(2);
      l[e] = s.head(e) == 1 || fromLeaf1 ? 1 : 0;
    }
    assertThat(LpThroughputSolver.dualBound(s, l)).isCloseTo(0.25, within(1e-12));
  }

  @Test
  void badEpsilonIsRejected() {
    assertThatThrownBy(() -> new FleischerThroughputSolver(0)).isInstanceOf(InvalidParameterException.class);
    assertThatThrownBy(() -> new FleischerThroughputSolver(1.5)).isInstanceOf(InvalidParameterException.class);
  }
}
