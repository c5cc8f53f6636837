package org.fabriclab.cli.incast;

import static org.fabriclab.cli.CliRun.json;
import static org.fabriclab.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;

/** {@code fabriclab incast ...} end to end against the paper's worked example (seed 004 Fig. 3/4). */
class IncastCliTest {
  private static final String[] FIG3 = {"--bcube", "4,1", "--receiver", "0", "--senders", "2,5,9,10,11,14"};

  private static String[] args(String... extra) {
    String[] a = new String[3 + FIG3.length + extra.length];
    a[0] = "incast";
    a[1] = "tree";
    a[2] = "--json";
    System.arraycopy(FIG3, 0, a, 3, FIG3.length);
    System.arraycopy(extra, 0, a, 3 + FIG3.length, extra.length);
    return a;
  }

  @Test
  void workedExampleCostsAndLinks() throws Exception {
    assertThat(json(args("--method", "rs", "--sequence", "10")).get("cost").asDouble()).isEqualTo(18);
    assertThat(json(args("--method", "rs", "--sequence", "10")).get("links").asInt()).isEqualTo(14);
    JsonNode rs10 = json(args("--method", "rs", "--sequence", "10"));
    assertThat(rs10.get("sequence").asText()).isEqualTo("1,0");
    assertThat(rs10.get("method").asText()).isEqualTo("rs 1,0");
    assertThat(json(args("--method", "rs", "--sequence", "1,0"))).isEqualTo(rs10);
    JsonNode rs01 = json(args("--method", "rs", "--sequence", "01"));
    assertThat(rs01.get("cost").asDouble()).isEqualTo(16);
    assertThat(rs01.get("links").asInt()).isEqualTo(12);
    JsonNode intra = json(args("--method", "ars+intra"));
    assertThat(intra.get("cost").asDouble()).isEqualTo(14);
    assertThat(intra.get("links").asInt()).isEqualTo(11);
    assertThat(json(args("--method", "existing")).get("cost").asDouble()).isEqualTo(22);
  }

  /**
   * --format csv is one row per edge (no JSON in a cell), the keys on stderr; md carries the keys,
   * then the edges: the worked example's cost 16, 12 links.
   */
  @Test
  void csvAndMarkdownFormatsCarryTheWorkedExample() {
    String[] csv = args("--method", "rs", "--sequence", "01");
    csv[2] = "--format=csv";
    Result r = run(csv);
    assertThat(r.code()).isZero();
    String[] rows = r.out().split("\n");
    assertThat(rows[0]).isEqualTo("child,parent,stage,switchLevel,switch,traffic");
    // server 2 = label 02 differs from the receiver 00 in digit 0 only: one hop over level-0 switch
    // 0, numbered after the 16 servers; at alpha 0 a sender's edge carries its one unit
    assertThat(rows).contains("2,0,1,0,16,1.0").noneMatch(l -> l.contains("{"));
    // each edge is two links (server - switch - server): the cost 16 is twice the traffic column's sum
    double traffic = 0;
    for (int i = 1; i < rows.length; i++) {
      traffic += Double.parseDouble(rows[i].substring(rows[i].lastIndexOf(',') + 1));
    }
    assertThat(2 * traffic).isEqualTo(16.0);
    assertThat(r.err()).contains("summary:").contains(" cost=16.0 ").contains(" links=12 ");
    String[] md = args("--method", "rs", "--sequence", "01");
    md[2] = "--format=md";
    assertThat(run(md).out()).containsPattern("\\| cost +\\| 16\\.0 +\\|")
        .containsPattern("\\| 2 +\\| 0 +\\| 1 +\\| 0 +\\| 16 +\\| 1\\.0 +\\|");
    String[] both = args("--format", "csv");
    Result bad = run(both);
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err().strip()).doesNotContain("\n").contains("--json");
  }

  @Test
  void edgesFormATreeToTheReceiver() throws Exception {
    JsonNode j = json(args("--method", "rs", "--sequence", "01"));
    assertThat(j.get("receiver").asInt()).isZero();
    assertThat(j.get("senders")).hasSize(6);
    Map<Integer, Integer> parent = new HashMap<>();
    for (JsonNode e : j.get("edges")) {
      parent.put(e.get("child").asInt(), e.get("parent").asInt());
    }
    for (JsonNode s : j.get("senders")) {
      int v = s.asInt();
      int hops = 0;
      while (v != 0 && hops < 20) {
        v = parent.get(v);
        hops++;
      }
      assertThat(v).isZero();
    }
    assertThat(j.get("aggregating")).hasSize(2);
    assertThat(j.get("receiverInput").asDouble()).isEqualTo(3);
  }

  @Test
  void randomSendersAtScaleFromLabels() throws Exception {
    JsonNode j = json("incast", "tree", "--json", "--bcube", "8,5", "--random-senders", "4000",
        "--seed", "3", "--method", "ars");
    assertThat(j.get("senders")).hasSize(4000);
    assertThat(j.get("cost").asDouble()).isPositive();
  }

  @Test
  void badInputIsOneLineExitTwo() {
    String[][] bad = {
      {"incast", "tree", "--bcube", "4,1", "--receiver", "16", "--senders", "1"},
      {"incast", "tree", "--bcube", "4,1", "--receiver", "0", "--senders", "0,1"},
      {"incast", "tree", "--bcube", "4,1", "--receiver", "0", "--senders", "1,1"},
      {"incast", "tree", "--bcube", "1,1", "--receiver", "0", "--senders", "1"},
      {"incast", "tree", "--bcube", "4,1", "--receiver", "0"},
      {"incast", "tree", "--bcube", "4,1", "--receiver", "0", "--senders", "1", "--method", "magic"},
      {"incast", "tree", "--bcube", "4,1", "--receiver", "0", "--senders", "1", "--alpha", "2"},
      {"incast", "tree", "--bcube", "4,1", "--receiver", "0", "--senders", "5", "--method", "rs", "--sequence", "00"},
      {"incast", "tree", "--bcube", "6,9", "--random-senders", "50", "--method", "best-rs"},
      {"incast", "tree", "--bcube", "8,5", "--random-senders", "40", "--method", "exact"},
      {"incast", "tree", "--bcube", "4,1", "--receiver", "0", "--senders", "1,2", "--sizes", "1"},
      {"incast", "tree", "--bcube", "4,1", "--receiver", "0", "--senders", "1,2", "--sizes", "1,-1"},
      {"incast", "bench", "--repeat", "0"},
      {"incast", "tree", "--bcube", "8,5", "--random-senders", "100", "--placement", "sub:6"},
      {"incast", "tree", "--bcube", "8,5", "--random-senders", "600", "--placement", "sub:2"},
      {"incast", "tree", "--bcube", "8,5", "--random-senders", "10", "--placement", "nearby"},
      {"incast", "tree", "--bcube", "4,1", "--receiver", "0", "--senders", "1", "--placement", "managed"},
      {"incast", "shuffle", "--bcube", "4,1", "--random-senders", "-5", "--random-receivers", "10"},
      {"incast", "shuffle", "--bcube", "4,1", "--random-senders", "5", "--random-receivers", "0"},
      {"incast", "bench", "--repeat", "-3"},
    };
    for (String[] a : bad) {
      Result r = run(a);
      assertThat(r.code()).as(String.join(" ", a)).isEqualTo(2);
      assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
      assertThat(r.err()).doesNotContain("Exception");
    }
  }

  @Test
  void sizesAndAlphaFollowTheAggregationFormula() throws Exception {
    // 5 and 9 meet at v1 (sequence 01): v1 sends max + α(sum − max) = 3 + 0.5·2 = 4; cost =
    // 2·(3 + 2) for the two senders' edges + 2·4 for v1 -> v0
    JsonNode j = json("incast", "tree", "--json", "--bcube", "4,1", "--receiver", "0", "--senders", "5,9",
        "--sizes", "3,2", "--alpha", "0.5", "--method", "rs", "--sequence", "01");
    assertThat(j.get("cost").asDouble()).isEqualTo(18);
    assertThat(j.get("receiverInput").asDouble()).isEqualTo(4);
  }

  @Test
  void delayAtALinkBandwidth() throws Exception {
    // Fig. 3(c) tree at 1 MB/s cables: 5 s shuffle (see ShuffleDelayModelTest), + 3 MB at 1 MB/s
    JsonNode j = json(args("--method", "rs", "--sequence", "01", "--link-gbps", "0.008"));
    assertThat(j.get("shuffleSeconds").asDouble()).isCloseTo(5.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(j.get("shuffleAndReduceSeconds").asDouble()).isCloseTo(8.0, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void fbflySwitchLevelTree() throws Exception {
    // 4-ary 3-flat, c = 2: servers 10, 11 on switch 5 = (1,1); receiver 0 on switch 0: the agent
    // aggregates both, 2 switch hops, then the receiver: 2 + 2 + 1
    JsonNode j = json("incast", "fbfly", "--json", "--fbfly", "4,3,2", "--receiver", "0", "--senders", "10,11");
    assertThat(j.get("cost").asDouble()).isEqualTo(5);
    assertThat(j.get("switchEdges")).hasSize(2);
    // csv: one row per switch edge, a chain 5 -> (1 or 4) -> 0 one digit at a time
    Result csv = run("incast", "fbfly", "--format", "csv", "--fbfly", "4,3,2", "--receiver", "0", "--senders", "10,11");
    assertThat(csv.code()).as(csv.err()).isZero();
    String[] rows = csv.out().split("\n");
    assertThat(rows[0]).isEqualTo("child,parent");
    assertThat(rows).satisfiesAnyOf(o -> assertThat(o).containsExactlyInAnyOrder("child,parent", "5,1", "1,0"),
        o -> assertThat(o).containsExactlyInAnyOrder("child,parent", "5,4", "4,0"));
    assertThat(csv.err()).contains("summary:").contains(" cost=5.0 ");
    assertThat(run("incast", "fbfly", "--fbfly", "4,3", "--receiver", "0", "--senders", "1").code()).isEqualTo(2);
  }

  @Test
  void textOutputListsStages() {
    Result r = run("incast", "tree", "--bcube", "4,1", "--receiver", "0", "--senders", "2,5,9,10,11,14",
        "--method", "rs", "--sequence", "01");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("stage 2:").contains("stage 1:").contains("cost 16, links 12")
        .contains("method rs 0,1, routing sequence e1..ed = 0,1\n");
  }

  @Test
  void shuffleSumsOneTreePerReceiver() throws Exception {
    JsonNode j = json("incast", "shuffle", "--json", "--bcube", "4,1", "--senders", "2,5,9,10,11,14",
        "--receivers", "0,3", "--method", "rs");
    // receiver 0: RS tree of the identity sequence 01 costs 16; receiver 3 likewise by symmetry
    assertThat(j.get("incasts")).hasSize(2);
    assertThat(j.get("incasts").get(0).get("cost").asDouble()).isEqualTo(16);
    assertThat(j.get("incasts").get(0).get("sequence").asText()).isEqualTo("0,1");
    Result text = run("incast", "shuffle", "--bcube", "4,1", "--senders", "2,5,9,10,11,14", "--receivers", "0,3",
        "--method", "rs");
    assertThat(text.out()).contains("receiver 0: cost 16, links 12, aggregating 2, routing sequence 0,1\n");
    double sum = j.get("incasts").get(0).get("cost").asDouble() + j.get("incasts").get(1).get("cost").asDouble();
    assertThat(j.get("cost").asDouble()).isEqualTo(sum);
    // csv: one row per incast, the worked example's RS 01 tree first (cost 16, 12 links)
    Result csv = run("incast", "shuffle", "--format", "csv", "--bcube", "4,1", "--senders", "2,5,9,10,11,14",
        "--receivers", "0,3", "--method", "rs");
    String[] rows = csv.out().split("\n");
    assertThat(rows).hasSize(3).noneMatch(l -> l.contains("[") || l.contains("{"));
    assertThat(rows[0]).isEqualTo("receiver,sequence,cost,links,aggregating,receiverInput,treeServers");
    // the routing sequence e1,e2 with commas (quoted in CSV), as --sequence takes it: "01" read as
    // the number 1 (pandas) and "10" as ten
    assertThat(rows[1]).startsWith("0,\"0,1\",16.0,12,");
    assertThat(csv.err()).contains("summary:").contains(" cost=" + sum + " ");
    JsonNode managed = json("incast", "shuffle", "--json", "--bcube", "8,5", "--random-senders", "500",
        "--random-receivers", "3", "--placement", "managed");
    assertThat(managed.get("incasts")).hasSize(3);
  }

  @Test
  void shuffleRejectsDuplicatesAndIgnoredOptionsAndSkipsEmptyIncasts() throws Exception {
    Result dup = run("incast", "shuffle", "--bcube", "4,1", "--receivers", "0,0", "--senders", "2,3");
    assertThat(dup.code()).isEqualTo(2);
    assertThat(dup.err().strip()).doesNotContain("\n").contains("--receivers = 0").contains("duplicate receiver");
    Result dupS = run("incast", "shuffle", "--bcube", "4,1", "--receivers", "0", "--senders", "2,2");
    assertThat(dupS.code()).isEqualTo(2);
    assertThat(dupS.err()).contains("--senders = 2").contains("duplicate sender");
    // receiver 0's only sender sits on its own server: skipped; receiver 1 gets sender 0, one hop
    // (digit 0 differs): Def. 1 cost 2·1 = 2
    JsonNode one = json("incast", "shuffle", "--json", "--bcube", "4,1", "--receivers", "0,1", "--senders", "0");
    assertThat(one.get("incasts")).hasSize(1);
    assertThat(one.get("incasts").get(0).get("receiver").asInt()).isEqualTo(1);
    assertThat(one.get("cost").asDouble()).isEqualTo(2);
    assertThat(one.get("skippedReceivers").get(0).asInt()).isZero();
    Result none = run("incast", "shuffle", "--bcube", "4,1", "--receivers", "0", "--senders", "0");
    assertThat(none.code()).isEqualTo(2);
    assertThat(none.err().strip()).doesNotContain("\n").contains("--senders 0").contains("only receiver");
    Result managed = run("incast", "shuffle", "--bcube", "4,1", "--receivers", "0", "--senders", "2",
        "--placement", "managed");
    assertThat(managed.code()).isEqualTo(2);
    assertThat(managed.err().strip()).doesNotContain("\n").contains("--placement");
    Result mixed = run("incast", "shuffle", "--bcube", "4,1", "--receivers", "0", "--senders", "2",
        "--random-senders", "3", "--random-receivers", "1");
    assertThat(mixed.code()).isEqualTo(2);
  }

  @Test
  void fbflyAndTreeOptionErrorsNameTheOffendingOption() {
    Result help = run("incast", "fbfly", "--help");
    assertThat(help.out()).contains("unicast|rs|ars");
    assertThat(run("incast", "fbfly", "--fbfly", "4,3,2", "--receiver", "0", "--senders", "10,11",
        "--method", "rs").code()).isZero();
    String[][] bad = {
      {"incast", "fbfly", "--hyperx", "4xax8,4", "--receiver", "0", "--senders", "1"},
      {"incast", "fbfly", "--fbfly", "1,3,2", "--receiver", "0", "--senders", "1"},
      {"incast", "fbfly", "--fbfly", "4,3,2", "--hyperx", "4x4,1", "--receiver", "0", "--senders", "1"},
      {"incast", "tree", "--bcube", "4,1", "--receiver", "0", "--senders", "2", "--reduce-mbps", "0"},
      {"incast", "tree", "--bcube", "4,1", "--receiver", "0", "--senders", "2", "--link-gbps", "1",
          "--reduce-mbps", "0"},
      {"incast", "tree", "--bcube", "4,1", "--receiver", "0", "--senders", "2", "--link-gbps", "0"},
    };
    String[][] expect = {
      {"--hyperx = 4xax8,4"}, {"--fbfly = 1,3,2"}, {"exactly one of --fbfly"},
      {"--reduce-mbps needs --link-gbps"}, {"--reduce-mbps = 0"}, {"--link-gbps = 0"},
    };
    for (int i = 0; i < bad.length; i++) {
      Result r = run(bad[i]);
      assertThat(r.code()).as(String.join(" ", bad[i])).isEqualTo(2);
      assertThat(r.err().strip()).doesNotContain("\n").contains(expect[i][0]).doesNotContain("--dims");
    }
  }

  @Test
  void updateReportsChanges() throws Exception {
    String[] base = {"incast", "update", "--json", "--bcube", "4,1", "--receiver", "0", "--senders",
        "2,5,9,10,11,14", "--method", "rs"};
    JsonNode join = json(concat(base, "--join", "15"));
    assertThat(join.get("removed")).isEmpty();
    assertThat(join.get("added").size()).isBetween(1, 2);
    JsonNode replace = json(concat(base, "--replace", "3"));
    assertThat(replace.get("reusedEdges").asInt()).isEqualTo(5);
    JsonNode fail = json(concat(base, "--fail-server", "1"));
    assertThat(fail.get("resentTraffic").asDouble()).isEqualTo(4);
    JsonNode sw = json(concat(base, "--fail-switch", "0/0"));
    assertThat(sw.get("detours")).hasSize(3);
    assertThat(sw.get("costAfter").asDouble()).isEqualTo(16 + 12);
    // csv: one row per change, the three detours as child,parent and their a-b-c path
    String[] csvArgs = concat(base, "--fail-switch", "0/0");
    csvArgs[2] = "--format=csv";
    Result csv = run(csvArgs);
    String[] rows = csv.out().split("\n");
    assertThat(rows[0]).isEqualTo("change,child,parent,path");
    assertThat(rows).noneMatch(l -> l.contains("[") || l.contains("{"));
    assertThat(java.util.Arrays.stream(rows).filter(l -> l.startsWith("detour,")).toList()).hasSize(3)
        .allSatisfy(l -> {
          String[] c = l.split(",");
          assertThat(c[3]).startsWith(c[1] + "-").endsWith("-" + c[2]);
        });
    assertThat(csv.err()).contains("summary:").contains(" costAfter=28.0 ");
    Result bad = run(concat(base, "--leave", "4"));
    assertThat(bad.code()).isEqualTo(2);
  }

  private static String[] concat(String[] a, String... b) {
    String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }

  @Test
  void placementKeepsEveryMemberInsideOneSubBCube() throws Exception {
    // sub:3 of BCube(8,5): all members share their top two base-8 digits, i.e. id / 8^4
    JsonNode j = json("incast", "tree", "--bcube", "8,5", "--random-senders", "200", "--placement",
        "sub:3", "--json");
    int block = j.get("receiver").asInt() / 4096;
    j.get("senders").forEach(x -> assertThat(x.asInt() / 4096).isEqualTo(block));
    assertThat(j.get("senders")).hasSize(200);
    // managed: 200 senders + receiver need 8^3 = 512 servers, one sub-BCube(8,2)
    JsonNode m = json("incast", "tree", "--bcube", "8,5", "--random-senders", "200", "--placement",
        "managed", "--json");
    int b2 = m.get("receiver").asInt() / 512;
    m.get("senders").forEach(x -> assertThat(x.asInt() / 512).isEqualTo(b2));
  }
}
