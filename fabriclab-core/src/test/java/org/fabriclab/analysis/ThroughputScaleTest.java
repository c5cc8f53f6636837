package org.fabriclab.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/**
 * Max concurrent flow over demands from 1e-12 to 1e18 times the link capacity: λ against closed
 * forms (capacity over demand on a single link, a star and a fat-tree), from both solvers.
 */
class ThroughputScaleTest {
  private static final double EPS = 0.05;
  private static final List<Double> AMOUNTS = List.of(1e-12, 1e-9, 1e-6, 1e-3, 0.3, 1.0, 7.0, 1e3, 1e6, 1e9,
      1e10, 1e11, 1e12, 1e13, 1e15, 1e18);

  /** Two switches and {@code parallel} separate single links 2i -> 2i+1. */
  private static Topology pairs(int parallel) {
    TopologyBuilder b = new TopologyBuilder("pairs", "n=" + parallel);
    b.addNodes(NodeRole.PACKET_SWITCH, 2 * parallel);
    for (int i = 0; i < parallel; i++) {
      b.addCable(2 * i, 2 * i + 1);
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

  /** Both solvers on {@code p}: the LP within 1e-9 relative, the approximation within ε, flows feasible. */
  private static void check(ThroughputProblem p, double expected, String what) {
    ThroughputResult lp = new LpThroughputSolver().solve(p);
    assertThat(lp.lambda()).as("lp " + what).isCloseTo(expected, within(expected * 1e-9));
    assertThat(lp.upperBound()).as("lp bound " + what).isCloseTo(expected, within(expected * 1e-9));
    // the flow carries λ·demand, about the capacity (1): an absolute violation is a relative one
    assertThat(p.violation(lp.flow(), lp.lambda())).as("lp flow " + what).isLessThan(1e-7);
    ThroughputResult ap = new FleischerThroughputSolver(EPS).solve(p);
    assertThat(ap.lambda()).as("approx " + what).isLessThanOrEqualTo(expected * (1 + 1e-9))
        .isGreaterThanOrEqualTo(expected / (1 + EPS));
    assertThat(ap.upperBound()).as("approx bound " + what).isGreaterThanOrEqualTo(expected * (1 - 1e-9));
    assertThat(p.violation(ap.flow(), ap.lambda())).as("approx flow " + what).isLessThan(1e-7);
  }

  @Test
  void singleLinkIsCapacityOverDemand() {
    for (double x : AMOUNTS) {
      ThroughputProblem p = new ThroughputProblem(pairs(1), DemandMatrix.builder().add(0, 1, x).build(), true, false);
      check(p, 1 / x, "demand " + x);
    }
  }

  @Test
  void linkCapacitiesInGbitPerSecond() {
    // the builder's default link is 10 Gbit/s: λ = 10 / demand
    for (double x : List.of(1e-6, 1.0, 1e10, 1e15)) {
      ThroughputProblem p = new ThroughputProblem(pairs(1), DemandMatrix.builder().add(0, 1, x).build(), false, false);
      check(p, 10 / x, "10 Gbit/s, demand " + x);
    }
  }

  @Test
  void starBroadcastIsOneOverLeavesTimesDemand() {
    // leaf 1 to the other 4 leaves: its one uplink carries 4·x
    for (double x : AMOUNTS) {
      DemandMatrix.Builder d = DemandMatrix.builder();
      for (int j = 2; j <= 5; j++) {
        d.add(1, j, x);
      }
      check(new ThroughputProblem(star(5), d.build(), true, false), 1 / (4 * x), "star, demand " + x);
    }
  }

  @Test
  void fatTreeOneDemand() {
    Topology t = new FatTree(4).build();
    for (double x : AMOUNTS) {
      DemandMatrix d = DemandMatrix.builder().add(0, 5, x).build();
      // with server links: each end's single link of capacity 1 carries all of it
      check(new ThroughputProblem(t, d, true, false), 1 / x, "fat-tree server links, demand " + x);
      // relaxed: servers 0 and 5 sit on different edge switches, each with k/2 = 2 uplinks
      check(new ThroughputProblem(t, d, true, true), 2 / x, "fat-tree relaxed, demand " + x);
    }
  }

  @Test
  void demandsTwentySevenOrdersApart() {
    // separate links: the larger demand binds, λ = min(1/1e-6, 1/1e15, 1/3)
    DemandMatrix d = DemandMatrix.builder().add(0, 1, 1e-6).add(2, 3, 1e15).add(4, 5, 3).build();
    check(new ThroughputProblem(pairs(3), d, true, false), 1e-15, "1e-6 beside 1e15");
    DemandMatrix small = DemandMatrix.builder().add(0, 1, 1e-6).add(2, 3, 1e-3).build();
    check(new ThroughputProblem(pairs(2), small, true, false), 1e3, "1e-6 beside 1e-3");
  }

  @Test
  void demandsOutsideTheRangeAreRefusedByName() {
    for (double x : List.of(1e-320, 1e-13, 1e19, 1e308)) {
      DemandMatrix d = DemandMatrix.builder().add(2, 3, 1).add(0, 1, x).build();
      assertThatThrownBy(() -> new ThroughputProblem(pairs(2), d, true, false))
          .isInstanceOf(InvalidParameterException.class)
          .hasMessageContaining("invalid demand 0 -> 1 = " + x)
          .hasMessageContaining("demand 2 of 2")
          .hasMessageContaining("valid range 0, or 1.0E-12..1.0E18 times the largest link capacity (1.0)");
    }
    // zero is no demand, never refused
    DemandMatrix zero = DemandMatrix.builder().add(0, 1, 0).add(2, 3, 1).build();
    check(new ThroughputProblem(pairs(2), zero, true, false), 1, "a zero demand");
  }

  @Test
  void aFailureNamesTheExtremeDemandsAndLinks() {
    DemandMatrix d = DemandMatrix.builder().add(0, 1, 1e-6).add(2, 3, 1e15).build();
    String s = ThroughputScale.describe(new ThroughputProblem(pairs(2), d, true, false));
    assertThat(s).isEqualTo("demands from 1.0E-6 (0 -> 1) to 1.0E15 (2 -> 3) and link capacities from 1.0"
        + " (link 0) to 1.0 (link 0)");
  }
}
