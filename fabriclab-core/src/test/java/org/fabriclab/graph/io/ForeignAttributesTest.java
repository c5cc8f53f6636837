package org.fabriclab.graph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.graph.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Link capacities and delays from the attribute names networkx users, FNSS and the Topology Zoo
 * write; the files are written here by hand in the layout of {@code networkx.write_graphml} and
 * {@code networkx.node_link_data}, and every expected value is the value written, converted by
 * hand (40e9 bit/s, 2e-06 s = 2,000,000 ps, ...).
 */
class ForeignAttributesTest {
  private static final String HEAD = "<?xml version='1.0' encoding='utf-8'?>\n"
      + "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
      + "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation="
      + "\"http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n";

  @TempDir Path dir;

  private Path write(String name, String text) throws Exception {
    Path f = dir.resolve(name);
    Files.writeString(f, text);
    return f;
  }

  /** The capacity of the cable u-v (its link from u). */
  private static long capacity(Topology t, int u, int v) {
    return t.capacityBps(linkOf(t, u, v));
  }

  private static long delay(Topology t, int u, int v) {
    return t.delayPs(linkOf(t, u, v));
  }

  private static int linkOf(Topology t, int u, int v) {
    for (int p = 0; p < t.degree(u); p++) {
      if (t.neighbor(u, p) == v) {
        return t.link(u, p);
      }
    }
    throw new AssertionError("no link " + u + "-" + v);
  }

  /** A triangle as nx.write_graphml writes G with capacity, delay, weight, color, label. */
  static String networkxTriangle() {
    return HEAD
        + "  <key id=\"d5\" for=\"edge\" attr.name=\"delay_ns\" attr.type=\"long\" />\n"
        + "  <key id=\"d4\" for=\"edge\" attr.name=\"capacity_gbps\" attr.type=\"long\" />\n"
        + "  <key id=\"d3\" for=\"edge\" attr.name=\"color\" attr.type=\"string\" />\n"
        + "  <key id=\"d2\" for=\"edge\" attr.name=\"weight\" attr.type=\"double\" />\n"
        + "  <key id=\"d1\" for=\"edge\" attr.name=\"delay\" attr.type=\"double\" />\n"
        + "  <key id=\"d6\" for=\"edge\" attr.name=\"capacity\" attr.type=\"double\" />\n"
        + "  <key id=\"d0\" for=\"node\" attr.name=\"label\" attr.type=\"string\" />\n"
        + "  <graph edgedefault=\"undirected\">\n"
        + "    <node id=\"0\">\n      <data key=\"d0\">spine</data>\n    </node>\n"
        + "    <node id=\"1\" />\n    <node id=\"2\" />\n"
        + "    <edge source=\"0\" target=\"1\">\n      <data key=\"d6\">40000000000.0</data>\n"
        + "      <data key=\"d1\">2e-06</data>\n      <data key=\"d2\">1.0</data>\n"
        + "      <data key=\"d3\">red</data>\n    </edge>\n"
        + "    <edge source=\"1\" target=\"2\">\n      <data key=\"d4\">100</data>\n"
        + "      <data key=\"d5\">500</data>\n    </edge>\n"
        + "    <edge source=\"0\" target=\"2\" />\n"
        + "  </graph>\n</graphml>\n";
  }

  @Test
  void networkxGraphMlCapacityAndDelayInBaseUnitsOrSuffixedNames() throws Exception {
    ImportedTopology it = TopologyFiles.importFile(write("tri.graphml", networkxTriangle()), ImportDefaults.NONE);
    Topology t = it.topology();
    assertThat(capacity(t, 0, 1)).isEqualTo(40_000_000_000L);
    assertThat(delay(t, 0, 1)).isEqualTo(2_000_000L);
    assertThat(capacity(t, 1, 2)).isEqualTo(100_000_000_000L);
    assertThat(delay(t, 1, 2)).isEqualTo(500_000L);
    // nothing given: the families' defaults, 10 Gb/s and 1000 ns
    assertThat(capacity(t, 0, 2)).isEqualTo(10_000_000_000L);
    assertThat(delay(t, 0, 2)).isEqualTo(1_000_000L);
    assertThat(t.family()).as("no name in the file: the file's").isEqualTo("tri");
    assertThat(it.ignoredEdgeAttributes()).containsExactly("weight", "color");
    assertThat(it.ignoredNodeAttributes()).containsExactly("label");
    assertThat(it.ignoredLine("tri.graphml")).contains(
        "topology file tri.graphml: ignored edge attributes weight, color; node attribute label");
  }

  @Test
  void nodeLinkJsonReadsEdgesOrLinksGraphNameAndFnssUnits() throws Exception {
    String edges = "{\"directed\": false, \"multigraph\": false, \"graph\": {\"name\": \"pod-a\","
        + " \"capacity_unit\": \"Mbps\", \"delay_unit\": \"ms\", \"note\": \"x\"},"
        + " \"nodes\": [{\"id\": \"s0\", \"pos\": [0, 1]}, {\"id\": \"s1\"}, {\"id\": \"s2\"}],"
        + " \"edges\": [{\"source\": \"s0\", \"target\": \"s1\", \"capacity\": 40000, \"delay\": 0.002},"
        + " {\"source\": \"s1\", \"target\": \"s2\", \"bandwidth\": 2500.0, \"latency_us\": 3, \"weight\": 2}]}";
    for (String text : List.of(edges, edges.replace("\"edges\"", "\"links\""))) {
      ImportedTopology it = TopologyFiles.importFile(write("nl.json", text), ImportDefaults.NONE);
      Topology t = it.topology();
      assertThat(t.family()).isEqualTo("pod-a");
      assertThat(capacity(t, 0, 1)).isEqualTo(40_000_000_000L); // 40000 Mbps
      assertThat(delay(t, 0, 1)).isEqualTo(2_000_000L); // 0.002 ms = 2 us
      assertThat(capacity(t, 1, 2)).isEqualTo(2_500_000_000L); // 2500 Mbps
      assertThat(delay(t, 1, 2)).isEqualTo(3_000_000L); // 3 us, the suffix wins over delay_unit
      assertThat(it.ignoredLine("nl.json")).contains(
          "topology file nl.json: ignored edge attribute weight; node attribute pos; graph attribute note");
    }
  }

  @Test
  void topologyZooLinkSpeeds() throws Exception {
    String zoo = HEAD
        + "<key attr.name=\"Network\" attr.type=\"string\" for=\"graph\" id=\"d0\" />\n"
        + "<key attr.name=\"label\" attr.type=\"string\" for=\"node\" id=\"d1\" />\n"
        + "<key attr.name=\"LinkSpeed\" attr.type=\"string\" for=\"edge\" id=\"d2\" />\n"
        + "<key attr.name=\"LinkLabel\" attr.type=\"string\" for=\"edge\" id=\"d3\" />\n"
        + "<key attr.name=\"LinkSpeedUnits\" attr.type=\"string\" for=\"edge\" id=\"d4\" />\n"
        + "<key attr.name=\"LinkSpeedRaw\" attr.type=\"double\" for=\"edge\" id=\"d5\" />\n"
        + "<graph edgedefault=\"undirected\"><data key=\"d0\">Abilene</data>\n"
        + "<node id=\"0\"><data key=\"d1\">NY</data></node><node id=\"1\"><data key=\"d1\">DC</data></node>"
        + "<node id=\"2\"><data key=\"d1\">CHI</data></node>\n"
        + "<edge source=\"0\" target=\"1\"><data key=\"d2\">9.92</data><data key=\"d3\">OC-192</data>"
        + "<data key=\"d4\">G</data><data key=\"d5\">9920000000.0</data></edge>\n"
        + "<edge source=\"1\" target=\"2\"><data key=\"d2\">155</data><data key=\"d4\">M</data></edge>\n"
        + "</graph></graphml>\n";
    ImportedTopology it = TopologyFiles.importFile(write("Abilene.graphml", zoo), ImportDefaults.NONE);
    assertThat(capacity(it.topology(), 0, 1)).isEqualTo(9_920_000_000L);
    assertThat(capacity(it.topology(), 1, 2)).isEqualTo(155_000_000L);
    assertThat(it.topology().family()).isEqualTo("Abilene");
    assertThat(it.ignoredEdgeAttributes()).containsExactly("LinkLabel");
    assertThat(it.ignoredGraphAttributes()).containsExactly("Network");
  }

  private String refusal(String name, String text) throws Exception {
    Path f = write(name, text);
    Throwable e = catchThrowable(() -> TopologyFiles.importFile(f, ImportDefaults.NONE));
    assertThat(e).isInstanceOf(MalformedInputException.class);
    assertThat(e.getMessage()).doesNotContain("\n");
    return e.getMessage().replace(f.toString(), name);
  }

  @Test
  void impossibleValuesAndUnknownUnitsAreRefusedByName() throws Exception {
    String tri = networkxTriangle();
    assertThat(refusal("neg.graphml", tri.replace("40000000000.0", "-40000000000.0"))).isEqualTo(
        "malformed neg.graphml: edge 0: capacity -40000000000.0 = -4.0E10 bit/s out of range"
            + " (valid range 1000000..1000000000000000 bit/s, as --link-gbps 0.001..1000000)");
    assertThat(refusal("nan.graphml", tri.replace("2e-06", "slow")))
        .isEqualTo("malformed nan.graphml: edge 0: delay \"slow\" is not a number");
    assertThat(refusal("far.graphml", tri.replace(">500<", ">2000000000<"))).isEqualTo(
        "malformed far.graphml: edge 1: delay_ns 2000000000 = 2.0E12 ps out of range"
            + " (valid range 0..1000000000000 ps, as --link-delay-ns 0..1000000000)");
    assertThat(refusal("two.graphml", tri.replace("<data key=\"d4\">100</data>",
        "<data key=\"d4\">100</data><data key=\"d6\">4e10</data>"))).isEqualTo(
        "malformed two.graphml: edge 1: capacity (40000000000) disagrees with capacity_gbps"
            + " (100000000000); give one value");
    String nl = "{\"directed\": false, \"multigraph\": false, \"graph\": {\"capacity_unit\": \"furlongs\"},"
        + " \"nodes\": [{\"id\": 0}, {\"id\": 1}], \"edges\": [{\"source\": 0, \"target\": 1}]}";
    assertThat(refusal("unit.json", nl)).isEqualTo("malformed unit.json: graph attribute capacity_unit"
        + " \"furlongs\" is not a unit of rate (valid: bps, Kbps, Mbps, Gbps, Tbps (or b/s, Kb/s, ...))");
    assertThat(refusal("zoo.json", nl.replace("{\"capacity_unit\": \"furlongs\"}", "{}")
        .replace("\"target\": 1}", "\"target\": 1, \"LinkSpeed\": \"10\", \"LinkSpeedUnits\": \"X\"}")))
        .isEqualTo("malformed zoo.json: link 0: LinkSpeedUnits \"X\" is not a unit of rate"
            + " (valid: K, M, G, T (or Kbps, Mbps, Gbps, Tbps, bps))");
  }

  @Test
  void fabriclabJsonIsWrittenUnderEdgesAndReadBackFromEither() throws Exception {
    Topology t = TopologyFiles.read(write("tri.graphml", networkxTriangle()));
    Path f = dir.resolve("out.json");
    TopologyFiles.write(t, TopologyFormat.JSON, f);
    JsonNode root = new ObjectMapper().readTree(f.toFile());
    assertThat(root.has("edges")).isTrue();
    assertThat(root.has("links")).isFalse();
    assertThat(root.get("edges").get(0).get("capacityBps").asLong()).isEqualTo(40_000_000_000L);
    assertThat(TopologyFiles.read(f)).isEqualTo(t);
    Files.writeString(f, Files.readString(f).replace("\"edges\"", "\"links\""));
    assertThat(TopologyFiles.read(f)).isEqualTo(t);
    assertThat(TopologyFiles.importFile(f, ImportDefaults.NONE).ignoredLine("out.json")).isEmpty();
  }
}
