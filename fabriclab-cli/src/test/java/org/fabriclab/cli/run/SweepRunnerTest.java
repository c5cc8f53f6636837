package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepRunnerTest {
  @TempDir Path dir;

  static final String SIM = String.join("\n",
      "kind: simulate",
      "seed: 3",
      "seeds: 2",
      "topologies:",
      "  - family: fattree",
      "    k: 4",
      "  - family: jellyfish",
      "    switches: 12",
      "    ports: 5",
      "    servers-per-switch: 2",
      "simulate:",
      "  engine: [flow, packet]",
      "  workload:",
      "    type: poisson",
      "    flows: 40",
      "    rate-per-s: 100000",
      "");

  private static final PrintWriter LOG = new PrintWriter(new StringWriter());

  private ExperimentSpec spec(String text) {
    return SpecLoader.validate(SpecParser.parse(text, "spec.yaml", false), dir);
  }

  @Test
  void threadCountDoesNotChangeTheResults() throws Exception {
    ExperimentSpec s = spec(SIM);
    List<Point> pts = Sweep.expand(s);
    SweepRunner.run(s, pts, dir.resolve("a"), false, new ThreadedExecutor(1), "test", LOG);
    SweepRunner.run(s, pts, dir.resolve("b"), false, new ThreadedExecutor(2), "test", LOG);
    String a = Files.readString(dir.resolve("a/results.csv"));
    assertThat(Files.readString(dir.resolve("b/results.csv"))).isEqualTo(a);
    // 8 points x (4 bins x 8 FCT metrics + 13 totals: simulatedNs ... switchPorts, arrivalsPerS)
    assertThat(a.lines().count()).isEqualTo(1 + 8 * (32 + 13));
  }

  /** A sweep "killed" after k points (the executor dies), then resumed. */
  @Test
  void interruptedSweepResumesWithoutRecomputingAndGivesTheSameCsv() throws Exception {
    ExperimentSpec s = spec(SIM);
    List<Point> pts = Sweep.expand(s);
    SweepRunner.run(s, pts, dir.resolve("full"), false, new ThreadedExecutor(2), "test", LOG);
    int k = 3;
    PointExecutor dying = new PointExecutor() {
      @Override
      public void execute(List<Point> points, Consumer<PointRunner.Result> sink) {
        for (int i = 0; i < k; i++) {
          sink.accept(PointRunner.run(points.get(i)));
        }
        throw new IllegalStateException("killed");
      }

      @Override
      public String describe() {
        return "dying";
      }
    };
    Path half = dir.resolve("half");
    assertThatThrownBy(() -> SweepRunner.run(s, pts, half, false, dying, "test", LOG)).hasMessage("killed");
    assertThat(half.resolve("results.csv")).doesNotExist();
    AtomicInteger computed = new AtomicInteger();
    PointExecutor counting = new PointExecutor() {
      @Override
      public void execute(List<Point> points, Consumer<PointRunner.Result> sink) {
        computed.addAndGet(points.size());
        new ThreadedExecutor(2).execute(points, sink);
      }

      @Override
      public String describe() {
        return "counting";
      }
    };
    assertThatThrownBy(() -> SweepRunner.run(s, pts, half, false, counting, "test", LOG))
        .hasMessageContaining("--resume");
    SweepRunner.Outcome o = SweepRunner.run(s, pts, half, true, counting, "test", LOG);
    assertThat(computed.get()).isEqualTo(pts.size() - k);
    assertThat(o.skipped()).isEqualTo(k);
    assertThat(Files.readString(half.resolve("results.csv")))
        .isEqualTo(Files.readString(dir.resolve("full/results.csv")));
    ExperimentSpec other = spec(SIM.replace("flows: 40", "flows: 41"));
    assertThatThrownBy(() -> SweepRunner.run(other, Sweep.expand(other), half, true, counting, "test", LOG))
        .hasMessageContaining("spec differs").hasMessageContaining("simulate.workload.flows: 41 (was 40)");
  }

  private String resolved(String text) {
    ExperimentSpec s = spec(text);
    return ResolvedSpec.json(s, Sweep.expand(s));
  }

  @Test
  void theFirstDifferenceOfTwoSpecsNamesItsKeyAndBothValues() {
    String a = resolved("kind: topo\ntopologies:\n  - family: fattree\n    k: 4\n");
    String b = resolved("kind: topo\ntopologies:\n  - family: fattree\n    k: [4, 6]\n"
        + "  - family: jellyfish\n    k: 4\n");
    assertThat(ResolvedSpec.firstDifference(a, b)).isEqualTo("topologies[0].k: [4,6] (was 4)");
    String c = resolved("kind: topo\ntopologies:\n  - family: fattree\n    k: 4\n"
        + "    link-gbps: 40\n");
    assertThat(ResolvedSpec.firstDifference(a, c)).isEqualTo("topologies[0].link-gbps: 40.0 (was not set)");
    // a real setting is the same whether written 20000 or 20000.0 (the default's text): no difference
    String d = resolved("kind: simulate\ntopologies:\n  - family: fattree\n    k: 4\nsimulate:\n  workload:\n"
        + "    type: poisson\n    rate-per-s: 20000\n");
    String e = resolved("kind: simulate\ntopologies:\n  - family: fattree\n    k: 4\nsimulate:\n  workload:\n"
        + "    type: poisson\n");
    assertThat(d).isEqualTo(e);
  }

  /** Fat-tree sizes in closed form (Al-Fares et al.): k^3/4 servers, 5k^2/4 switches, 3k^3/4 cables. */
  @Test
  void topoPointsGiveTheClosedFormSizes() throws Exception {
    ExperimentSpec s = spec("kind: topo\ntopologies:\n  - family: fattree\n    k: [4, 6, 8]\n");
    List<Point> pts = Sweep.expand(s);
    SweepRunner.run(s, pts, dir.resolve("t"), false, new ThreadedExecutor(2), "test", LOG);
    List<String> rows = Files.readAllLines(dir.resolve("t/results.csv"));
    for (int k : new int[] {4, 6, 8}) {
      assertThat(rows).contains(
          row(rows, k, "servers", k * k * k / 4),
          row(rows, k, "switches", 5 * k * k / 4),
          row(rows, k, "links", 3 * k * k * k / 4),
          row(rows, k, "diameterHops", 6));
    }
  }

  private static String row(List<String> rows, int k, String metric, long value) {
    String prefix = rows.stream().filter(r -> r.contains(",fattree," + k + ",")).findFirst().orElseThrow();
    return prefix.substring(0, prefix.lastIndexOf(',', prefix.lastIndexOf(',') - 1)) + "," + metric + "," + value;
  }

  /** A fat-tree has full bisection: any permutation is routable at full rate, so lambda = 1. */
  @Test
  void permutationThroughputOfAFatTreeIsOne() throws Exception {
    ExperimentSpec s = spec("kind: throughput\nseeds: 2\ntopologies:\n  - family: fattree\n    k: 4\n"
        + "throughput:\n  solver: lp\n");
    List<Point> pts = Sweep.expand(s);
    for (Point p : pts) {
      double lambda = Double.parseDouble(PointRunner.run(p).metrics().get("lambda"));
      assertThat(lambda).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-6));
    }
  }

  /** A permutation workload: one flow per server, all of them complete, bytes add up. */
  @Test
  void permutationSimulationConservesFlows() {
    ExperimentSpec s = spec("kind: simulate\ntopologies:\n  - family: fattree\n    k: 4\n"
        + "simulate:\n  engine: [flow, packet]\n  workload: {type: permutation, flow-bytes: 20000}\n");
    for (Point p : Sweep.expand(s)) {
      var m = PointRunner.run(p).metrics();
      assertThat(m.get("flows.all")).isEqualTo("16");
      assertThat(m.get("completedFlows.all")).isEqualTo("16");
      assertThat(m.get("flows.small")).isEqualTo("16");
      assertThat(m.get("flows.large")).isEqualTo("0");
      assertThat(m.get("fctP99Ns.large")).isEmpty();
      // every flow takes at least its serialisation time at 10 Gbit/s: 20000 B -> 16 us
      assertThat(Long.parseLong(m.get("fctP50Ns.all"))).isGreaterThanOrEqualTo(16_000);
      assertThat(Double.parseDouble(m.get("slowdownMean.all"))).isGreaterThanOrEqualTo(1.0);
    }
  }
}
