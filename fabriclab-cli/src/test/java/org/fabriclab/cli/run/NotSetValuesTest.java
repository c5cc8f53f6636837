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
