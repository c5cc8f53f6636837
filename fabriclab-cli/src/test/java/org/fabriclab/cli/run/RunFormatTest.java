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
 * {@code run --format}: stdout holds only the data (the outcome, or the points of --dry-run);
 * status lines go to stderr. A malformed sizes file in a spec fails before the folder is made.
 */
class RunFormatTest {
  @TempDir Path dir;

  private Path spec() throws Exception {
    return Files.writeString(dir.resolve("two.json"),
        "{\"kind\": \"topo\", \"topologies\": [{\"family\": \"fattree\", \"k\": [4, 6]}]}");
  }

  @Test
  void dryRunPrintsOnlyThePointsInTheChosenFormat() throws Exception {
    Path spec = spec();
    CliRun.Result csv = CliRun.run("run", spec.toString(), "--out", dir.resolve("x").toString(), "--dry-run",
        "--format", "csv");
    assertThat(csv.code()).as(csv.err()).isZero();
    assertThat(csv.err()).isEqualTo("2 points, kind topo; nothing run (--dry-run)\n");
    assertThat(dir.resolve("x")).doesNotExist();
    // exactly the points.csv a run writes
    Path out = dir.resolve("real");
    assertThat(CliRun.run("run", spec.toString(), "--out", out.toString(), "--no-progress").code()).isZero();
    assertThat(csv.out()).isEqualTo(Files.readString(out.resolve("points.csv")));
    assertThat(csv.out().lines().toList()).hasSize(3);

    JsonNode j = CliRun.json("run", spec.toString(), "--out", dir.resolve("x").toString(), "--dry-run", "--json");
    assertThat(j.size()).isEqualTo(2);
    assertThat(j.get(0).get("point").asText()).isEqualTo("p00000");
    assertThat(j.get(1).get("topology.k").asText()).isEqualTo("6");

    CliRun.Result text = CliRun.run("run", spec.toString(), "--out", dir.resolve("x").toString(), "--dry-run");
    assertThat(text.out().lines().toList()).hasSize(3).allSatisfy(l -> assertThat(l).doesNotContain("nothing run"));
    assertThat(text.out().lines().toList().get(1)).startsWith("p00000").contains("fattree");
  }

  @Test
  void theOutcomeInJson() throws Exception {
    Path out = dir.resolve("j");
    JsonNode j = CliRun.json("run", spec().toString(), "--out", out.toString(), "--no-progress", "--json");
    assertThat(j.get("points").asInt()).isEqualTo(2);
    assertThat(j.get("run").asInt()).isEqualTo(2);
    assertThat(j.get("alreadyDone").asInt()).isZero();
    assertThat(Path.of(j.get("results").asText())).isEqualTo(out.resolve("results.csv"));
    assertThat(Path.of(j.get("report").asText())).isEqualTo(out.resolve("report.html")).isRegularFile();
  }

  @Test
  void aMalformedSizesFileInASpecFailsBeforeTheFolderIsMade() throws Exception {
    Files.writeString(dir.resolve("d1.csv"), "bytes,probability\n1000,0.5\nabc,0.5\n");
    Path spec = Files.writeString(dir.resolve("s.json"), "{\"kind\": \"simulate\", \"topologies\": [{\"family\":"
        + " \"fattree\", \"k\": 4}], \"simulate\": {\"engine\": \"flow\", \"workload\": {\"type\": \"poisson\","
        + " \"flows\": 10, \"sizes\": \"d1.csv\"}}}");
    Path out = dir.resolve("r");
    CliRun.Result r = CliRun.run("run", spec.toString(), "--out", out.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(2);
    assertThat(r.err().strip().lines().toList()).hasSize(1);
    assertThat(r.err()).contains("d1.csv").contains("line 3").contains("abc");
    assertThat(out).doesNotExist();
    assertThat(List.of(dir.toFile().list())).containsExactlyInAnyOrder("d1.csv", "s.json");
  }
}
