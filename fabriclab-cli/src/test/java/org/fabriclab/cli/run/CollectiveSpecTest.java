package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kind: collective}: a point's metrics are the numbers {@code fabriclab collective --json}
 * prints for the same settings and seed; the sweep is the product of its lists times the seeds;
 * summary.csv's statistics are those of results.csv's values.
 */
class CollectiveSpecTest {
  @TempDir Path dir;

  private static final List<String> METRICS = List.of("jctNs", "algbwGbps", "busbwGbps", "wireBytes", "linkBytes",
      "linksUsed", "rootUplinkBytes", "maxQueueBytes", "drops", "retransmissions");

  /** 2 sizes (two spellings) x 2 schemes x 2 fabrics x 2 seeds, random placement (seeds differ). */
  private static final String SPEC = String.join("\n",
      "kind: collective",
      "seed: 7",
      "seeds: 2",
      "topologies:",
      "  - family: fattree",
      "    k: 4",
      "  - family: bcube",
      "    n: 4",
      "    k: 1",
      "collective:",
      "  op: allreduce",
      "  ranks: 8",
      "  size: [64KiB, 1e6]",
      "  scheme: [ring, rabenseifner]",
      "  engine: flow",
      "  placement: random",
      "");

  private Path run(String spec) throws Exception {
    Path f = dir.resolve("spec.yaml");
    Files.writeString(f, spec);
    Path out = dir.resolve("out");
    CliRun.Result r = CliRun.run("run", f.toString(), "--out", out.toString(), "--threads", "2", "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    return out;
  }

  @Test
  void everyPointGivesTheNumbersOfTheCollectiveCommand() throws Exception {
    Path out = run(SPEC);
    List<Map<String, String>> points = RunReportTest.csv(out.resolve("points.csv"));
    assertThat(points).hasSize(2 * 2 * 2 * 2);
    Map<String, Map<String, String>> results = new LinkedHashMap<>();
    for (Map<String, String> row : RunReportTest.csv(out.resolve("results.csv"))) {
      results.computeIfAbsent(row.get("point"), k -> new LinkedHashMap<>()).put(row.get("metric"), row.get("value"));
    }
    assertThat(results).hasSize(16);
    results.values().forEach(m -> assertThat(m.keySet()).containsExactlyElementsOf(METRICS));
    // one command per repetition: its seed, every size x scheme x fabric at once
    List<String> seeds = points.stream().map(p -> p.get("seed")).distinct().toList();
    assertThat(seeds).hasSize(2);
    int compared = 0;
    List<Long> jcts = new ArrayList<>();
    for (String seed : seeds) {
      JsonNode runs = CliRun.json("collective", "--op", "allreduce", "--ranks", "8", "--size", "64KiB,1e6",
          "--scheme", "ring,rabenseifner", "--topo", "fattree", "--k", "4", "--topo", "bcube", "--n", "4", "--k", "1",
          "--engine", "flow", "--placement", "random", "--seed", seed, "--json", "--no-progress").get("runs");
      assertThat(runs.size()).isEqualTo(8);
      for (JsonNode cmd : runs) {
        Map<String, String> p = points.stream().filter(x -> x.get("seed").equals(seed)
            && fabric(x).equals(cmd.get("fabric").asText()) && x.get("collective.scheme").equals(cmd.get("scheme").asText())
            && Long.parseLong(x.get("collective.size")) == cmd.get("sizeBytes").asLong()).findFirst().orElseThrow();
        Map<String, String> m = results.get(p.get("point"));
        for (String k : METRICS) {
          JsonNode v = cmd.get(k);
          if (v.isNull()) {
            assertThat(m.get(k)).as(k).isEmpty();
          } else if (v.isIntegralNumber()) {
            assertThat(Long.parseLong(m.get(k))).as(k).isEqualTo(v.asLong());
          } else {
            assertThat(Double.parseDouble(m.get(k))).as(k).isEqualTo(v.asDouble());
          }
        }
        jcts.add(cmd.get("jctNs").asLong());
        compared++;
      }
    }
    assertThat(compared).isEqualTo(16);
    // the placements of the two seeds differ, so not every run repeats its twin of the other seed
    assertThat(jcts.subList(0, 8)).isNotEqualTo(jcts.subList(8, 16));
    // the flow engine has no queues, drops or retransmissions: empty cells, not 0
    assertThat(results.values()).allMatch(m -> m.get("drops").isEmpty() && m.get("maxQueueBytes").isEmpty());
  }

  @Test
  void aShoalPointRunsOnTheSlotEngineAsTheCommandDoes() throws Exception {
    Path out = run(String.join("\n",
        "kind: collective",
        "topologies:",
        "  - family: shoal",
        "    nodes: 8",
        "collective:",
        "  op: alltoall",
        "  ranks: 8",
        "  size: 64KiB",
        "  scheme: shoal",
        "  engine: slot",
        ""));
    Map<String, String> m = new LinkedHashMap<>();
    for (Map<String, String> row : RunReportTest.csv(out.resolve("results.csv"))) {
      m.put(row.get("metric"), row.get("value"));
    }
    JsonNode cmd = CliRun.json("collective", "--op", "alltoall", "--ranks", "8", "--size", "64KiB", "--scheme",
        "shoal", "--engine", "slot", "--topo", "shoal", "--nodes", "8", "--json", "--no-progress").get("runs").get(0);
    assertThat(Long.parseLong(m.get("jctNs"))).isEqualTo(cmd.get("jctNs").asLong());
    assertThat(Long.parseLong(m.get("wireBytes"))).isEqualTo(cmd.get("wireBytes").asLong());
  }

  /** The command's label of a point's fabric: {@code bcube n=4 k=1}. */
  private static String fabric(Map<String, String> p) {
    StringBuilder b = new StringBuilder(p.get("topology"));
    for (String k : List.of("n", "k")) {
      String v = p.get("topology." + k);
      if (v != null && !v.isEmpty()) {
        b.append(' ').append(k).append('=').append(v);
      }
    }
    return b.toString();
  }

  @Test
  void sweepCountIsTheProductOfTheListsTimesTheSeeds() {
    String spec = String.join("\n",
        "kind: collective",
        "seeds: 3",
        "topologies:",
        "  - family: fattree",
        "    k: [4, 6]",
        "  - family: bcube",
        "    n: 4",
        "    k: 1",
        "collective:",
        "  op: allreduce",
        "  ranks: [4, 8, 16]",
        "  size: [1KiB, 1MiB]",
        "  scheme: [ring, recdoubling]",
        "  placement: [contiguous, spread]",
        "  engine: flow",
        "");
    ExperimentSpec s = SpecLoader.validate(SpecParser.parse(spec, "spec.yaml", false), dir);
    // (2 fat-trees + 1 BCube) x 3 ranks x 2 sizes x 2 schemes x 2 placements x 3 seeds
    long expected = 3L * 3 * 2 * 2 * 2 * 3;
    assertThat(Sweep.count(s)).isEqualTo(expected);
    List<Point> pts = Sweep.expand(s);
    assertThat(pts).hasSize((int) expected);
    // the size forms of the command, in bytes
    assertThat(pts.stream().map(p -> p.params().get("collective.size")).distinct()).containsExactly("1024", "1048576");
  }

  @Test
  void summaryStatisticsAreThoseOfTheResults() throws Exception {
    Path out = run(SPEC);
    List<Map<String, String>> results = RunReportTest.csv(out.resolve("results.csv"));
    List<String> coordinates = new ArrayList<>(RunReportTest.header(out.resolve("results.csv")));
    coordinates.removeAll(List.of("point", "rep", "seed", "metric", "value"));
    Map<String, List<Double>> values = new LinkedHashMap<>();
    for (Map<String, String> r : results) {
      if (!r.get("value").isEmpty()) {
        values.computeIfAbsent(key(r, coordinates), k -> new ArrayList<>()).add(Double.parseDouble(r.get("value")));
      }
    }
    List<Map<String, String>> summary = RunReportTest.csv(out.resolve("summary.csv"));
    assertThat(summary).hasSize(2 * 2 * 2 * METRICS.size()); // configurations x metrics
    int checked = 0;
    for (Map<String, String> s : summary) {
      List<Double> x = values.get(key(s, coordinates));
      if (x == null) {
        assertThat(s.get("n")).isEqualTo("0"); // a packet counter on the flow engine
        continue;
      }
      double mean = x.stream().mapToDouble(d -> d).sum() / x.size();
      double ss = x.stream().mapToDouble(d -> (d - mean) * (d - mean)).sum();
      double sd = Math.sqrt(ss / (x.size() - 1));
      assertThat(Long.parseLong(s.get("n"))).isEqualTo(2);
      assertThat(Double.parseDouble(s.get("mean"))).isCloseTo(mean, within(1e-9 * Math.abs(mean) + 1e-12));
      assertThat(Double.parseDouble(s.get("sd"))).isCloseTo(sd, within(1e-9 * Math.abs(mean) + 1e-12));
      checked++;
    }
    assertThat(checked).isEqualTo(2 * 2 * 2 * 7); // the 7 metrics the flow engine has
  }

  private static String key(Map<String, String> row, List<String> coordinates) {
    StringBuilder b = new StringBuilder();
    coordinates.forEach(c -> b.append(row.get(c)).append('\u0000'));
    return b.append(row.get("metric")).toString();
  }

  @Test
  void resumeFindsEveryPointFinishedAndKeepsTheResults() throws Exception {
    Path out = run(SPEC);
    String before = Files.readString(out.resolve("results.csv"));
    CliRun.Result r = CliRun.run("run", dir.resolve("spec.yaml").toString(), "--out", out.toString(), "--resume",
        "--no-progress", "--json");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode j = new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.out());
    assertThat(j.get("run").asInt()).isZero();
    assertThat(j.get("alreadyDone").asInt()).isEqualTo(16);
    assertThat(Files.readString(out.resolve("results.csv"))).isEqualTo(before);
  }
}
