package org.fabriclab.cli;

import org.fabriclab.cli.CliRun.Result;
import static org.fabriclab.cli.CliRun.json;
import static org.fabriclab.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line end to end: outputs against closed forms, and bad input. */
class CliTest {
  @Test
  void fatTreeJsonMatchesClosedForms() throws Exception {
    int k = 8;
    JsonNode j = json(run("topo", "fattree", "--k", "8", "--json"));
    assertThat(j.get("family").asText()).isEqualTo("fattree");
    assertThat(j.get("servers").asLong()).isEqualTo(k * k * k / 4);
    assertThat(j.get("switches").asLong()).isEqualTo(5 * k * k / 4);
    assertThat(j.get("nodes").asLong()).isEqualTo(k * k * k / 4 + 5 * k * k / 4);
    // server links + edge-aggregation + aggregation-core: k^3/4 each
    assertThat(j.get("links").asLong()).isEqualTo(3L * k * k * k / 4);
    // from one server: k/2-1 servers at 2 hops, (k/2)(k/2-1) at 4, (k-1)k^2/4 at 6
    double others = k * k * k / 4.0 - 1;
    double mean = (2.0 * (k / 2 - 1) + 4.0 * (k / 2) * (k / 2 - 1) + 6.0 * (k - 1) * k * k / 4) / others;
    assertThat(j.get("avgServerPathLength").asDouble()).isCloseTo(mean, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(j.get("diameter").asLong()).isEqualTo(6);
  }

  @Test
  void bcubeJsonCountsServerHopsThroughSwitches() throws Exception {
    // BCube(4,1): from one server, C(2,1)*3 = 6 servers differ in one digit (2 hops: server,
    // switch, server) and C(2,2)*3^2 = 9 in both (4 hops)
    JsonNode j = json(run("topo", "bcube", "--n", "4", "--k", "1", "--json"));
    assertThat(j.get("servers").asLong()).isEqualTo(16);
    assertThat(j.get("switches").asLong()).isEqualTo(8);
    assertThat(j.get("links").asLong()).isEqualTo(32);
    assertThat(j.get("avgServerPathLength").asDouble()).isCloseTo((6 * 2 + 9 * 4) / 15.0,
        org.assertj.core.data.Offset.offset(1e-12));
    assertThat(j.get("diameter").asLong()).isEqualTo(4);
  }

  @Test
  void everyListedFamilyBuildsWithDefaultsOrExample() {
    Result list = run("topo", "list");
    assertThat(list.code()).isZero();
    for (String f : new String[] {"fattree", "clos", "jellyfish", "tworandom", "bcube", "fbfly",
        "hyperx", "torus", "mltree"}) {
      assertThat(list.out()).contains(f);
    }
  }

  @Test
  void jellyfishExampleIsDeterministicForASeed() {
    Result a = run("topo", "jellyfish", "--switches", "80", "--ports", "8", "--servers-per-switch", "2", "--seed", "7", "--json");
    Result b = run("topo", "jellyfish", "--switches", "80", "--ports", "8", "--servers-per-switch", "2", "--seed", "7", "--json");
    assertThat(a.code()).as(a.err()).isZero();
    assertThat(a.out()).isEqualTo(b.out());
    assertThat(a.out()).contains("\"servers\" : 160");
  }

  @Test
  void oddFatTreeKIsOneLineExitTwo() {
    Result r = run("topo", "fattree", "--k", "7");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip().lines().count()).isEqualTo(1);
    assertThat(r.err()).contains("--k").contains("7").doesNotContain("Exception").doesNotContain("\tat ");
  }

  @Test
  void badInputsAreOneLineExitTwo() {
    String[][] cases = {
      {"topo", "nosuchfamily"},
      {"topo", "fattree", "--k", "8", "--kk", "3"},
      {"topo", "fattree", "--k", "eight"},
      {"topo", "bcube", "--n", "1", "--k", "1"},
      {"topo", "bcube", "--n", "4", "--k", "-1"},
      {"topo", "bcube", "--n", "64", "--k", "6"},
      {"topo", "fattree", "--k", "8", "--export", "png", "--out", "x.png"},
      {"topo", "fattree", "--k", "8", "--export", "dot"},
      {"topo", "import", "does-not-exist.json"},
    };
    for (String[] c : cases) {
      Result r = run(c);
      assertThat(r.code()).as(String.join(" ", c) + " -> " + r.err()).isEqualTo(2);
      assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
      assertThat(r.err()).as(String.join(" ", c)).startsWith("fabriclab: error:")
          .doesNotContain("\tat ");
    }
  }

  @Test
  void exportThenImportGivesTheSameStatistics(@TempDir Path dir) throws Exception {
    for (String fmt : new String[] {"graphml", "json"}) {
      Path f = dir.resolve("t." + fmt);
      JsonNode a = json(run("topo", "bcube", "--n", "3", "--k", "2", "--json", "--export", fmt, "--out", f.toString()));
      assertThat(f).exists();
      JsonNode b = json(run("topo", "import", f.toString(), "--json"));
      for (String key : new String[] {"nodes", "servers", "switches", "links", "avgServerPathLength", "diameter"}) {
        assertThat(b.get(key)).as(fmt + " " + key).isEqualTo(a.get(key));
      }
    }
  }

  @Test
  void malformedImportIsOneLineAndExportFailureLeavesNoFile(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("bad.json");
    Files.writeString(bad, "{\"format\": \"fabriclab-edgelist\", \"version\": 1, \"nodes\": [");
    Result r = run("topo", "import", bad.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("bad.json");
    Path blocker = dir.resolve("file");
    Files.writeString(blocker, "x");
    Path target = blocker.resolve("out.graphml");
    Result w = run("topo", "fattree", "--k", "4", "--export", "graphml", "--out", target.toString());
    assertThat(w.code()).isEqualTo(2);
    assertThat(w.err().strip().lines().count()).isEqualTo(1);
    assertThat(Files.list(dir).map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("bad.json", "file");
  }

  @Test
  void helpIsEverywhere() {
    for (String[] c : new String[][] {{"--help"}, {"topo", "--help"}, {"topo", "fattree", "--help"},
        {"topo", "list", "--help"}, {"demo", "--help"}, {"demo", "topo", "--help"}, {"bench", "topo", "--help"}}) {
      Result r = run(c);
      assertThat(r.code()).isZero();
      assertThat(r.out()).contains("Usage:");
    }
    assertThat(run("topo", "fattree", "--help").out().replaceAll("\\s+", ""))
        .contains("--k").contains("[2..256;default4]");
  }

  @Test
  void demoTopoWritesTablesPlotsAndSummary(@TempDir Path dir) {
    Result r = run("demo", "topo", "--out", dir.toString());
    assertThat(r.code()).as(r.err()).isZero();
    for (String f : new String[] {"topologies.csv", "topologies.json", "hop-distribution.csv",
        "avg-path-length.png", "avg-path-length.svg", "hop-cdf.png", "hop-cdf.svg", "summary.md"}) {
      assertThat(dir.resolve(f)).isNotEmptyFile();
    }
  }
}
