package org.fabriclab.cli.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.assertRefused;
import static org.fabriclab.cli.CliRun.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.fabriclab.cli.CliRun;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A networkx graph whose link says {@code capacity=40e9} runs at 40 Gb/s: a 1 MB flow alone on it
 * takes 8e6 bit / 40e9 bit/s = 200 us on the flow engine (800 us if it ran at the 10 Gb/s
 * default); attributes not used are named in one stderr line; the topology takes the file's name.
 */
class NetworkxImportCliTest {
  /** Two switches as nx.write_graphml writes nx.Graph with capacity and weight on the edge. */
  static final String TWO = """
      <?xml version='1.0' encoding='utf-8'?>
      <graphml xmlns="http://graphml.graphdrawing.org/xmlns">
        <key id="d1" for="edge" attr.name="weight" attr.type="double" />
        <key id="d0" for="edge" attr.name="capacity" attr.type="double" />
        <graph edgedefault="undirected">
          <node id="a" />
          <node id="b" />
          <edge source="a" target="b">
            <data key="d0">CAP</data>
            <data key="d1">3.0</data>
          </edge>
        </graph>
      </graphml>
      """;

  @Test
  void capacityIsUsedIgnoredAttributesNamedAndFileNameKept(@TempDir Path dir) throws Exception {
    Path g = Files.writeString(dir.resolve("two.graphml"), TWO.replace("CAP", "40000000000.0"));
    Result imp = run("topo", "import", g.toString(), "--json");
    assertThat(imp.code()).as(imp.err()).isZero();
    assertThat(imp.err()).contains("topology file " + g + ": ignored edge attribute weight\n");
    assertThat(CliRun.json(imp).get("family").asText()).isEqualTo("two");

    Path trace = Files.writeString(dir.resolve("t.csv"),
        "flow_id,src_host,dst_host,start_ns,size_bytes\n0,0,1,0,1000000\n");
    Path out = dir.resolve("sim");
    // servers and their links are added with --link-gbps 100, so the a-b link is the bottleneck
    Result sim = run("simulate", "--topo", g.toString(), "--servers-per-switch", "1", "--link-gbps", "100",
        "--trace", trace.toString(), "--engine", "flow", "--no-progress", "--out", out.toString());
    assertThat(sim.code()).as(sim.err()).isZero();
    assertThat(sim.err()).contains("ignored edge attribute weight");
    List<String> rows = Files.readAllLines(out.resolve("flows.csv"));
    int fct = Arrays.asList(rows.get(0).split(",")).indexOf("fctNs");
    assertThat(fct).as(rows.get(0)).isNotNegative();
    assertThat(rows.get(1).split(",")[fct]).isEqualTo("200000");
  }

  @Test
  void aNegativeCapacityIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
    Path g = Files.writeString(dir.resolve("neg.graphml"), TWO.replace("CAP", "-1e9"));
    assertRefused(new String[] {"topo", "import", g.toString()},
        "malformed " + g + ": edge 0: capacity -1e9 = -1.0E9 bit/s out of range (valid range");
  }
}
