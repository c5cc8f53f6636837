package org.fabriclab.cli.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.fabriclab.cli.CliRun;
import org.junit.jupiter.api.Test;

/**
 * {@code shufflecast cost} in csv and md is a table, one row per architecture, not a Java record's
 * toString; its columns follow the JSON document's key order and hold the same numbers.
 */
class CostFormatTest {
  private static final String[] ARGS = {"shufflecast", "cost", "--rate", "10", "--switch-ports", "32", "--tors", "64"};

  private static CliRun.Result run(String... more) {
    List<String> a = new ArrayList<>(List.of(ARGS));
    a.addAll(List.of(more));
    CliRun.Result r = CliRun.run(a.toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isZero();
    return r;
  }

  @Test
  void csvIsOneRowPerArchitecture() {
    List<String> rows = run("--format", "csv").out().lines().toList();
    assertThat(rows).containsExactly(
        "tors,switchPorts,rateGbps,p,k,logicalTors,exact,architecture,activePorts,transceivers,splitters,"
            + "fibres,powerW,capitalCostUsd,improvementPower,improvementCost,perTorCostUsd",
        "64,32,10,2,4,64,true,overlay,128,128,0,0,465.92,0.0,1.3333333333333335,,",
        "64,32,10,2,4,64,true,ipMulticast,134,134,0,134,487.76,16062.58,1.3958333333333333,1.5222770212895007,",
        "64,32,10,2,4,64,true,shufflecast,96,96,32,64,349.44,10551.68,,,247.24");
  }

  @Test
  void mdIsATableAndJsonKeepsItsOrder() throws Exception {
    String md = run("--format", "md").out();
    assertThat(md).doesNotContain("Tree[").contains("| 64 | 32 | 10 | 2 | 4 | 64 | true | shufflecast | 96 |");
    JsonNode j = CliRun.json(run("--json"));
    List<String> keys = new ArrayList<>();
    j.get("instance").fieldNames().forEachRemaining(keys::add);
    assertThat(keys).containsExactly("p", "k", "logicalTors", "exact");
    assertThat(j.get("shufflecast").get("powerW").asDouble()).isEqualTo(349.44);
  }
}
