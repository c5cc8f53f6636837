package org.fabriclab.cli.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.json;
import static org.fabriclab.cli.CliRun.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code topo} and {@code analyze throughput} on a topology whose two servers cannot reach each
 * other (no -1 or -0.0 sentinels), {@code topo --distribution --format csv} as one table, and
 * {@code topo list} with the shared format options.
 */
class TopoOutputTest {
  /** Two components, each a switch with one server: the only server pair is not connected. */
  static Path disconnected(Path dir) throws Exception {
    return Files.writeString(dir.resolve("disc.json"), """
        {"format": "fabriclab-edgelist", "version": 1,
         "nodes": [{"id": 0, "role": "server"}, {"id": 1, "role": "packet-switch"},
                   {"id": 2, "role": "server"}, {"id": 3, "role": "packet-switch"}],
         "links": [{"source": 0, "target": 1, "capacityBps": 10000000000, "delayPs": 1000000},
                   {"source": 2, "target": 3, "capacityBps": 10000000000, "delayPs": 1000000}]}
        """);
  }

  private static String value(String text, String key) {
    return text.lines().filter(l -> l.startsWith(key + " ")).findFirst().orElseThrow()
        .substring(key.length()).strip();
  }

  @Test
  void disconnectedTopologyHasNoSentinels(@TempDir Path dir) throws Exception {
    Path f = disconnected(dir);
    Result text = run("topo", "import", f.toString(), "--no-progress");
    assertThat(text.code()).as(text.err()).isZero();
    assertThat(value(text.out(), "diameter")).isEqualTo("n/a (disconnected)");
    assertThat(value(text.out(), "avgServerPathLength")).isEqualTo("n/a (disconnected)");
    assertThat(value(text.out(), "components")).isEqualTo("2");
    assertThat(run("topo", "import", f.toString(), "--format", "md").out())
        .contains("| diameter | n/a (disconnected) |");
    JsonNode j = json("topo", "import", f.toString(), "--json");
    assertThat(j.get("diameter").isNull()).isTrue();
    assertThat(j.get("avgServerPathLength").isNull()).isTrue();
    assertThat(j.get("unreachableServerPairs").asLong()).isEqualTo(2);
    List<String> csv = run("topo", "import", f.toString(), "--format", "csv").out().lines().toList();
    List<String> header = Arrays.asList(csv.get(0).split(",", -1));
    String[] row = csv.get(1).split(",", -1);
    assertThat(row[header.indexOf("diameter")]).isEmpty();
    assertThat(row[header.indexOf("avgServerPathLength")]).isEmpty();
  }

  @Test
  void throughputOfADisconnectedTopologyIsZeroNotMinusZero(@TempDir Path dir) throws Exception {
    Path f = disconnected(dir);
    for (String solver : List.of("lp", "approx")) {
      Result r = run("analyze", "throughput", "--topo", f.toString(), "--solver", solver);
      assertThat(r.code()).as(r.err()).isZero();
      assertThat(r.out()).as(solver).doesNotContain("-0.0");
      assertThat(value(r.out(), "lambda")).as(solver).isEqualTo("0.0");
      JsonNode j = json("analyze", "throughput", "--topo", f.toString(), "--solver", solver, "--json");
      assertThat(Double.doubleToRawLongBits(j.get("lambda").asDouble())).as(solver).isZero();
    }
  }

  @Test
  void distributionCsvIsOneTable() {
    // fat-tree k=4: from a server, 1 server at 2 hops, 2 at 4 and 12 at 6; 16 sources
    Result r = run("topo", "fattree", "--k", "4", "--distribution", "--format", "csv");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().lines().toList()).containsExactly(
        "pairType,hops,pairs,fraction,cumulative",
        "server,2,16," + 1 / 15.0 + "," + 1 / 15.0,
        "server,3,0,0.0," + 1 / 15.0,
        "server,4,32," + 2 / 15.0 + "," + 3 / 15.0,
        "server,5,0,0.0," + 3 / 15.0,
        "server,6,192," + 12 / 15.0 + ",1.0");
    // with --switch-pairs: the switch rows follow in the same table
    List<String> both = run("topo", "fattree", "--k", "4", "--distribution", "--switch-pairs",
        "--format", "csv").out().lines().toList();
    assertThat(both.get(0)).isEqualTo("pairType,hops,pairs,fraction,cumulative");
    assertThat(both).allMatch(l -> l.split(",", -1).length == 5);
    assertThat(both.stream().filter(l -> l.startsWith("switch,")).count()).isPositive();
    // without --distribution, csv is the one-row statistics table
    List<String> stats = run("topo", "fattree", "--k", "4", "--format", "csv").out().lines().toList();
    assertThat(stats).hasSize(2);
    assertThat(stats.get(0)).startsWith("family,parameters,nodes,");
  }

  @Test
  void listTakesTheSharedFormatOptions() throws Exception {
    JsonNode j = json("topo", "list", "--json");
    assertThat(j.isArray()).isTrue();
    assertThat(j.findValuesAsText("family")).contains("fattree", "bcube");
    assertThat(run("topo", "list", "--format", "csv").out().lines().findFirst().orElseThrow())
        .isEqualTo("family,parameter,range,default,description");
    Result bad = run("topo", "list", "--json", "--format", "csv");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("--json");
  }
}
