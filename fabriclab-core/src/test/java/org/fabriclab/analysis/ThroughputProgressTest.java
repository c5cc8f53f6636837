package org.fabriclab.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.SplittableRandom;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.progress.FractionProgress;
import org.fabriclab.progress.Progress;
import org.fabriclab.progress.RecordingProgress;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/**
 * Progress of the throughput solvers: what they report is monotone, within [0, 1] and complete at
 * the end, and reporting it changes no bit of λ, the bound or the flow.
 */
class ThroughputProgressTest {
  private static final double EPS = 0.05;

  /** C6 all-to-all (λ = 2/9, see ThroughputSolverTest), fat-tree(4) all-to-all, a random graph. */
  private static List<ThroughputProblem> problems() {
    SplittableRandom rnd = new SplittableRandom(11);
    TopologyBuilder b = new TopologyBuilder("random", "n=12");
    b.addNodes(NodeRole.PACKET_SWITCH, 12);
    for (int i = 1; i < 12; i++) {
      b.addCable(i, rnd.nextInt(i));
    }
    for (int x = 0; x < 10; x++) {
      int u = rnd.nextInt(12);
      int v = rnd.nextInt(12);
      if (u != v) {
        b.addCable(u, v, (1 + rnd.nextInt(4)) * 1_000_000_000L, 1000);
      }
    }
    return List.of(
        new ThroughputProblem(ThroughputSolverTest.ring(6), ThroughputSolverTest.allToAll(0, 6), true, false),
        new ThroughputProblem(new FatTree(4).build(), ThroughputSolverTest.allToAll(0, 16), true, true),
        new ThroughputProblem(b.build(), ThroughputSolverTest.allToAll(0, 12), false, false));
  }

  /** One task, begun and ended, whose fractions rise strictly within (0, 1] and end at 1. */
  private static void assertMonotoneToOne(RecordingProgress rec) {
    assertThat(rec.misuse).isZero();
    assertThat(rec.tasks).hasSize(1);
    RecordingProgress.Task t = rec.last();
    assertThat(t.total).isEqualTo(FractionProgress.UNITS);
    assertThat(t.ended).isTrue();
    assertThat(t.advances).allSatisfy(u -> assertThat(u).isPositive());
    List<Double> f = t.fractions();
    assertThat(f).isSorted().allSatisfy(x -> assertThat(x).isBetween(0.0, 1.0));
    assertThat(f.get(f.size() - 1)).isEqualTo(1.0);
  }

  @Test
  void approxReportsMonotoneFractionsThatEndAtOne() {
    for (ThroughputProblem p : problems()) {
      RecordingProgress rec = new RecordingProgress();
      new FleischerThroughputSolver(EPS).solve(p, rec);
      assertMonotoneToOne(rec);
      assertThat(rec.last().name).contains("approx").contains("estimated");
    }
    // C6 all-to-all needs many phases: the bar moves before the end
    RecordingProgress rec = new RecordingProgress();
    new FleischerThroughputSolver(0.01).solve(problems().get(0), rec);
    assertMonotoneToOne(rec);
    assertThat(rec.last().fractions()).filteredOn(x -> x < 1).hasSizeGreaterThanOrEqualTo(2);
  }

  @Test
  void approxGivesTheSameBitsWithAndWithoutProgress() {
    for (ThroughputProblem p : problems()) {
      for (FleischerThroughputSolver s : new FleischerThroughputSolver[] {
          new FleischerThroughputSolver(EPS), new FleischerThroughputSolver(0.01, 100_000, false),
          new FleischerThroughputSolver(EPS, 3)}) {
        ThroughputResult quiet = s.solve(p);
        RecordingProgress rec = new RecordingProgress();
        ThroughputResult told = s.solve(p, rec);
        assertMonotoneToOne(rec);
        assertThat(told.lambda()).isEqualTo(quiet.lambda());
        assertThat(told.upperBound()).isEqualTo(quiet.upperBound());
        assertThat(told.flow()).isDeepEqualTo(quiet.flow());
        assertThat(s.solve(p, Progress.NONE).lambda()).isEqualTo(quiet.lambda());
      }
    }
    // and the value is the known one: within ε of C6's 2/9
    ThroughputResult c6 = new FleischerThroughputSolver(EPS).solve(problems().get(0), new RecordingProgress());
    assertThat(c6.lambda()).isBetween(2.0 / 9 / (1 + EPS), 2.0 / 9 * (1 + 1e-9));
  }

  @Test
  void approxOnATrivialProblemCompletesItsTask() {
    // no commodity needs the network, or a demand cannot be routed: no phase, still one full task
    ThroughputProblem none = new ThroughputProblem(ThroughputSolverTest.ring(4), DemandMatrix.builder().build(), true, false);
    RecordingProgress rec = new RecordingProgress();
    assertThat(new FleischerThroughputSolver(EPS).solve(none, rec).lambda()).isInfinite();
    assertMonotoneToOne(rec);
    TopologyBuilder b = new TopologyBuilder("two", "islands");
    b.addNodes(NodeRole.PACKET_SWITCH, 4);
    b.addCable(0, 1);
    b.addCable(2, 3);
    DemandMatrix.Builder d = DemandMatrix.builder();
    d.add(0, 3, 1);
    ThroughputProblem cut = new ThroughputProblem(b.build(), d.build(), true, false);
    rec = new RecordingProgress();
    assertThat(new FleischerThroughputSolver(EPS).solve(cut, rec).lambda()).isZero();
    assertMonotoneToOne(rec);
  }

  @Test
  void progressFractionFollowsTheStoppingRules() {
    // gap: log(1+ε) / log(bound/primal), 1 where the run stops
    assertThat(FleischerBounds.progress(0.05, 1, 1.05, 0, 1, 100)).isCloseTo(1, within(1e-12));
    assertThat(FleischerBounds.progress(0.05, 1, 1.05 * 1.05, 0, 1, 100)).isCloseTo(0.5, within(1e-12));
    // no primal value yet: the largest of the other two
    assertThat(FleischerBounds.progress(0.05, 0, 1, 0.2, 1, 100)).isEqualTo(0.2);
    assertThat(FleischerBounds.progress(0.05, 0, 1, 0.2, 50, 100)).isEqualTo(0.5);
    assertThat(FleischerBounds.progress(0.05, Double.NaN, 1, 0.2, 1, 100)).isEqualTo(0.2);
  }

  @Test
  void lpReportsItsStepsAndTheSameResult() {
    ThroughputProblem p = problems().get(0);
    for (long glopLimit : new long[] {LpThroughputSolver.DEFAULT_GLOP_LIMIT, 0}) {
      LpThroughputSolver s = new LpThroughputSolver(glopLimit);
      ThroughputResult quiet = s.solve(p);
      RecordingProgress rec = new RecordingProgress();
      ThroughputResult told = s.solve(p, rec);
      assertThat(told.lambda()).isEqualTo(quiet.lambda());
      assertThat(told.upperBound()).isEqualTo(quiet.upperBound());
      assertThat(told.flow()).isDeepEqualTo(quiet.flow());
      assertThat(told.lambda()).isCloseTo(2.0 / 9, within(glopLimit == 0 ? 1e-4 : 1e-9));
      assertThat(rec.misuse).isZero();
      String backend = glopLimit == 0 ? "throughput lp/pdlp" : "throughput lp/glop";
      assertThat(rec.tasks).extracting(t -> t.name).containsExactlyElementsOf(glopLimit == 0
          ? List.of(backend + ": building the LP", backend + ": solving (no progress until it ends)",
              backend + ": dual bound")
          : List.of(backend + ": building the LP", backend + ": solving (no progress until it ends)"));
      assertThat(rec.tasks).allSatisfy(t -> {
        assertThat(t.ended).isTrue();
        assertThat(t.done()).isEqualTo(t.total);
        assertThat(t.advances).allSatisfy(u -> assertThat(u).isPositive());
      });
      assertThat(rec.tasks.get(0).total).isEqualTo(p.groupCount());
      assertThat(rec.tasks.get(1).total).isEqualTo(1);
    }
  }

  @Test
  void aSolverWithoutProgressOfItsOwnReportsOneUnitAndSaysSo() {
    ThroughputResult fixed = new ThroughputResult(0.5, 0.5, "fixed", 0, new double[0][]);
    ThroughputSolver quiet = new ThroughputSolver() {
      @Override
      public String name() {
        return "fixed";
      }

      @Override
      public ThroughputResult solve(ThroughputProblem problem) {
        if (problem == null) {
          throw new IllegalArgumentException("no problem");
        }
        return fixed;
      }
    };
    RecordingProgress rec = new RecordingProgress();
    assertThat(quiet.solve(problems().get(0), rec)).isSameAs(fixed);
    assertThat(rec.tasks).hasSize(1);
    assertThat(rec.last().name).isEqualTo("throughput fixed (no progress until it ends)");
    assertThat(rec.last().total).isEqualTo(1);
    assertThat(rec.last().advances).containsExactly(1L);
    assertThat(rec.last().ended).isTrue();
    RecordingProgress failed = new RecordingProgress();
    assertThatThrownBy(() -> quiet.solve(null, failed)).hasMessage("no problem");
    assertThat(failed.last().advances).isEmpty();
    assertThat(failed.last().ended).isTrue();
    assertThat(failed.misuse).isZero();
  }
}
