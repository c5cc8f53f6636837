package org.fabriclab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabriclab.cli.CliRun.Result;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.traffic.Workloads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One grammar for topologies, one format option, working defaults, help. */
class CliGrammarTest {
  @TempDir Path dir;

  private static void oneLineExit2(Result r, String... parts) {
    assertThat(r.code()).as(r.err()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").doesNotContain("Exception").contains(parts);
  }

  @Test
  void bareFabriclabListsEveryCommandWithACompleteSentence() {
    Result r = CliRun.run();
    assertThat(r.code()).as(r.err()).isZero();
    String list = r.out().substring(r.out().indexOf("Commands:"));
    for (String name : List.of("topo", "analyze", "simulate", "compare", "run", "reproduce", "demo", "bench",
        "shufflecast", "flattree", "gleam", "shoal", "incast")) {
      assertThat(list).as(name).containsPattern("(?m)^  " + name + " ");
    }
    // each entry: name, then text up to the next entry; it ends with a full stop
    String[] entries = list.substring("Commands:".length()).strip().split("\n(?=  ?[a-z])");
    for (String e : entries) {
      assertThat(e.strip()).as(e).endsWith(".");
    }
  }

  @Test
  void commandListShowsFirstSentences() {
    assertThat(CommandList.firstSentence("Fat-tree (Al-Fares et al. 2008) of k pods. Second sentence."))
        .isEqualTo("Fat-tree (Al-Fares et al. 2008) of k pods.");
    assertThat(CommandList.firstSentence("Maximum flow λ (unit capacity):\nclustered traffic. More"))
        .isEqualTo("Maximum flow λ (unit capacity): clustered traffic.");
    assertThat(CommandList.firstSentence("tree, shuffle (e.g. this)\n\nExamples: x")).isEqualTo("Tree, shuffle (e.g. this).");
    assertThat(CommandList.asSentence("k-ary fat-tree")).isEqualTo("k-ary fat-tree.");
    assertThat(CommandList.asSentence("two-stage random graph")).isEqualTo("Two-stage random graph.");
  }

  @Test
  void familyParametersAreOptionsAfterTopoAndPIsAnAlias() throws Exception {
    // server 0 to the 15 others of fat-tree(4); 14 behind the edge switch's 2 uplinks: λ = 2/14
    JsonNode a = CliRun.json("analyze", "throughput", "--topo", "fattree", "--k", "4", "--traffic", "broadcast",
        "--cluster-size", "16", "--json");
    JsonNode b = CliRun.json("analyze", "throughput", "--topo", "fattree", "-p", "k=4", "--traffic", "broadcast",
        "--cluster-size", "16", "--format", "json");
    assertThat(a.get("lambda").asDouble()).isCloseTo(1.0 / 7, within(1e-7));
    assertThat(b.get("lambda").asDouble()).isCloseTo(1.0 / 7, within(1e-7));
    oneLineExit2(CliRun.run("analyze", "throughput", "--topo", "fattree", "--k", "5"), "k");
    oneLineExit2(CliRun.run("analyze", "throughput", "--topo", "fattree", "--k", "4", "-p", "k=8"), "k");
  }

  @Test
  void defaultThroughputIsAPermutationThatWorksOnSmallTopologies() throws Exception {
    // fat-tree(4) routes any permutation at rate 1 (non-blocking with fractional routing): λ >= 1.
    // An edge switch whose 2 servers both send outside it fills its 2 uplinks at λ = 1: λ <= 1.
    Topology ft = new FatTree(4).build();
    FlowTrace p = Workloads.permutation(ft.serverCount(), 1, 1);
    boolean saturatedEdge = false;
    for (int i = 0; i < p.size(); i += 2) { // servers 2e and 2e+1 share edge switch e
      int edge = ft.neighbor(ft.server(i), 0);
      assertThat(ft.neighbor(ft.server(i + 1), 0)).isEqualTo(edge);
      saturatedEdge |= ft.neighbor(ft.server(p.dst(i)), 0) != edge && ft.neighbor(ft.server(p.dst(i + 1)), 0) != edge
          && p.src(i) == i && p.src(i + 1) == i + 1;
    }
    assertThat(saturatedEdge).as("precondition of the closed form").isTrue();
    Result r = CliRun.run("analyze", "throughput", "--topo", "fattree", "--k", "4", "--format", "csv");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("key,value\n").contains("\ntraffic,permutation\n");
    String lambda = r.out().lines().filter(l -> l.startsWith("lambda,")).findFirst().orElseThrow();
    assertThat(Double.parseDouble(lambda.substring(7))).isCloseTo(1.0, within(1e-6));
    // clustered traffic without --cluster-size on 16 servers: the cluster is all 16 (was 1000: an error)
    JsonNode bc = CliRun.json("analyze", "throughput", "--topo", "fattree", "--k", "4", "--traffic", "broadcast",
        "--json");
    assertThat(bc.get("lambda").asDouble()).isCloseTo(1.0 / 7, within(1e-7));
  }

  @Test
  void formatOptionEverywhereJsonIsAShorthand() {
    Result md = CliRun.run("topo", "fattree", "--k", "4", "--format", "md");
    assertThat(md.code()).as(md.err()).isZero();
    assertThat(md.out().lines().filter(l -> l.startsWith("|")).count()).isGreaterThan(3);
    assertThat(md.out()).contains("| servers | 16 |");
    oneLineExit2(CliRun.run("topo", "fattree", "--k", "4", "--format", "xml"), "xml", "text, csv, json, md");
    oneLineExit2(CliRun.run("topo", "fattree", "--k", "4", "--json", "--format", "csv"), "--json");
    oneLineExit2(CliRun.run("analyze", "throughput", "--topo", "fattree", "--k", "4", "--json", "--format", "md"),
        "--json");
    Result sim = CliRun.run("simulate", "--topo", "fattree", "--k", "4", "--workload", "permutation",
        "--flow-bytes", "15000", "--engine", "flow", "--format", "csv", "--no-progress");
    assertThat(sim.code()).as(sim.err()).isZero();
    List<String> rows = sim.out().lines().toList();
    assertThat(rows.get(0)).isEqualTo("bin,minBytes,maxBytesExclusive,flows,completedFlows,fctMeanNs,"
        + "fctP50Ns,fctP99Ns,fctP999Ns,slowdownMean,slowdownP99");
    // 16 flows of 15 kB, all small; FCT columns are integer nanoseconds
    assertThat(rows.get(1)).startsWith("all,0,,16,16,");
    assertThat(rows.get(2)).startsWith("small,0,100000,16,16,");
    String[] cells = rows.get(1).split(",", -1);
    for (int c = 3; c <= 8; c++) {
      assertThat(cells[c]).as(rows.get(0).split(",")[c]).matches("\\d+");
    }
  }

  @Test
  void demandCsvNamesNodesByTheirGraphmlIds() throws Exception {
    // a ring a-b-c-d of switches (no roles: packet switches), unit capacity per direction: a to c
    // has two disjoint paths, so λ of one unit demand is 2. With d to b too, directed links a->b
    // (a-b-c, d-a-b) and d->c (a-d-c, d-c-b) each carry a path of both demands: 2λ <= 2, and
    // splitting each demand half and half reaches it: λ = 1
    Path g = Files.writeString(dir.resolve("ring.graphml"), """
        <?xml version="1.0"?>
        <graphml xmlns="http://graphml.graphdrawing.org/xmlns">
          <graph edgedefault="undirected">
            <node id="a"/><node id="b"/><node id="c"/><node id="d"/>
            <edge source="a" target="b"/><edge source="b" target="c"/>
            <edge source="c" target="d"/><edge source="d" target="a"/>
          </graph>
        </graphml>
        """);
    Path one = Files.writeString(dir.resolve("one.csv"), "src,dst,demand\na,c,1\n");
    JsonNode j = CliRun.json("analyze", "throughput", "--topo", g.toString(), "--servers-per-switch", "1",
        "--demands", one.toString(), "--json");
    assertThat(j.get("lambda").asDouble()).isCloseTo(2.0, within(1e-7));
    Path two = Files.writeString(dir.resolve("two.csv"), "a,c,1\nd,b,1\n");
    j = CliRun.json("analyze", "throughput", "--topo", g.toString(), "--demands", two.toString(), "--json");
    assertThat(j.get("lambda").asDouble()).isCloseTo(1.0, within(1e-7));
    Path bad = Files.writeString(dir.resolve("bad.csv"), "src,dst,demand\na,c,1\na,e,1\n");
    oneLineExit2(CliRun.run("analyze", "throughput", "--topo", g.toString(), "--demands", bad.toString()),
        bad + ":3", "'e'");
  }

  @Test
  void topoImportTakesTheImportDefaults() throws Exception {
    JsonNode j = CliRun.json("topo", "import", Path.of("../examples/networkx-cube.graphml").toString(),
        "--servers-per-switch", "2", "--json");
    // the 3-cube: 8 switches with 2 servers each
    assertThat(j.get("servers").asInt()).isEqualTo(16);
    assertThat(j.get("switches").asInt()).isEqualTo(8);
  }

  @Test
  void compareTakesTheSameGrammarAndItsOwnSeed() throws Exception {
    Path out = dir.resolve("cmp");
    Result r = CliRun.run("compare", "--topo", "fattree", "--k", "4", "--topo", "jellyfish", "--k", "4",
        "--seed", "3", "--engine", "flow", "--workload", "permutation", "--flow-bytes", "10000", "--out",
        out.toString(), "--threads", "1");
    assertThat(r.code()).as(r.err()).isZero();
    List<String> rows = Files.readAllLines(out.resolve("compare.csv"));
    assertThat(rows).hasSize(3);
    assertThat(rows.get(1)).startsWith("fattree k=4,");
    assertThat(rows.get(2)).startsWith("jellyfish k=4,");
    // Times in integer ns, counts as integers (columns named with their unit)
    List<String> head = List.of(rows.get(0).split(","));
    String[] cells = rows.get(1).split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", -1);
    for (int c = 0; c < head.size(); c++) {
      if (head.get(c).matches("fct\\w*Ns\\..*|servers|switches|links|switchPorts")) {
        assertThat(cells[c]).as(head.get(c)).matches("\\d*");
      }
    }
    assertThat(Files.readString(out.resolve("spec.json"))).contains("\"seed\" : 3");
    oneLineExit2(CliRun.run("compare", "--topo", "fatree", "--k", "4", "--out", dir.resolve("x").toString()),
        "fatree", "fattree");
  }

  @Test
  void aQuickReproductionNeverReplacesAFullOne() throws Exception {
    Result full = CliRun.run("reproduce", "selftest", "--out", dir.toString(), "--no-progress");
    assertThat(full.code()).as(full.err()).isZero();
    String fullSquares = Files.readString(dir.resolve("selftest/squares.csv"));
    Result quick = CliRun.run("reproduce", "selftest", "--quick", "--out", dir.toString(), "--no-progress");
    assertThat(quick.code()).as(quick.err()).isZero();
    // the self-test reproduction tabulates x = 1..8 in a full run, 1..4 in a quick one
    assertThat(Files.readString(dir.resolve("selftest/squares.csv"))).isEqualTo(fullSquares).contains("8,64");
    assertThat(Files.readAllLines(dir.resolve("selftest-quick/squares.csv"))).hasSize(5).last().isEqualTo("4,16");
    assertThat(Files.readString(dir.resolve("selftest/summary.md"))).doesNotContain("--quick");
  }
}
