package org.fabriclab.cli.shufflecast;

import static org.fabriclab.cli.CliRun.json;
import static org.fabriclab.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.cli.CliRun.Result;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code fabriclab shufflecast …} end to end against the paper's worked examples (seed 000). */
class ShufflecastCliTest {
  static List<Integer> ints(JsonNode array) {
    List<Integer> out = new ArrayList<>();
    array.forEach(x -> out.add(x.asInt()));
    return out;
  }

  @Test
  void routesOfFig3() throws Exception {
    JsonNode j = json("shufflecast", "routes", "--p", "2", "--k", "2", "--source", "0", "--json");
    assertThat(ints(j.get("routes").get(0))).containsExactly(0);
    assertThat(ints(j.get("routes").get(6))).containsExactly(0, 4, 1, 6);
    assertThat(ints(j.get("routes").get(3))).containsExactly(0, 5, 3);
    assertThat(j.get("maxHops").asInt()).isEqualTo(3);
    Result text = run("shufflecast", "routes", "--p", "2", "--k", "2", "--source", "3");
    assertThat(text.out()).contains("3 -> 7 -> 2 -> 5").contains("relay set: {2,3,6,7}");
  }

  @Test
  void relaySetsOfFig3AndRuleCounts() throws Exception {
    JsonNode j = json("shufflecast", "relays", "--p", "2", "--k", "2", "--json");
    assertThat(ints(j.get("relaySets").get(0))).containsExactly(0, 1, 4, 5);
    assertThat(ints(j.get("relaySets").get(3))).containsExactly(2, 3, 6, 7);
    assertThat(ints(j.get("rulesPerTor"))).hasSize(8).containsOnly(4);
    JsonNode big = json("shufflecast", "relays", "--p", "4", "--k", "4", "--json");
    assertThat(ints(big.get("rulesPerTor"))).hasSize(1024).containsOnly(256);
    // the same Fig. 3 relay set of ToR 0 as one markdown cell
    assertThat(org.fabriclab.cli.CliRun.run("shufflecast", "relays", "--p", "2", "--k", "2", "--format", "md").out())
        .startsWith("| key | value |").contains("[[0,1,4,5],");
  }

  @Test
  void concurrentSharesFollowLemma3() throws Exception {
    // 0 (0,00) and 3 (0,11) have disjoint partitions: line rate; adding 1 (0,01) halves everyone
    JsonNode two = json("shufflecast", "concurrent", "--p", "2", "--k", "2", "--sources", "0,3", "--json");
    assertThat(two.get("shares").get("0").asDouble()).isEqualTo(1.0);
    assertThat(two.get("shares").get("3").asDouble()).isEqualTo(1.0);
    JsonNode column = json("shufflecast", "concurrent", "--p", "2", "--k", "3", "--sources",
        "0,1,2,3,4,5,6,7", "--json");
    column.get("shares").forEach(s -> assertThat(s.asDouble()).isEqualTo(0.25));
  }

  @Test
  void failureOfRelay8WithAndWithoutRecovery() throws Exception {
    JsonNode j = json("shufflecast", "failure", "--p", "2", "--k", "3", "--failed", "8", "--recover", "--json");
    assertThat(j.get("allReachable").asBoolean()).isTrue();
    assertThat(j.get("before").get(0).get("unreachable")).hasSize(15);
    assertThat(j.get("before").get(16).get("unreachable")).hasSize(7);
    assertThat(j.get("sources").get(0).get("unreachable")).isEmpty();
    assertThat(j.get("sources").get(0).get("maxHops").asInt()).isLessThanOrEqualTo(8);
    List<String> tors = new ArrayList<>();
    j.get("ruleChanges").fieldNames().forEachRemaining(tors::add);
    assertThat(tors).containsExactly("2", "6", "8", "12");
    assertThat(ints(j.get("ruleChanges").get("6").get("activated"))).containsExactly(0, 16);
    JsonNode plain = json("shufflecast", "failure", "--p", "2", "--k", "2", "--failed", "0,2", "--json");
    assertThat(plain.get("allReachable").asBoolean()).isFalse();
    assertThat(ints(plain.get("sources").get(7).get("unreachable"))).containsExactly(4, 5);
  }

  @Test
  void costOfTheEightToRExample() throws Exception {
    JsonNode j = json("shufflecast", "cost", "--tors", "8", "--switch-ports", "4", "--rate", "10", "--json");
    assertThat(j.get("overlay").get("activePorts").asInt()).isEqualTo(16);
    assertThat(j.get("ipMulticast").get("activePorts").asInt()).isEqualTo(22);
    assertThat(j.get("shufflecast").get("activePorts").asInt()).isEqualTo(12);
    assertThat(j.get("shufflecast").get("transceivers").asInt()).isEqualTo(12);
    // power per port 2.64 W + 1 W transceiver at 10 Gbps
    assertThat(j.get("shufflecast").get("powerW").asDouble()).isCloseTo(12 * 3.64, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(j.get("improvement").get("powerVsOverlay").asDouble()).isCloseTo(16.0 / 12, org.assertj.core.data.Offset.offset(1e-12));
  }

  @Test
  void topoFamilyBuildsAndExportsEveryFormat(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    JsonNode j = json("topo", "shufflecast", "--p", "2", "--k", "3", "--json");
    // 24 servers + 24 ToRs + 24 splitters; 24 server cables, 24 ToR->splitter, 48 splitter->ToR
    assertThat(j.get("nodes").asInt()).isEqualTo(72);
    assertThat(j.get("directedLinks").asInt()).isEqualTo(48 + 24 + 48);
    assertThat(j.get("unreachableServerPairs").asInt()).isZero();
    for (String format : new String[] {"graphml", "dot", "json"}) {
      java.nio.file.Path out = dir.resolve("sc." + format);
      Result r = run("topo", "shufflecast", "--p", "2", "--k", "2", "--no-stats", "--export", format,
          "--out", out.toString());
      assertThat(r.code()).as(r.err()).isZero();
      assertThat(java.nio.file.Files.size(out)).isPositive();
    }
    JsonNode back = json("topo", "import", dir.resolve("sc.json").toString(), "--json");
    assertThat(back.get("nodes").asInt()).isEqualTo(24);
  }

  @Test
  void topoPicksTheNearestLargerInstanceForTors() throws Exception {
    // T = 15, p <= 8: 2,3 has 24 nodes, 3,2 has 18, 4,2 has 32, p >= 5 needs k = 2 (>= 50):
    // 3,2 wins; one splitter per logical node: 15 servers + 15 ToRs + 18 splitters = 48
    assertThat(json("topo", "shufflecast", "--tors", "15", "--json").get("nodes").asInt()).isEqualTo(48);
    // with --p 2 only: the paper's 2,3-Shufflecast (24 logical nodes): 15 + 15 + 24 = 54
    assertThat(json("topo", "shufflecast", "--tors", "15", "--p", "2", "--json").get("nodes").asInt())
        .isEqualTo(54);
    // with --k 2 only: smallest p with 2·p^2 >= 15 is 3 again
    assertThat(json("topo", "shufflecast", "--tors", "15", "--k", "2", "--json").get("nodes").asInt())
        .isEqualTo(48);
    // no --tors: the 2,2 default, 8 servers + 8 ToRs + 8 splitters
    assertThat(json("topo", "shufflecast", "--json").get("nodes").asInt()).isEqualTo(24);
  }

  @Test
  void costRangeIsTheLargestInstanceThatFits() throws Exception {
    // k·p^k <= 65536 with p <= 8: 12·2^12 = 49152, 8·3^8 = 52488, 6·4^6 = 24576, 5·5^5 = 15625,
    // 5·6^5 = 38880, 4·7^4 = 9604, 4·8^4 = 16384 (the next k of each exceeds 65536): max 52488
    Result big = run("shufflecast", "cost", "--tors", "65536", "--switch-ports", "32", "--rate", "10");
    assertThat(big.code()).isEqualTo(2);
    assertThat(big.err()).contains("--tors").contains("2..52488").doesNotContain("small enough");
    JsonNode top = json("shufflecast", "cost", "--tors", "52488", "--switch-ports", "32", "--rate", "10", "--json");
    assertThat(top.get("instance").get("p").asInt()).isEqualTo(3);
    assertThat(top.get("instance").get("k").asInt()).isEqualTo(8);
    assertThat(top.get("instance").get("exact").asBoolean()).isTrue();
    // 3-port switches keep p <= 2: the largest is 12·2^12 = 49152
    Result p2 = run("shufflecast", "cost", "--tors", "49153", "--switch-ports", "3", "--rate", "10");
    assertThat(p2.code()).isEqualTo(2);
    assertThat(p2.err()).contains("2..49152");
    Result dup = run("shufflecast", "failure", "--p", "2", "--k", "2", "--failed", "1,1");
    assertThat(dup.err()).contains("--failed").contains("twice");
  }

  @Test
  void badInputIsOneLineAndExitCode2() {
    for (String[] args : new String[][] {
        {"shufflecast", "routes", "--p", "1", "--k", "2", "--source", "0"},
        {"shufflecast", "routes", "--p", "2", "--k", "0", "--source", "0"},
        {"shufflecast", "routes", "--p", "2", "--k", "2", "--source", "8"},
        {"shufflecast", "concurrent", "--p", "2", "--k", "2", "--sources", "0,0"},
        {"shufflecast", "failure", "--p", "2", "--k", "2", "--failed", "-1"},
        {"shufflecast", "failure", "--p", "2", "--k", "2", "--failed", "1,1"},
        {"shufflecast", "cost", "--tors", "65536", "--switch-ports", "32", "--rate", "10"},
        {"shufflecast", "cost", "--tors", "8", "--switch-ports", "4", "--rate", "40"},
        // Refused before any output, naming the option
        {"shufflecast", "concurrent", "--p", "2", "--k", "2", "--sources", ","},
        {"shufflecast", "bench", "--instances", "4"},
        {"shufflecast", "bench", "--instances", "a:b"},
        {"shufflecast", "bench", "--instances", "2:2", "--threads", "0"},
        {"shufflecast", "bench", "--instances", "2:2,\u0662:2"},
        {"shufflecast", "bench", "--instances", "2:2:2"},
        {"shufflecast", "bench", "--instances", "1:2"}}) {
      Result r = run(args);
      assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(r.err().trim().lines().count()).isEqualTo(1);
      assertThat(r.err()).startsWith("fabriclab: error:").doesNotContain("Exception");
      assertThat(r.out()).as(String.join(" ", args)).isEmpty();
    }
  }
}
