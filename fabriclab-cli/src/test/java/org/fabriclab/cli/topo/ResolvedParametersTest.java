package org.fabriclab.cli.topo;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.cli.CliRun;
import org.junit.jupiter.api.Test;

/**
 * A topology's parameters show the values the generator used, never a placeholder: jellyfish
 * {@code --k 8} is fat-tree(8) equipment, 5·8²/4 = 80 switches of 8 ports carrying 8³/4 = 128
 * servers (1 or 2 per switch); a direct-connect torus has no servers-per-node.
 */
class ResolvedParametersTest {
  private static String parameters(String... args) throws Exception {
    return CliRun.json(args).findValue("parameters").asText();
  }

  @Test
  void jellyfishWithKShowsItsEquipment() throws Exception {
    assertThat(parameters("topo", "jellyfish", "--k", "8", "--json"))
        .startsWith("switches=80, ports=8, servers-per-switch=1-2, k=8, seed=1");
  }

  @Test
  void jellyfishWithoutKHasNoK() throws Exception {
    assertThat(parameters("topo", "jellyfish", "--switches", "20", "--ports", "6", "--servers-per-switch", "2", "--json"))
        .startsWith("switches=20, ports=6, servers-per-switch=2, seed=").doesNotContain("k=");
  }

  @Test
  void directTorusHasNoServersPerNode() throws Exception {
    assertThat(parameters("topo", "torus", "--dims", "4,4,4", "--json")).startsWith("dims=4,4,4, seed=")
        .doesNotContain("servers-per-node");
    assertThat(parameters("topo", "torus", "--dims", "4,4,4", "--servers-per-node", "2", "--json"))
        .contains("servers-per-node=2");
  }

  @Test
  void flatTreeShowsTheConverterCountsUsed() throws Exception {
    // defaults as --help states them: m = round(k/8) 6-port and n = round(2k/8) 4-port converters
    // per edge switch: k = 16 gives m = 2, n = 4; given values are shown as given
    assertThat(parameters("topo", "flattree", "--k", "16", "--json")).contains("m=2, n=4").doesNotContain("-1");
    assertThat(parameters("topo", "flattree", "--k", "8", "--m", "0", "--n", "1", "--json")).contains("m=0, n=1");
  }
}
