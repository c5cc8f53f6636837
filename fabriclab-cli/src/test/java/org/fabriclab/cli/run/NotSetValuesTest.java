package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabriclab.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A setting that is not set or a value that does not exist is an empty cell, not a placeholder
 * 0: until-ms, max-events and pfc-xoff-bytes of a compare run, and the switch degrees of a torus
 * (a direct-connect fabric has no switch) in run, topo and demo output.
 */
class NotSetValuesTest {
  private static List<String> column(List<String> rows, String name) {
    int c = List.of(rows.get(0).split(",", -1)).indexOf(name);
    assertThat(c).as(name).isNotNegative();
    // split on commas outside quotes ("4,4,4" is one cell)
    return rows.subList(1, rows.size()).stream()
        .map(r -> r.split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", -1)[c]).toList();
  }

  @Test
  void unsetSimulationLimitsAreEmpty(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("cmp");
    CliRun.Result r = CliRun.run("compare", "--topo", "fattree", "--k", "4", "--workload", "permutation",
        "--flow-bytes", "1000", "--out", out.toString(), "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    List<String> rows = Files.readAllLines(out.resolve("results.csv"));
    for (String k : List.of("simulate.until-ms", "simulate.max-events", "simulate.pfc-xoff-bytes")) {
      assertThat(column(rows, k)).as(k).containsOnly("");
    }
    assertThat(column(rows, "simulate.engine")).containsOnly("packet");
  }

  /**
   * The resolved spec (spec.json) leaves out a limit that was not set rather than writing its
   * placeholder 0 ("until-ms" : "0.0"); a limit that was set is kept. Resolved specs stay equal
   * for equal inputs, so --resume compares them as before.
   */
  @Test
  void specJsonLeavesOutLimitsThatWereNotSet(@TempDir Path dir) throws Exception {
    String spec = "name: s\nkind: simulate\ntopologies:\n  - family: fattree\n    k: 4\nsimulate:\n"
        + "  engine: packet\n%s  workload:\n    type: permutation\n    flow-bytes: 1000\n";
    Path unset = Files.writeString(dir.resolve("unset.yaml"), spec.formatted(""));
    Path set = Files.writeString(dir.resolve("set.yaml"),
        spec.formatted("  until-ms: 5\n  max-events: 100000000\n  pfc-xoff-bytes: 20000\n"));
    for (Path f : List.of(unset, set)) {
      Path out = dir.resolve(f.getFileName() + ".out");
      CliRun.Result r = CliRun.run("run", f.toString(), "--out", out.toString(), "--no-progress");
      assertThat(r.code()).as(r.err()).isZero();
      JsonNode sim = new com.fasterxml.jackson.databind.ObjectMapper()
          .readTree(out.resolve("spec.json").toFile()).get("simulate");
      if (f == unset) {
        assertThat(sim.has("until-ms")).as(sim.toString()).isFalse();
        assertThat(sim.has("max-events")).as(sim.toString()).isFalse();
        assertThat(sim.has("pfc-xoff-bytes")).as(sim.toString()).isFalse();
      } else {
        assertThat(sim.get("until-ms").asDouble()).isEqualTo(5.0);
        assertThat(sim.get("max-events").asLong()).isEqualTo(100_000_000L);
        assertThat(sim.get("pfc-xoff-bytes").asLong()).isEqualTo(20_000L);
      }
      assertThat(sim.get("engine").asText()).isEqualTo("packet");
    }
    Path cmp = dir.resolve("cmp");
    CliRun.Result r = CliRun.run("compare", "--topo", "fattree", "--k", "4", "--workload", "permutation",
        "--flow-bytes", "1000", "--out", cmp.toString(), "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(Files.readString(cmp.resolve("spec.json"))).doesNotContain("until-ms")
        .doesNotContain("max-events").doesNotContain("pfc-xoff-bytes");
  }

  @Test
  void torusHasNoSwitchDegree(@TempDir Path dir) throws Exception {
    Path spec = Files.writeString(dir.resolve("s.yaml"),
        "name: t\nkind: topo\ntopologies:\n  - family: torus\n    dims: 4,4,4\n");
    Path out = dir.resolve("run");
    CliRun.Result r = CliRun.run("run", spec.toString(), "--out", out.toString(), "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    List<String> metrics = Files.readAllLines(out.resolve("results.csv"));
    assertThat(metrics).anyMatch(l -> l.endsWith(",minSwitchDegree,"))
        .anyMatch(l -> l.endsWith(",maxSwitchDegree,")).anyMatch(l -> l.endsWith(",switches,0"));
    assertThat(column(metrics, "topo.max-sources")).containsOnly(""); // 0 = every server: not set
    JsonNode topo = CliRun.json("topo", "torus", "--dims", "4,4,4", "--json");
    JsonNode stats = topo.has("minSwitchDegree") ? topo : topo.findParent("minSwitchDegree");
    assertThat(stats.get("minSwitchDegree").isNull()).isTrue();
    assertThat(stats.get("maxSwitchDegree").isNull()).isTrue();
    assertThat(stats.get("minServerDegree").asInt()).isEqualTo(6); // 3D torus: 6 neighbours
  }
}
