package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

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
 * {@code kind: collective} with the application patterns: a point of {@code op: hpl} or
 * {@code op: multicast} gives the numbers {@code fabriclab collective --op ... --json} prints for
 * the same pattern options and seed; the pattern keys are columns only of specs that name a
 * pattern, empty for points of another op; bad values are one line naming the key.
 */
class CollectivePatternSpecTest {
  @TempDir Path dir;

  private static final List<String> METRICS = List.of("jctNs", "algbwGbps", "busbwGbps", "wireBytes", "linkBytes",
      "linksUsed", "rootUplinkBytes", "maxQueueBytes", "drops", "retransmissions");

  /** fat-tree k=4 (16 hosts): hpl on two grids, 2 x 4 multicast groups, and a broadcast beside them. */
  private static final String SPEC = String.join("\n",
      "kind: collective",
      "seed: 3",
      "topologies:",
      "  - family: fattree",
      "    k: 4",
      "collective:",
      "  op: [hpl, multicast, broadcast]",
      "  ranks: 8",
      "  size: 64KiB",
      "  scheme: flat",
      "  engine: flow",
      "  grid: [2x2, 2X4]",
      "  groups: 2",
      "  group-size: 4",
      "");

  private Path run(String spec) throws Exception {
    Path f = dir.resolve("spec.yaml");
    Files.writeString(f, spec);
    Path out = dir.resolve("out");
    CliRun.Result r = CliRun.run("run", f.toString(), "--out", out.toString(), "--threads", "2", "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    return out;
  }

  private static void sameMetrics(Map<String, String> m, JsonNode cmd) {
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
  }

  @Test
  void patternPointsGiveTheNumbersOfTheCollectiveCommand() throws Exception {
    Path out = run(SPEC);
    List<Map<String, String>> points = RunReportTest.csv(out.resolve("points.csv"));
    // hpl x 2 grids, multicast (the grid does not apply: one point), broadcast (one point)
    assertThat(points).hasSize(4);
    List<String> header = RunReportTest.header(out.resolve("results.csv"));
    assertThat(header).contains("collective.grid", "collective.groups", "collective.group-size")
        .doesNotContain("collective.replicas", "collective.mappers", "collective.reducers");
    Map<String, Map<String, String>> results = new LinkedHashMap<>();
    for (Map<String, String> row : RunReportTest.csv(out.resolve("results.csv"))) {
      results.computeIfAbsent(row.get("point"), k -> new LinkedHashMap<>()).put(row.get("metric"), row.get("value"));
    }
    String seed = points.get(0).get("seed");
    List<String[]> commands = new ArrayList<>();
    for (Map<String, String> p : points) {
      String op = p.get("collective.op");
      switch (op) {
        case "hpl" -> {
          // a pattern's ranks and root follow from it: empty cells, as are the other pattern's keys
          assertThat(p.get("collective.ranks")).isEmpty();
          assertThat(p.get("collective.root")).isEmpty();
          assertThat(p.get("collective.groups")).isEmpty();
          assertThat(p.get("collective.grid")).isIn("2x2", "2x4");
          commands.add(new String[] {"--op", "hpl", "--grid", p.get("collective.grid")});
        }
        case "multicast" -> {
          assertThat(p.get("collective.grid")).isEmpty();
          assertThat(p.get("collective.groups")).isEqualTo("2");
          assertThat(p.get("collective.group-size")).isEqualTo("4");
          commands.add(new String[] {"--op", "multicast", "--groups", "2", "--group-size", "4"});
        }
        default -> {
          assertThat(p.get("collective.ranks")).isEqualTo("8");
          assertThat(p.get("collective.grid")).isEmpty();
          assertThat(p.get("collective.groups")).isEmpty();
          commands.add(new String[] {"--op", "broadcast", "--ranks", "8"});
        }
      }
    }
    for (int i = 0; i < points.size(); i++) {
      List<String> args = new ArrayList<>(List.of("collective"));
      args.addAll(List.of(commands.get(i)));
      args.addAll(List.of("--size", "64KiB", "--scheme", "flat", "--topo", "fattree", "--k", "4", "--engine", "flow",
          "--seed", seed, "--json", "--no-progress"));
      JsonNode cmd = CliRun.json(args.toArray(String[]::new)).get("runs").get(0);
      assertThat(cmd.get("op").asText()).isEqualTo(points.get(i).get("collective.op"));
      sameMetrics(results.get(points.get(i).get("point")), cmd);
    }
    // the four runs differ (2 x 2 and 2 x 4 grids, the groups, the broadcast)
    assertThat(results.values().stream().map(m -> m.get("wireBytes")).distinct()).hasSize(4);
    // the resolved spec keeps the pattern keys in their types
    String resolved = Files.readString(out.resolve("spec.json"));
    assertThat(resolved).contains("\"grid\" : [ \"2x2\", \"2x4\" ]").contains("\"groups\" : 2")
        .contains("\"group-size\" : 4");
  }

  @Test
  void aPatternPointRunsOnTheShoalRack() throws Exception {
    // replicate to one server: one transfer 0 → 1 of 1 MiB on the 8-node rack, 10699 slots of
    // 23.25 ns (the closed form of ShoalSchemeTest), as the command gives it
    Path out = run(String.join("\n", "kind: collective", "topologies:", "  - family: shoal", "    nodes: 8",
        "collective:", "  op: replicate", "  replicas: 1", "  size: 1MiB", "  scheme: shoal", "  engine: slot", ""));
    Map<String, String> m = new LinkedHashMap<>();
    for (Map<String, String> row : RunReportTest.csv(out.resolve("results.csv"))) {
      m.put(row.get("metric"), row.get("value"));
    }
    assertThat(Long.parseLong(m.get("jctNs"))).isEqualTo((10_699 * 23_250L + 500) / 1000);
  }

  @Test
  void aSpecWithoutPatternsKeepsItsColumns() throws Exception {
    Path out = run(String.join("\n", "kind: collective", "topologies:", "  - family: fattree", "    k: 4",
        "collective:", "  ranks: 4", "  size: 64KiB", "  scheme: ring", "  engine: flow", ""));
    List<String> header = RunReportTest.header(out.resolve("results.csv"));
    assertThat(header).containsExactly("point", "rep", "seed", "topology", "topology.k", "collective.op",
        "collective.ranks", "collective.size", "collective.scheme", "collective.engine", "collective.placement",
        "collective.segment-bytes", "collective.root", "collective.alpha", "collective.reduce-gbps", "metric", "value");
  }

  @Test
  void aSweepOfPatternKeysCountsItsPoints() {
    String spec = String.join("\n", "kind: collective", "seeds: 2", "topologies:", "  - family: fattree", "    k: 4",
        "collective:", "  op: [shuffle, replicate, broadcast]", "  ranks: [4, 8]", "  size: 64KiB",
        "  scheme: flat", "  engine: flow", "  mappers: [2, 4]", "  reducers: [2, 4]", "  replicas: [1, 3, 7]", "");
    ExperimentSpec s = SpecLoader.validate(SpecParser.parse(spec, "spec.yaml", false), dir);
    // shuffle: 2 x 2, replicate: 3, broadcast: 2 ranks; times 2 seeds
    assertThat(Sweep.count(s)).isEqualTo((4 + 3 + 2) * 2);
    assertThat(Sweep.expand(s)).hasSize((4 + 3 + 2) * 2);
  }

  /** The spec's lines after the topologies (a fat-tree k=4: 16 hosts). */
  private void refused(String collective, String mention) throws Exception {
    Path f = dir.resolve("bad.yaml");
    Files.writeString(f, "kind: collective\ntopologies:\n  - family: fattree\n    k: 4\n" + collective);
    Path out = dir.resolve("bad-out");
    CliRun.assertRefused(new String[] {"run", f.toString(), "--out", out.toString(), "--no-progress"},
        f + ":" + mention);
    assertThat(out).doesNotExist();
  }

  @Test
  void badPatternValuesAreOneLineNamingTheKey() throws Exception {
    refused("collective:\n  op: multicast\n  scheme: flat\n  groups: 0\n",
        "8: collective.groups = 0 is out of range: an integer in 1..1048576");
    refused("collective:\n  op: multicast\n  scheme: flat\n  group-size: [4, 1]\n",
        "8: collective.group-size = 1 is out of range: an integer in 2..1048576");
    refused("collective:\n  op: hpl\n  scheme: flat\n  grid: [2x2, 4by4]\n",
        "8: collective.grid = 4by4: P x Q as two whole numbers, e.g. 4x4");
    refused("collective:\n  op: hpl\n  scheme: flat\n  grid: 1x1\n",
        "8: collective.grid = 1x1: at least 2 ranks (P x Q >= 2)");
    refused("collective:\n  op: hpl\n  scheme: flat\n  grid: 0x4\n",
        "8: collective.grid = 0x4: valid range 1..4096 rows x 1..4096 columns");
    refused("collective:\n  op: allreduce\n  scheme: ring\n  groups: 2\n",
        "8: collective.groups applies to op multicast only, not to op allreduce");
    refused("collective:\n  op: hpl\n  scheme: flat\n  ranks: 8\n",
        "8: collective.ranks does not apply to op hpl: its ranks follow from collective.grid (P x Q)");
    refused("collective:\n  op: multicast\n  scheme: flat\n  groups: 4\n  group-size: 8\n",
        "8: collective.groups = 4 on fattree k=4: multicast needs 32 ranks (collective.groups x collective.group-size),"
            + " more than the 16 hosts of fattree");
    refused("collective:\n  op: shuffle\n  scheme: flat\n  reducers: 3\n  size: 1MiB\n",
        "9: collective.size = 1048576 on fattree k=4: shuffle splits each mapper's output into one partition per"
            + " reducer: a multiple of collective.reducers (3)");
    refused("collective:\n  op: hpl\n  scheme: ring\n",
        "7: collective.scheme on fattree k=4: scheme 'ring' does not implement broadcast, which hpl is made of");
  }
}
