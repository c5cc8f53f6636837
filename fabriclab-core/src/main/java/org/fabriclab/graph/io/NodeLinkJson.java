package org.fabriclab.graph.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.io.Reader;
import java.util.HashMap;
import java.util.Map;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;

/**
 * Reads networkx's node-link JSON ({@code networkx.node_link_data}: {@code nodes} with any
 * {@code id}, {@code links} or {@code edges} with {@code source} and {@code target}, a
 * {@code directed} flag, a {@code multigraph} flag) with the defaults of {@link ImportDefaults}:
 * a node without {@code role} is a packet switch with {@code serversPerSwitch} servers; a link
 * without {@code capacityBps} / {@code delayPs} gets the default capacity and delay. Other
 * attributes (weights, names, layout) are ignored. The whole document is held as a tree:
 * O(n + m) time and memory.
 */
final class NodeLinkJson {
  private NodeLinkJson() {}

  static Topology read(Reader in, String source, ImportDefaults d) throws IOException {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(in);
    } catch (JsonProcessingException e) {
      throw new MalformedInputException(source, "invalid JSON: " + e.getOriginalMessage());
    }
    JsonNode nodes = root.path("nodes");
    JsonNode links = root.has("links") ? root.get("links") : root.path("edges");
    if (!nodes.isArray() || !links.isArray()) {
      throw new MalformedInputException(source, "node-link JSON needs arrays \"nodes\" and \"links\" (or \"edges\")");
    }
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
      long cap = number(l, "capacityBps", d.linkCapacityBps(), where, source);
      long del = number(l, "delayPs", d.linkDelayPs(), where, source);
      c.addLink(s, t, LinkCollector.NO_PORT, LinkCollector.NO_PORT, cap, del, directed);
    }
    for (int i = 0; i < roleless.size(); i++) {
      for (int j = 0; j < d.serversPerSwitch(); j++) {
        int server = c.addNode(NodeRole.SERVER, null);
        c.addLink(server, roleless.getInt(i), LinkCollector.NO_PORT, LinkCollector.NO_PORT,
            d.linkCapacityBps(), d.linkDelayPs(), false);
      }
    }
    return c.build("imported", "", java.util.List.of());
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

  private static long number(JsonNode l, String field, long def, String where, String source) {
    JsonNode v = l.get(field);
    if (v == null || v.isNull()) {
      return def;
    }
    Long x = ImportDefaults.integral(v.asText());
    if (x == null) {
      throw new MalformedInputException(source, where + ": " + field + " \"" + v.asText()
          + "\" is not an integer");
    }
    return x;
  }
}
