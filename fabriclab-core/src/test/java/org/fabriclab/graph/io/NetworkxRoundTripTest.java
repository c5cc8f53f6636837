package org.fabriclab.graph.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabriclab.graph.Topology;
import org.junit.jupiter.api.Test;

/**
 * A networkx dialect export survives a networkx re-save (review 3 item 2). {@code
 * shufflecast-2-2.graphml} is {@code fabriclab topo shufflecast --p 2 --k 2 --export graphml};
 * {@code networkx-shufflecast.graphml} is that file after {@code nx.write_graphml(nx.read_graphml(
 * "shufflecast-2-2.graphml"), "networkx-shufflecast.graphml")} with networkx 3.6.1: key ids
 * renumbered, booleans written {@code True}/{@code False}, edge ids kept as an {@code id} data
 * key, and edges re-saved in adjacency order, so a one-way link from splitter {@code n20} to ToR
 * {@code n8} comes back as {@code source="n8" target="n20"}: only {@code sourceNode} tells its
 * direction and which end {@code sourcePort} belongs to.
 */
class NetworkxRoundTripTest {
  private static Path resource(String name) throws Exception {
    return Path.of(NetworkxRoundTripTest.class.getResource(name).toURI());
  }

  @Test
  void shufflecastReSavedByNetworkxReadsBackEqual() throws Exception {
    Topology original = TopologyFiles.read(resource("shufflecast-2-2.graphml"));
    Topology t = TopologyFiles.read(resource("networkx-shufflecast.graphml"));
    assertThat(original.linkCount()).isEqualTo(40); // 12 cables both ways + 16 one-way links
    assertThat(t).isEqualTo(original);
  }

  /** Every edge of a networkx-dialect export written the other way round, as networkx may. */
  private static String swapped(String xml) {
    Matcher m = Pattern.compile("source=\"(n\\d+)\" target=\"(n\\d+)\"").matcher(xml);
    return m.replaceAll("source=\"$2\" target=\"$1\"");
  }

  @Test
  void edgesWrittenTheOtherWayRoundKeepTheirSourceAndPorts() throws Exception {
    Topology t = Fixtures.mixed();
    StringWriter w = new StringWriter();
    GraphMl.write(t, w, GraphMl.Dialect.NETWORKX);
    String xml = swapped(w.toString());
    assertThat(xml).isNotEqualTo(w.toString());
    assertThat(GraphMl.read(new StringReader(xml), "s.graphml")).isEqualTo(t);
  }

  @Test
  void aSourceNodeThatIsNeitherEndIsIgnored() throws Exception {
    // another tool relabelled the node ids but kept the old hint: the edge stays as written
    StringWriter w = new StringWriter();
    GraphMl.write(Fixtures.mixed(), w, GraphMl.Dialect.NETWORKX);
    String xml = w.toString().replaceFirst("<data key=\"sourceNode\">n0</data>", "<data key=\"sourceNode\">n7</data>");
    assertThat(GraphMl.read(new StringReader(xml), "s.graphml")).isEqualTo(Fixtures.mixed());
  }

  @Test
  void anEdgeDirectedByTheXmlKeepsItsDirection() throws Exception {
    // a directed="true" edge is never turned round by a sourceNode naming its target
    String xml = "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">"
        + "<key id=\"s\" for=\"edge\" attr.name=\"sourceNode\" attr.type=\"string\"/>"
        + "<graph edgedefault=\"undirected\"><node id=\"a\"/><node id=\"b\"/>"
        + "<edge source=\"a\" target=\"b\" directed=\"true\"><data key=\"s\">b</data></edge></graph></graphml>";
    Topology t = GraphMl.read(new StringReader(xml), "d.graphml");
    assertThat(t.source(0)).isEqualTo(0);
    assertThat(t.target(0)).isEqualTo(1);
  }
}
