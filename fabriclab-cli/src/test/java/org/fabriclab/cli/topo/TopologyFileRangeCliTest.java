package org.fabriclab.cli.topo;

import static org.fabriclab.cli.CliRun.assertRefused;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A topology file whose links are slower than {@code --link-gbps} allows (1 bit/s, review 3 item
 * 1: the packet engine failed with "event in the past", the flow engine printed a negative time)
 * or whose delay would overflow the picosecond clock is refused on import: exit 2, one line
 * naming the file, the link and the valid range.
 */
class TopologyFileRangeCliTest {
  static final String JSON = """
      {"format": "fabriclab-edgelist", "version": 1, "family": "tiny", "nodes": [
       {"id": 0, "role": "server"}, {"id": 1, "role": "server"}, {"id": 2, "role": "packet-switch"}],
       "links": [{"source": 0, "target": 2, "capacityBps": CAP, "delayPs": DELAY},
                 {"source": 1, "target": 2, "capacityBps": CAP, "delayPs": DELAY}]}
      """;
  static final String GRAPHML = """
      <graphml xmlns="http://graphml.graphdrawing.org/xmlns">
        <key id="r" for="node" attr.name="role" attr.type="string"/>
        <key id="c" for="edge" attr.name="capacityBps" attr.type="long"/>
        <key id="d" for="edge" attr.name="delayPs" attr.type="long"/>
        <graph edgedefault="undirected">
          <node id="h0"><data key="r">server</data></node>
          <node id="h1"><data key="r">server</data></node>
          <node id="s"><data key="r">packet-switch</data></node>
          <edge source="h0" target="s"><data key="c">CAP</data><data key="d">DELAY</data></edge>
          <edge source="h1" target="s"><data key="c">CAP</data><data key="d">DELAY</data></edge>
        </graph>
      </graphml>
      """;

  private static Path file(Path dir, String name, String template, String cap, String delay) throws Exception {
    return Files.writeString(dir.resolve(name), template.replace("CAP", cap).replace("DELAY", delay));
  }

  @Test
  void oneBitPerSecondIsRefusedBeforeAnyEngineRuns(@TempDir Path dir) throws Exception {
    String range = "valid range 1000000..1000000000000000 bit/s, as --link-gbps 0.001..1000000";
    for (Path f : new Path[] {file(dir, "tiny1bps.json", JSON, "1", "0"),
        file(dir, "tiny1bps.graphml", GRAPHML, "1", "0")}) {
      String link = f.toString().endsWith(".json") ? "link 0" : "edge 0";
      String mention = "malformed " + f + ": " + link + ": capacityBps 1 out of range (" + range + ")";
      assertRefused(new String[] {"topo", "import", f.toString()}, mention);
      for (String engine : new String[] {"packet", "flow"}) {
        assertRefused(new String[] {"simulate", "--topo", f.toString(), "--engine", engine,
            "--workload", "permutation", "--no-progress"}, mention);
      }
    }
  }

  @Test
  void aDelayPastOneSecondIsRefused(@TempDir Path dir) throws Exception {
    String range = "valid range 0..1000000000000 ps, as --link-delay-ns 0..1000000000";
    Path json = file(dir, "slow.json", JSON, "10000000000", "4611686018427387904");
    assertRefused(new String[] {"topo", "import", json.toString()},
        "link 0: delayPs 4611686018427387904 out of range (" + range + ")");
    Path xml = file(dir, "slow.graphml", GRAPHML, "10000000000", "1000000000001");
    assertRefused(new String[] {"simulate", "--topo", xml.toString(), "--engine", "flow",
        "--workload", "permutation", "--no-progress"},
        "edge 0: delayPs 1000000000001 out of range (" + range + ")");
  }
}
