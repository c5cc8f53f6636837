package org.fabriclab.cli.gleam;

import static org.fabriclab.cli.CliRun.json;
import static org.fabriclab.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.fabriclab.cli.CliRun;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gleam bcast --topo} takes a topology as every command does: a family
 * followed by its parameters as options, a topology file, or the older quoted form.
 */
class GleamTopoGrammarTest {
  @TempDir Path tmp;

  private static final String[] REST = {"--hosts", "2,4,6", "--size", "65536", "--json"};

  private static String[] bcast(String... topo) {
    String[] a = new String[2 + topo.length + REST.length];
    a[0] = "gleam";
    a[1] = "bcast";
    System.arraycopy(topo, 0, a, 2, topo.length);
    System.arraycopy(REST, 0, a, 2 + topo.length, REST.length);
    return a;
  }

  private static void deliversToEveryReceiver(JsonNode j) {
    // 65,536 B = 64 packets of 1024 B payload (1088 B on the wire) sent once by the source
    for (String h : new String[] {"2", "4", "6"}) {
      assertThat(j.get("deliveredBytes").get(h).asLong()).isEqualTo(65_536);
    }
    assertThat(j.get("sourceTxBytes").asLong()).isEqualTo(64 * 1088);
  }

  @Test
  void familyParametersAsOptionsAsInSimulate() throws Exception {
    JsonNode options = json(bcast("--topo", "fattree", "--k", "4"));
    deliversToEveryReceiver(options);
    assertThat(options.get("topology").asText()).isEqualTo("fattree k=4");
    JsonNode equals = json(bcast("--topo", "fattree", "--k=4"));
    JsonNode quoted = json(bcast("--topo", "fattree k=4"));
    assertThat(equals).isEqualTo(options);
    assertThat(quoted).isEqualTo(options);
    // a family parameter after the topology's own ones: 40 Gb/s links
    JsonNode fast = json(bcast("--topo", "fattree", "--k", "4", "--link-gbps", "40"));
    assertThat(fast.get("linkGbps").asDouble()).isEqualTo(40.0);
  }

  @Test
  void aTopologyFile() throws Exception {
    Path file = tmp.resolve("ft4.graphml");
    Result export = run("topo", "fattree", "--k", "4", "--export", "graphml", "--out", file.toString());
    assertThat(export.code()).as(export.err()).isZero();
    JsonNode j = json(bcast("--topo", file.toString()));
    deliversToEveryReceiver(j);
  }

  @Test
  void badTopologiesAreOneLine() {
    CliRun.assertRefused(bcast("--topo", "fattree", "--k", "4", "--topo", "jellyfish"),
        "option '--topo' should be specified only once");
    CliRun.assertRefused(bcast("--topo", "fattree", "--kk", "4"), "'--kk'");
    CliRun.assertRefused(bcast("--topo", "fattree", "--k", "5"), "--k");
    CliRun.assertRefused(bcast("--topo", "nosuchfamily", "--k", "4"), "neither a topology file nor a family");
  }

  @Test
  void theSizeLimitNamesThePaperNotASeed() {
    Result r = run("gleam", "bcast", "--size", "3000000000");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("fabriclab: error: invalid --size = 3000000000: valid range 1..2147483648"
        + " (an RC message is at most 2 GB, Gleam paper, Table 1)" + System.lineSeparator());
  }
}
