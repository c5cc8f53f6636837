package org.fabriclab.graph.io;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.junit.jupiter.api.Test;

/** The JSON edge list follows the schema of docs/formats.md; checked with Jackson's tree model. */
class JsonEdgeListTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  static String json(Topology t) throws IOException {
    StringWriter w = new StringWriter();
    JsonEdgeList.write(t, w);
    return w.toString();
  }

  @Test
  void topLevelFieldsFollowTheSchema() throws IOException {
    JsonNode root = MAPPER.readTree(json(Fixtures.mixed()));
    List<String> names = new ArrayList<>();
    root.fieldNames().forEachRemaining(names::add);
    assertThat(names)
        .containsExactly(
            "format", "version", "family", "parameters", "labelFields", "nodes", "edges");
    assertThat(root.get("format").asText()).isEqualTo("fabriclab-edgelist");
    assertThat(root.get("version").asInt()).isEqualTo(1);
    assertThat(root.get("family").asText()).isEqualTo("hand<made>");
    assertThat(root.get("parameters").asText()).isEqualTo("a=1, b=\"two\" & 'three'");
    assertThat(root.get("labelFields").toString()).isEqualTo("[\"tier\",\"pod\"]");
    assertThat(root.get("nodes")).hasSize(8);
  }

  @Test
  void nodesCarryRoleAndLabelWithNullForAbsent() throws IOException {
    ArrayNode nodes = (ArrayNode) MAPPER.readTree(json(Fixtures.mixed())).get("nodes");
    for (int i = 0; i < nodes.size(); i++) {
      assertThat(nodes.get(i).get("id").asInt()).isEqualTo(i);
    }
    assertThat(nodes.get(4).get("role").asText()).isEqualTo("optical-splitter");
    assertThat(nodes.get(1).get("label").toString()).isEqualTo("[0,null]");
    assertThat(nodes.get(6).get("label").toString()).isEqualTo("[2,-5]");
    // node 3 and node 5 have every field absent: no label at all
    assertThat(nodes.get(3).has("label")).isFalse();
    assertThat(nodes.get(5).has("label")).isFalse();
  }

  @Test
  void eachCableOnceAndOneWayLinksFlagged() throws IOException {
    ArrayNode links = (ArrayNode) MAPPER.readTree(json(Fixtures.mixed())).get("edges");
    // 6 cables and 4 one-way links, built by hand in Fixtures.mixed
    assertThat(links).hasSize(10);
    int directed = 0;
    for (JsonNode l : links) {
      boolean oneWay = l.path("directed").asBoolean(false);
      directed += oneWay ? 1 : 0;
      assertThat(l.has("targetPort")).isEqualTo(!oneWay);
      assertThat(l.has("directed")).isEqualTo(oneWay);
    }
    assertThat(directed).isEqualTo(4);
    // first cable: 0 -- 2 added first at both ends, so port 0 at node 0 and port 0 at node 2
    assertThat(links.get(0).toString())
        .isEqualTo(
            "{\"source\":0,\"target\":2,\"sourcePort\":0,\"targetPort\":0,"
                + "\"capacityBps\":10000000000,\"delayPs\":1000000}");
    // cable 6 -- 3 was added from node 6 but node 3's link has the smaller index (node order)
    JsonNode c63 = links.get(5);
    assertThat(c63.get("source").asInt()).isEqualTo(3);
    assertThat(c63.get("target").asInt()).isEqualTo(6);
    assertThat(c63.get("sourcePort").asInt()).isEqualTo(3); // 4th link end added at node 3
    assertThat(c63.get("capacityBps").asLong()).isEqualTo(org.fabriclab.units.Limits.MAX_RATE_BPS);
  }

  @Test
  void fieldsMayComeInAnyOrderAndLinksBeforeNodes() throws IOException {
    Topology t = Fixtures.mixed();
    ObjectNode root = (ObjectNode) MAPPER.readTree(json(t));
    ObjectNode shuffled = MAPPER.createObjectNode();
    for (String k : List.of("edges", "labelFields", "nodes", "parameters", "version", "family")) {
      shuffled.set(k, root.get(k));
    }
    shuffled.set("format", root.get("format"));
    Topology back = JsonEdgeList.read(new StringReader(shuffled.toString()), "shuffled.json");
    assertThat(back).isEqualTo(t);
  }

  @Test
  void withoutPortsLinksTakePortsInFileOrder() throws IOException {
    String text =
        "{\"format\":\"fabriclab-edgelist\",\"version\":1,"
            + "\"nodes\":[{\"id\":0,\"role\":\"server\"},{\"id\":1,\"role\":\"packet-switch\"},"
            + "{\"id\":2,\"role\":\"server\"}],"
            + "\"links\":[{\"source\":2,\"target\":1,\"capacityBps\":5000000,\"delayPs\":0},"
            + "{\"source\":0,\"target\":1,\"capacityBps\":7000000,\"delayPs\":3}]}";
    Topology read = JsonEdgeList.read(new StringReader(text), "hand.json");
    TopologyBuilder b = new TopologyBuilder("hand", "");
    b.addNode(NodeRole.SERVER);
    b.addNode(NodeRole.PACKET_SWITCH);
    b.addNode(NodeRole.SERVER);
    b.addCable(2, 1, 5_000_000, 0);
    b.addCable(0, 1, 7_000_000, 3);
    assertThat(read).isEqualTo(b.build());
    assertThat(read.neighbor(1, 0)).isEqualTo(2);
    assertThat(read.family()).as("no family: the file's name").isEqualTo("hand");
  }

  @Test
  void labelMayUseMinusOneForAbsent() throws IOException {
    String text =
        "{\"format\":\"fabriclab-edgelist\",\"version\":1,\"labelFields\":[\"a\",\"b\"],"
            + "\"nodes\":[{\"id\":0,\"role\":\"server\",\"label\":[-1,4]}],\"links\":[]}";
    Topology t = JsonEdgeList.read(new StringReader(text), "m.json");
    assertThat(t.labels().of(0)).containsExactly(-1, 4);
  }
}
