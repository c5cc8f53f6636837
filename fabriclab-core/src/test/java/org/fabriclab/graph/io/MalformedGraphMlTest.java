package org.fabriclab.graph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.stream.Stream;
import org.fabriclab.error.MalformedInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every malformed GraphML file gives a one-line MalformedInputException naming the file. */
class MalformedGraphMlTest {
  static final String KEYS =
      "<key id='role' for='node' attr.name='role' attr.type='string'/>"
          + "<key id='c' for='edge' attr.name='capacityBps' attr.type='long'/>"
          + "<key id='d' for='edge' attr.name='delayPs' attr.type='long'/>"
          + "<key id='sp' for='edge' attr.name='sourcePort' attr.type='int'/>"
          + "<key id='tp' for='edge' attr.name='targetPort' attr.type='int'/>";
  static final String NODES =
      "<node id='n0'><data key='role'>server</data></node>"
          + "<node id='n1'><data key='role'>packet-switch</data></node>";
  static final String E0 =
      "<edge source='n0' target='n1'><data key='c'>5000000</data><data key='d'>1</data>"
          + "<data key='sp'>0</data><data key='tp'>0</data></edge>";

  static String doc(String body) {
    return "<?xml version='1.0' encoding='UTF-8'?>"
        + "<graphml xmlns='http://graphml.graphdrawing.org/xmlns'>" + KEYS
        + "<graph id='G' edgedefault='undirected'>" + body + "</graph></graphml>";
  }

  @Test
  void theBaseDocumentIsValid() throws IOException {
    assertThat(GraphMl.read(new StringReader(doc(NODES + E0)), "net.graphml").cableCount())
        .isEqualTo(1);
  }

  static Stream<Arguments> cases() {
    String e1 = E0.replace("sp'>0", "sp'>1").replace("tp'>0", "tp'>1");
    return Stream.of(
        Arguments.of("", "invalid XML"),
        Arguments.of(doc(NODES + E0).replace("</graph>", "</grap>"), "invalid XML at line 1"),
        Arguments.of("<graph/>", "root element is <graph>, not <graphml>"),
        Arguments.of(doc(NODES + E0).replace("http://graphml.graphdrawing.org/xmlns", "urn:other"),
            "root element is in namespace urn:other, not GraphML's"),
        Arguments.of(doc(NODES.replace("<data key='role'>server</data>",
                "<data key='role'>server</data><data key='role'>packet-switch</data>") + E0),
            "node \"n0\": data \"role\" given twice"),
        Arguments.of(doc(NODES + E0.replace("<data key='c'>5000000</data>",
                "<data key='c'>5000000</data><data key='c'>7000000</data>")),
            "edge 0: data \"capacityBps\" given twice"),
        Arguments.of("<graphml>" + KEYS + "</graphml>", "no <graph> element"),
        Arguments.of(doc(NODES.replace("packet-switch", "router")),
            "node \"n1\": unknown role \"router\" (valid: server, packet-switch"),
        Arguments.of(doc("<node id='n0'/>"), "node \"n0\": missing role"),
        Arguments.of(doc(NODES + NODES), "node \"n0\" declared twice"),
        Arguments.of(doc(NODES + E0.replace("target='n1'", "target='n0'")), "edge 0: self-loop at node 0"),
        Arguments.of(doc(NODES + E0.replace("target='n1'", "target='n9'")),
            "edge 0: unknown target node \"n9\""),
        Arguments.of(doc(NODES + E0.replace(" target='n1'", "")), "edge 0: <edge> without a target attribute"),
        Arguments.of(doc(NODES + E0 + E0), "edge 1: sourcePort 0 of node 0 is already used by edge 0"),
        Arguments.of(doc(NODES + E0 + e1.replace("sp'>1", "sp'>5")),
            "edge 1: sourcePort 5 out of range 0..1 (node 0 has 2 link ends)"),
        Arguments.of(doc(NODES + E0 + e1.replace("tp'>1", "tp'>0")),
            "edge 1: targetPort 0 of node 1 is already used by edge 0"),
        Arguments.of(doc(NODES + E0.replace("<data key='c'>5000000</data>", "")), "edge 0: missing capacityBps"),
        Arguments.of(doc(NODES + E0.replace("c'>5000000", "c'>fast")), "edge 0: capacityBps \"fast\" is not an integer"),
        Arguments.of(doc(NODES + E0.replace("c'>5000000", "c'>0")), "edge 0: capacityBps 0 out of range"),
        Arguments.of(doc(NODES + E0.replace("sp'>0", "sp'>-1")), "edge 0: sourcePort -1 out of range"),
        Arguments.of(doc(NODES + E0.replace("<edge ", "<edge directed='maybe' ")),
            "edge 0: directed=\"maybe\" is neither true nor false"),
        Arguments.of(doc(NODES + E0.replace("<edge ", "<edge directed='true' ")),
            "edge 0: a one-way link has no targetPort"),
        Arguments.of(doc(NODES + E0.replace("key='c'", "key='nope'")),
            "edge 0: <data> refers to undeclared key \"nope\""),
        Arguments.of(doc(NODES + "<hyperedge><endpoint node='n0'/></hyperedge>"), "hyperedges are not supported"),
        Arguments.of(doc("<node id='n0'><graph/></node>"), "node \"n0\": nested graphs are not supported"),
        Arguments.of(doc(NODES).replace("<graph id='G'", "<key id='late'/><graph id='G'")
            .replace("</graph>", "</graph><graph/>"), "more than one <graph>"),
        Arguments.of(doc(NODES).replace("<graph id='G' edgedefault='undirected'>",
            "<graph edgedefault='sideways'>"), "edgedefault \"sideways\""),
        Arguments.of(doc("<data key='lf'>a,b</data>" + NODES)
            .replace(KEYS, KEYS + "<key id='lf' for='graph' attr.name='labelFields'/>"),
            "labelFields names \"a\" but no int node key has that name"),
        Arguments.of(doc(NODES).replace(KEYS, KEYS + "<key id='pod' for='node' attr.name='pod' attr.type='int'/>")
            .replace("server</data>", "server</data><data key='pod'>x</data>"),
            "node \"n0\": pod \"x\" is not an integer"));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("cases")
  void malformed(String text, String expected) {
    Throwable t = catchThrowable(() -> GraphMl.read(new StringReader(text), "net.graphml"));
    assertThat(t).isInstanceOf(MalformedInputException.class);
    assertThat(t.getMessage()).startsWith("malformed net.graphml: ").doesNotContain("\n", "\r");
    assertThat(t.getMessage()).contains(expected);
  }

  @Test
  void externalEntitiesAreNotResolved() {
    String xxe =
        "<?xml version='1.0'?><!DOCTYPE graphml [<!ENTITY x SYSTEM 'file:///etc/hostname'>]>"
            + "<graphml>" + KEYS + "<graph edgedefault='undirected'>"
            + "<node id='n0'><data key='role'>&x;</data></node></graph></graphml>";
    assertThatThrownBy(() -> GraphMl.read(new StringReader(xxe), "evil.graphml"))
        .isInstanceOf(MalformedInputException.class)
        .hasMessageStartingWith("malformed evil.graphml: ");
  }

  @Test
  void everyTruncationIsMalformedInput() throws IOException {
    StringWriter w = new StringWriter();
    GraphMl.write(Fixtures.mixed(), w);
    String full = w.toString().trim();
    for (int len = 0; len < full.length(); len += 3) {
      String prefix = full.substring(0, len);
      assertThatThrownBy(() -> GraphMl.read(new StringReader(prefix), "net.graphml"))
          .as("prefix of %d chars", len)
          .isInstanceOf(MalformedInputException.class)
          .hasMessageStartingWith("malformed net.graphml: ");
    }
  }
}
