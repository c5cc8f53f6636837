package org.fabriclab.graph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** GraphML output is well-formed, declares its keys with standard types; checked with JDK DOM. */
class GraphMlTest {
  static String graphml(Topology t, GraphMl.Dialect d) throws IOException {
    StringWriter w = new StringWriter();
    GraphMl.write(t, w, d);
    return w.toString();
  }

  static Document dom(String xml) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    return f.newDocumentBuilder()
        .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
  }

  static NodeList all(Document d, String name) {
    return d.getElementsByTagNameNS(GraphMl.NS, name);
  }

  @Test
  void wellFormedWithEveryDataKeyDeclared() throws Exception {
    Document d = dom(graphml(Fixtures.mixed(), GraphMl.Dialect.STANDARD));
    assertThat(d.getDocumentElement().getLocalName()).isEqualTo("graphml");
    assertThat(d.getDocumentElement().getNamespaceURI()).isEqualTo(GraphMl.NS);
    Map<String, String> domainOfKey = new HashMap<>();
    Set<String> declared = new HashSet<>();
    NodeList keys = all(d, "key");
    for (int i = 0; i < keys.getLength(); i++) {
      Element k = (Element) keys.item(i);
      assertThat(k.getAttribute("attr.type")).isIn("string", "int", "long", "double", "boolean");
      domainOfKey.put(k.getAttribute("id"), k.getAttribute("for"));
      declared.add(
          k.getAttribute("for") + " " + k.getAttribute("attr.name") + " " + k.getAttribute("attr.type"));
    }
    assertThat(declared)
        .contains(
            "graph family string",
            "graph parameters string",
            "node role string",
            "node tier int",
            "node pod int",
            "edge capacityBps long",
            "edge delayPs long",
            "edge sourcePort int",
            "edge targetPort int");
    NodeList data = all(d, "data");
    for (int i = 0; i < data.getLength(); i++) {
      Element e = (Element) data.item(i);
      String parent = e.getParentNode().getLocalName();
      assertThat(domainOfKey.get(e.getAttribute("key"))).as("key of data").isEqualTo(parent);
    }
  }

  @Test
  void oneEdgePerCableAndDirectedOneWayLinks() throws Exception {
    Document d = dom(graphml(Fixtures.mixed(), GraphMl.Dialect.STANDARD));
    Element graph = (Element) all(d, "graph").item(0);
    assertThat(graph.getAttribute("edgedefault")).isEqualTo("undirected");
    NodeList nodes = all(d, "node");
    assertThat(nodes.getLength()).isEqualTo(8);
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < nodes.getLength(); i++) {
      ids.add(((Element) nodes.item(i)).getAttribute("id"));
    }
    assertThat(ids).containsExactlyInAnyOrder("n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7");
    NodeList edges = all(d, "edge");
    assertThat(edges.getLength()).isEqualTo(10);
    int directed = 0;
    for (int i = 0; i < edges.getLength(); i++) {
      Element e = (Element) edges.item(i);
      assertThat(ids).contains(e.getAttribute("source"), e.getAttribute("target"));
      directed += e.getAttribute("directed").equals("true") ? 1 : 0;
    }
    assertThat(directed).isEqualTo(4);
  }

  @Test
  void networkxDialectHasNoDirectedEdgesButFlagsOneWayLinks() throws Exception {
    Topology t = Fixtures.mixed();
    String xml = graphml(t, GraphMl.Dialect.NETWORKX);
    Document d = dom(xml);
    NodeList edges = all(d, "edge");
    int flagged = 0;
    for (int i = 0; i < edges.getLength(); i++) {
      Element e = (Element) edges.item(i);
      assertThat(e.hasAttribute("directed")).isFalse();
      NodeList data = e.getElementsByTagNameNS(GraphMl.NS, "data");
      for (int j = 0; j < data.getLength(); j++) {
        Element x = (Element) data.item(j);
        if (x.getAttribute("key").equals("oneWay") && x.getTextContent().equals("true")) {
          flagged++;
        }
      }
    }
    assertThat(flagged).isEqualTo(4);
    assertThat(GraphMl.read(new StringReader(xml), "nx.graphml")).isEqualTo(t);
  }

  @Test
  void readsForeignKeyIdsAndIgnoresUnknownAttributes() throws IOException {
    // as a tool that renumbers keys (d0, d1…) and adds layout data might save it
    String xml =
        "<?xml version='1.0'?><graphml xmlns='http://graphml.graphdrawing.org/xmlns'>"
            + "<key id='d0' for='node' attr.name='role' attr.type='string'>"
            + "<default>packet-switch</default></key>"
            + "<key id='d1' for='node' attr.name='x' attr.type='double'/>"
            + "<key id='d2' for='edge' attr.name='capacityBps' attr.type='long'/>"
            + "<key id='d3' for='edge' attr.name='delayPs' attr.type='long'/>"
            + "<graph edgedefault='undirected'>"
            + "<edge source='b' target='a'><data key='d2'>100000000</data><data key='d3'>4</data></edge>"
            + "<node id='a'><data key='d0'>server</data><data key='d1'>1.5</data></node>"
            + "<node id='b'/>"
            + "</graph></graphml>";
    Topology t = GraphMl.read(new StringReader(xml), "foreign.graphml");
    TopologyBuilder b = new TopologyBuilder("foreign", "");
    b.addNode(NodeRole.SERVER);
    b.addNode(NodeRole.PACKET_SWITCH);
    b.addCable(1, 0, 100_000_000, 4);
    assertThat(t).isEqualTo(b.build());
  }

  @Test
  void directedEdgeDefaultMakesOneWayLinks() throws IOException {
    String xml =
        "<graphml><key id='r' for='node' attr.name='role'/>"
            + "<key id='c' for='edge' attr.name='capacityBps' attr.type='long'/>"
            + "<key id='d' for='edge' attr.name='delayPs' attr.type='long'/>"
            + "<graph edgedefault='directed'>"
            + "<node id='u'><data key='r'>optical-splitter</data></node>"
            + "<node id='v'><data key='r'>server</data></node>"
            + "<edge source='u' target='v'><data key='c'>9000000</data><data key='d'>1</data></edge>"
            + "<edge source='v' target='u' directed='false'>"
            + "<data key='c'>8000000</data><data key='d'>2</data></edge>"
            + "</graph></graphml>";
    Topology t = GraphMl.read(new StringReader(xml), "d.graphml");
    assertThat(t.cableCount()).isEqualTo(2);
    assertThat(t.linkCount()).isEqualTo(3); // one one-way link + one cable
    assertThat(t.reverse(t.link(0, 0))).isEqualTo(-1);
  }

  @Test
  void labelFieldNamedRoleCannotBeWritten() {
    TopologyBuilder b = new TopologyBuilder("x", "").labelFields("role");
    b.addNode(NodeRole.SERVER, 1);
    Topology t = b.build();
    assertThatThrownBy(() -> GraphMl.write(t, new StringWriter()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("role");
  }
}
