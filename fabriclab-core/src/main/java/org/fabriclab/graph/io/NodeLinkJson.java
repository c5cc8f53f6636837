package org.fabriclab.graph.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.io.Reader;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;

/**
 * Reads networkx's node-link JSON ({@code networkx.node_link_data}: {@code nodes} with any
 * {@code id}, {@code edges} (networkx 3.6's default) or {@code links} (earlier versions') with
 * {@code source} and {@code target}, a {@code directed} flag, a {@code multigraph} flag, the
 * {@code graph}'s attributes) with the defaults of {@link ImportDefaults}: a node without {@code
 * role} is a packet switch with {@code serversPerSwitch} servers; a link's capacity and delay come
 * from {@code capacityBps} / {@code delayPs} or the names of {@link LinkAttributes}, else the
 * default capacity and delay. The topology is named by the graph's {@code name}, else the file's
 * name. Other attributes (weights, labels, layout) are reported as ignored. The whole document is
 * held as a tree: O(n + m) time and memory.
 */
final class NodeLinkJson {
  private NodeLinkJson() {}

  static ImportedTopology read(Reader in, String source, ImportDefaults d) throws IOException {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(in);
    } catch (JsonProcessingException e) {
      throw new MalformedInputException(source, "invalid JSON"
          + (e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
              + e.getLocation().getColumnNr())
          + ": " + org.fabriclab.io.JsonProblems.describe(e.getOriginalMessage()));
    }
    JsonNode nodes = root.path("nodes");
    if (root.has("links") && root.has("edges")) {
      throw new MalformedInputException(source, "node-link JSON has both \"edges\" and \"links\": give one");
    }
    JsonNode links = root.has("links") ? root.get("links") : root.path("edges");
    if (!nodes.isArray() || !links.isArray()) {
      throw new MalformedInputException(source, "node-link JSON needs arrays \"nodes\" and \"edges\" (or \"links\")");
    }
    ImportedTopology.Notes notes = new ImportedTopology.Notes();
    Map<String, String> graph = new java.util.LinkedHashMap<>();
    root.path("graph").fields().forEachRemaining(e -> {
      notes.graph(e.getKey());
      if (!e.getValue().isNull()) {
        graph.put(e.getKey(), text(e.getValue()));
      }
    });
    LinkAttributes attributes = new LinkAttributes(source, graph);
    boolean directed = root.path("directed").asBoolean(false);
    LinkCollector c = new LinkCollector(source, "link");
    Map<String, Integer> index = new HashMap<>();
    IntArrayList roleless = new IntArrayList();
    for (int i = 0; i < nodes.size(); i++) {
      JsonNode n = nodes.get(i);
      String where = "node " + i;
      if (!n.has("id") || !n.get("id").isValueNode()) {
        throw new MalformedInputException(source, where + ": missing id");
      }
      String id = n.get("id").asText();
      n.fieldNames().forEachRemaining(notes::node);
      if (index.put(id, i) != null) {
        throw new MalformedInputException(source, where + ": id \"" + id + "\" given twice");
      }
      NodeRole role = NodeRole.PACKET_SWITCH;
      if (n.has("role")) {
        role = LinkCollector.role(n.get("role").asText());
        if (role == null) {
          throw new MalformedInputException(source, where + ": unknown role \"" + n.get("role").asText()
              + "\" (valid: " + LinkCollector.validRoles() + ")");
        }
      } else {
        roleless.add(i);
      }
      c.addNode(role, null);
    }
    for (int i = 0; i < links.size(); i++) {
      JsonNode l = links.get(i);
      String where = "link " + i;
      int s = end(index, l, "source", where, source);
      int t = end(index, l, "target", where, source);
      Map<String, String> values = new java.util.LinkedHashMap<>();
      l.fields().forEachRemaining(e -> {
        notes.edge(e.getKey());
        if (!e.getValue().isNull()) {
          values.put(e.getKey(), text(e.getValue()));
        }
      });
      Long cap = attributes.capacityBps(values, where, number(l, "capacityBps", where, source));
      Long del = attributes.delayPs(values, where, number(l, "delayPs", where, source));
      c.addLink(s, t, LinkCollector.NO_PORT, LinkCollector.NO_PORT,
          cap == null ? d.linkCapacityBps() : cap, del == null ? d.linkDelayPs() : del, directed);
      values.keySet().stream().filter(LinkAttributes::isLinkAttribute).forEach(k -> notes.use("edge", k));
    }
    for (String k : List.of("source", "target", "key", "capacityBps", "delayPs")) {
      notes.use("edge", k);
    }
    for (String k : List.of("id", "role")) {
      notes.use("node", k);
    }
    for (String k : List.of("name", "capacity_unit", "delay_unit")) {
      notes.use("graph", k);
    }
    for (int i = 0; i < roleless.size(); i++) {
      for (int j = 0; j < d.serversPerSwitch(); j++) {
        int server = c.addNode(NodeRole.SERVER, null);
        c.addLink(server, roleless.getInt(i), LinkCollector.NO_PORT, LinkCollector.NO_PORT,
            d.linkCapacityBps(), d.linkDelayPs(), false);
      }
    }
    String name = graph.getOrDefault("name", "");
    return notes.result(c.build(name.isBlank() ? ImportedTopology.nameOf(source) : name.strip(), "", List.of()));
  }

  /** A JSON value as the text an attribute reader parses (a container as its JSON). */
  private static String text(JsonNode v) {
    return v.isValueNode() ? v.asText() : v.toString();
  }

  private static int end(Map<String, Integer> index, JsonNode l, String field, String where, String source) {
    JsonNode v = l.get(field);
    Integer i = v == null || !v.isValueNode() ? null : index.get(v.asText());
    if (i == null) {
      throw new MalformedInputException(source, where + ": " + (v == null ? "missing " + field
          : "unknown " + field + " node \"" + v.asText() + "\""));
    }
    return i;
  }

  private static Long number(JsonNode l, String field, String where, String source) {
    JsonNode v = l.get(field);
    if (v == null || v.isNull()) {
      return null;
    }
    Long x = ImportDefaults.integral(v.asText());
    if (x == null) {
      throw new MalformedInputException(source, where + ": " + field + " \"" + v.asText()
          + "\" is not an integer");
    }
    return x;
  }
}
