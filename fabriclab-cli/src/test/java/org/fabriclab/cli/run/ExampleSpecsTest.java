package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every spec under examples/ loads and expands (validation only: nothing runs). */
class ExampleSpecsTest {
  private static final Path EXAMPLES = Path.of("..", "examples");

  /** Point counts worked out by hand from each file's lists (see the comment at its top). */
  private static final Map<String, Integer> POINTS = Map.of(
      "collective-allreduce.yaml", 3 * 3 * 2 * 2,
      "cross-fabric.yaml", 4 * 2 * 3,
      "flattree-throughput.yaml", 6 * 2 * 2,
      "incast-bcube.yaml", 3 * 2 * 2,
      "shufflecast-topo.yaml", 4 + 2,
      "topo-families.yaml", 7,
      "networkx-import.yaml", 2 * 2,
      "sweep64.yaml", 2 * 2 * 16);

  @Test
  void everyExampleValidatesWithTheExpectedNumberOfPoints() throws Exception {
    List<Path> specs;
    try (Stream<Path> s = Files.list(EXAMPLES)) {
      specs = s.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".json")).sorted().toList();
    }
    assertThat(specs.stream().map(p -> p.getFileName().toString())).containsExactlyInAnyOrderElementsOf(POINTS.keySet());
    for (Path p : specs) {
      List<Point> pts = Sweep.expand(SpecLoader.load(p));
      assertThat(pts).as(p.toString()).hasSize(POINTS.get(p.getFileName().toString()));
    }
  }

  /** The networkx example: 8 switches x 2 servers; a permutation completes on both engines. */
  @Test
  void networkxGraphImportsAndSimulates() {
    List<Point> pts = Sweep.expand(SpecLoader.load(EXAMPLES.resolve("networkx-import.yaml")));
    for (Point p : pts.subList(0, 2)) {
      var m = PointRunner.run(p).metrics();
      assertThat(m.get("switches")).isEqualTo("8");
      assertThat(m.get("flows.all")).isEqualTo("16");
      assertThat(m.get("completedFlows.all")).isEqualTo("16");
      // 200 kB at 40 Gbit/s takes 40 us at least
      assertThat(Long.parseLong(m.get("fctP50Ns.all"))).isGreaterThanOrEqualTo(40_000);
    }
  }
}
