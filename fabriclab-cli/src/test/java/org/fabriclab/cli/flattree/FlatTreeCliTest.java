package org.fabriclab.cli.flattree;

import static org.fabriclab.cli.CliRun.json;
import static org.fabriclab.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fabriclab.cli.CliRun.Result;
import org.fabriclab.graph.io.TopologyFiles;
import org.fabriclab.graph.io.TopologyFormat;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CLI of the Flat-tree system. */
class FlatTreeCliTest {
  @Test
  void topoFlattreeClosModeHasTheFatTreePathLength() throws Exception {
    JsonNode j = json(run("topo", "flattree", "--k", "8", "--mode", "clos", "--json"));
    double mean = (2.0 * 3 + 4.0 * 12 + 6.0 * 112) / 127;
    assertThat(j.get("avgServerPathLength").asDouble()).isCloseTo(mean, within(1e-12));
    JsonNode g = json(run("topo", "flattree", "--k", "8", "--mode", "global", "--json"));
    assertThat(g.get("links").asLong()).isEqualTo(384);
    assertThat(g.get("avgServerPathLength").asDouble()).isLessThan(mean);
    assertThat(json(run("topo", "flattree", "--k", "8", "--mode", "hybrid", "--zones", "4,4", "--json"))
        .get("servers").asLong()).isEqualTo(128);
  }

  @Test
  void profileListsTheGrid() throws Exception {
    JsonNode j = json(run("flattree", "profile", "--k", "8", "--threads", "1", "--json"));
    assertThat(j.get("points")).hasSize(15);
    assertThat(j.get("paperChoice").get("m").asInt()).isEqualTo(1);
    assertThat(j.get("paperChoice").get("n").asInt()).isEqualTo(2);
    assertThat(j.get("best").get("avgPathLength").asDouble()).isLessThan(5.7);
  }

  /** --format csv prints the same grid as --json, one row per (m, n), lengths in hops. */
  @Test
  void profileAsCsvMatchesJson() throws Exception {
    JsonNode j = json(run("flattree", "profile", "--k", "8", "--threads", "1", "--json"));
    String[] lines = run("flattree", "profile", "--k", "8", "--threads", "1", "--format", "csv").out()
        .strip().split("\n");
    assertThat(lines[0]).isEqualTo("k,m,n,avgPathLengthHops");
    assertThat(lines).hasSize(1 + j.get("points").size());
    for (int i = 0; i < j.get("points").size(); i++) {
      JsonNode pt = j.get("points").get(i);
      String[] c = lines[i + 1].split(",", -1);
      assertThat(c[0]).isEqualTo("8");
      assertThat(Integer.parseInt(c[1])).isEqualTo(pt.get("m").asInt());
      assertThat(Integer.parseInt(c[2])).isEqualTo(pt.get("n").asInt());
      if (pt.get("avgPathLength").isNull()) {
        assertThat(c[3]).isEmpty();
      } else {
        assertThat(Double.parseDouble(c[3])).isCloseTo(pt.get("avgPathLength").asDouble(), within(1e-5));
      }
    }
  }

  @Test
  void throughputOfABroadcastOnFatTree4() throws Exception {
    // server 0 to the 15 others; 14 of them behind the edge switch's 2 uplinks: λ = 2/14
    JsonNode lp = json(run("analyze", "throughput", "--topo", "fattree", "-p", "k=4", "--traffic", "broadcast",
        "--cluster-size", "16", "--json"));
    assertThat(lp.get("lambda").asDouble()).isCloseTo(1.0 / 7, within(1e-7));
    assertThat(lp.get("solver").asText()).startsWith("lp");
    assertThat(lp.has("seconds")).isTrue();
    JsonNode ap = json(run("analyze", "throughput", "--topo", "fattree", "-p", "k=4", "--traffic", "broadcast",
        "--cluster-size", "16", "--solver", "approx", "--epsilon", "0.05", "--json"));
    assertThat(ap.get("lambda").asDouble()).isBetween(1.0 / 7 / 1.05, 1.0 / 7 + 1e-9);
  }

  @Test
  void throughputFromFilesAndDemandCsv(@TempDir Path dir) throws Exception {
    Path topo = dir.resolve("ft4.json");
    TopologyFiles.write(new FatTree(4).build(), TopologyFormat.JSON, topo);
    Path csv = dir.resolve("d.csv");
    StringBuilder b = new StringBuilder("src,dst,demand\n");
    for (int s = 1; s < 16; s++) {
      b.append(s).append(",0,1\n"); // incast to server 0: mirror of the broadcast
    }
    Files.writeString(csv, b);
    JsonNode j = json(run("analyze", "throughput", "--topo", topo.toString(), "--demands", csv.toString(), "--json"));
    assertThat(j.get("lambda").asDouble()).isCloseTo(1.0 / 7, within(1e-7));
  }

  @Test
  void badInputIsOneLineAndExitCode2() {
    String[][] bad = {
      {"topo", "flattree", "--k", "7"},
      {"topo", "flattree", "--k", "8", "--m", "3", "--n", "2"},
      {"topo", "flattree", "--k", "8", "--mode", "ring"},
      {"topo", "flattree", "--k", "8", "--mode", "hybrid", "--zones", "3,3"},
      {"topo", "flattree", "--k", "8", "--zones", "4,4"},
      {"analyze", "throughput", "--topo", "fattree", "-p", "k=4", "--solver", "simplex"},
      {"analyze", "throughput", "--topo", "fattree", "-p", "k=4", "--solver", "approx", "--epsilon", "2"},
      {"analyze", "throughput", "--topo", "fattree", "-p", "k=4", "--traffic", "multicast"},
      {"analyze", "throughput", "--topo", "fattree", "-p", "k=4", "--locality", "tight"},
      {"flattree", "profile", "--k", "5"},
    };
    for (String[] args : bad) {
      Result r = run(args);
      assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
    }
  }
}
