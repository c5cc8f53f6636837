package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunReportTest {
  @TempDir Path dir;

  private ExperimentSpec spec(String text) {
    return SpecLoader.validate(SpecParser.parse(text, "spec.yaml", false), dir);
  }

  /**
   * Two entries of one family that differ only in a fixed parameter (review: 10G and 40G fat-trees
   * were averaged as one configuration with n = 6) are two configurations with their own n.
   */
  @Test
  void entriesThatDifferInAFixedParameterAreSeparateConfigurations() throws Exception {
    ExperimentSpec s = spec(String.join("\n",
        "kind: topo",
        "seeds: 3",
        "topologies:",
        "  - family: fattree",
        "    k: 4",
        "  - family: fattree",
        "    k: 4",
        "    link-gbps: 40",
        "  - family: jellyfish",
        "    switches: 8",
        "    ports: 4",
        "    servers-per-switch: 1",
        "  - family: jellyfish",
        "    switches: 8",
        "    ports: 4",
        "    servers-per-switch: 1",
        "    seed: 5",
        ""));
    List<Point> pts = Sweep.expand(s);
    SweepRunner.run(s, pts, dir.resolve("r"), false, new ThreadedExecutor(2), "test",
        new PrintWriter(new StringWriter()));
    RunReport.write(dir.resolve("r"), s, pts);
    List<Map<String, String>> rows = csv(dir.resolve("r/summary.csv"));
    assertThat(rows).anyMatch(r -> r.get("configuration").equals("fattree") && links3(r))
        .anyMatch(r -> r.get("configuration").equals("fattree link-gbps=40") && links3(r))
        .anyMatch(r -> r.get("configuration").equals("jellyfish") && links3(r))
        .anyMatch(r -> r.get("configuration").equals("jellyfish seed=5") && links3(r));
    assertThat(RunReport.configurations(pts)).hasSize(4);
    assertThat(Files.readString(dir.resolve("r/report.html"))).contains("4 configurations x 3 repetitions");
  }

  private static boolean links3(Map<String, String> r) {
    return r.get("metric").equals("links") && r.get("n").equals("3");
  }

  /** A CSV file as rows keyed by header (RFC 4180 quoting, as pandas reads it). */
  static List<Map<String, String>> csv(Path f) throws IOException {
    CsvMapper m = new CsvMapper();
    try (MappingIterator<Map<String, String>> it = m.readerFor(Map.class)
        .with(CsvSchema.emptySchema().withHeader()).readValues(f.toFile())) {
      return it.readAll();
    }
  }

  static List<String> header(Path f) throws IOException {
    CsvMapper m = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
    try (MappingIterator<String[]> it = m.readerFor(String[].class).readValues(f.toFile())) {
      return List.of(it.next());
    }
  }

  /**
   * Review: summary.csv had only a free-text label, so grouping it in pandas meant parsing the
   * label. It now carries results.csv's coordinate columns (all but point, rep and seed) between
   * the label and the metric, with the values of the points each row summarises.
   */
  @Test
  void summaryCarriesTheCoordinatesOfTheResults() throws Exception {
    ExperimentSpec s = spec(String.join("\n",
        "kind: throughput",
        "seeds: 2",
        "topologies:",
        "  - family: torus",
        "    dims: [\"4,4\", \"2,8\"]",
        "  - family: fattree",
        "    k: 4",
        "  - family: fattree",
        "    k: 4",
        "    link-gbps: 40",
        "throughput:",
        "  traffic: [permutation, all-to-all]",
        ""));
    List<Point> pts = Sweep.expand(s);
    Path run = dir.resolve("c");
    SweepRunner.run(s, pts, run, false, new ThreadedExecutor(2), "test", new PrintWriter(new StringWriter()));
    RunReport.write(run, s, pts);
    List<String> resultsHead = header(run.resolve("results.csv"));
    List<String> coordinates = resultsHead.subList(3, resultsHead.size() - 2);
    assertThat(coordinates).contains("topology", "topology.dims", "topology.link-gbps", "throughput.traffic")
        .doesNotContain("rep", "seed", "point");
    List<String> expected = new ArrayList<>(List.of("configuration"));
    expected.addAll(coordinates);
    expected.addAll(List.of("metric", "n", "mean", "sd", "ci95HalfWidth"));
    assertThat(header(run.resolve("summary.csv"))).containsExactlyElementsOf(expected);

    // every summary row: its coordinates are those of exactly n result rows of its metric
    Map<List<String>, Integer> resultCount = new HashMap<>();
    for (Map<String, String> r : csv(run.resolve("results.csv"))) {
      List<String> key = new ArrayList<>(coordinates.stream().map(r::get).toList());
      key.add(r.get("metric"));
      resultCount.merge(key, 1, Integer::sum);
    }
    List<Map<String, String>> summary = csv(run.resolve("summary.csv"));
    Map<List<String>, String> labelOf = new HashMap<>();
    for (Map<String, String> r : summary) {
      List<String> key = new ArrayList<>(coordinates.stream().map(r::get).toList());
      key.add(r.get("metric"));
      assertThat(resultCount.get(key)).as(r.toString()).isEqualTo(Integer.parseInt(r.get("n"))).isEqualTo(2);
      assertThat(labelOf.put(key, r.get("configuration"))).as("one row per coordinates and metric").isNull();
    }
    assertThat(labelOf.keySet()).isEqualTo(resultCount.keySet());
    // the configurations' points, by their labels: the same coordinate values
    Map<String, List<Point>> configs = RunReport.configurations(pts);
    for (Map<String, String> r : summary) {
      for (Point p : configs.get(r.get("configuration"))) {
        for (String k : coordinates) {
          assertThat(r.get(k)).as(k).isEqualTo(p.params().getOrDefault(k, ""));
        }
      }
    }
    // two configurations that differ only in one coordinate differ in that column
    List<Map<String, String>> fat = summary.stream()
        .filter(r -> r.get("topology").equals("fattree") && r.get("metric").equals("lambda")
            && r.get("throughput.traffic").equals("permutation")).toList();
    assertThat(fat).hasSize(2);
    assertThat(fat.stream().map(r -> r.get("topology.link-gbps"))).containsExactlyInAnyOrder("", "40");
    assertThat(fat.stream().map(r -> r.get("topology.k"))).containsOnly("4");
    assertThat(summary.stream().filter(r -> r.get("topology").equals("torus") && r.get("metric").equals("lambda"))
        .map(r -> r.get("topology.dims") + "/" + r.get("throughput.traffic")))
        .containsExactlyInAnyOrder("4,4/permutation", "4,4/all-to-all", "2,8/permutation", "2,8/all-to-all");
  }

  @Test
  void oneOfAThingIsSingular() throws Exception {
    Path f = dir.resolve("one.yaml");
    Files.writeString(f, "kind: topo\ntopologies:\n  - family: fattree\n    k: 4\n");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Path run = dir.resolve("one");
    assertThat(org.fabriclab.cli.Main.run(new String[] {"run", f.toString(), "--out", run.toString(),
        "--threads", "1", "--no-progress"}, new PrintWriter(out), new PrintWriter(err))).isEqualTo(0);
    assertThat(out.toString()).startsWith("1 point (1 run, 0 already done) on 1 thread in");
    assertThat(Files.readString(run.resolve("report.html")))
        .contains("1 point of kind topo: 1 configuration x 1 repetition (seeds)");
    err = new StringWriter();
    org.fabriclab.cli.Main.run(new String[] {"run", f.toString(), "--out", run.toString(), "--dry-run"},
        new PrintWriter(new StringWriter()), new PrintWriter(err));
    assertThat(err.toString()).isEqualTo("1 point, kind topo; nothing run (--dry-run)\n");
  }

  @Test
  void dryRunNeedsNoOutButARunDoes() throws Exception {
    Path f = dir.resolve("one.yaml");
    Files.writeString(f, "kind: topo\ntopologies:\n  - family: fattree\n    k: [4, 6]\n");
    StringWriter out = new StringWriter();
    assertThat(org.fabriclab.cli.Main.run(new String[] {"run", f.toString(), "--dry-run", "--format", "csv"},
        new PrintWriter(out), new PrintWriter(new StringWriter()))).isEqualTo(0);
    assertThat(out.toString().lines().count()).isEqualTo(3);
    StringWriter err = new StringWriter();
    assertThat(org.fabriclab.cli.Main.run(new String[] {"run", f.toString()},
        new PrintWriter(new StringWriter()), new PrintWriter(err))).isEqualTo(2);
    assertThat(err.toString().trim().lines().count()).isEqualTo(1);
    assertThat(err.toString()).contains("--out");
  }
}
