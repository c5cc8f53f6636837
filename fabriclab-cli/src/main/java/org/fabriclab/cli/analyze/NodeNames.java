package org.fabriclab.cli.analyze;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.fabriclab.graph.io.TopologyFiles;
import org.fabriclab.graph.io.TopologyFormat;

/**
 * The node ids a topology file gives its nodes, so a demand CSV can name nodes
 * as the user's own tool did: GraphML {@code <node id="...">} and networkx node-link JSON
 * {@code nodes[].id}, both numbered in document order as the readers number them (servers that
 * {@code --servers-per-switch} adds come after and have no id). A fabriclab JSON edge list names
 * nodes by index, so it has no ids. O(file size), one pass.
 */
public final class NodeNames {
  private NodeNames() {}

  /** Node id to node index for {@code file}; empty when the file gives no ids. */
  public static Map<String, Integer> of(Path file) {
    Map<String, Integer> ids = new HashMap<>();
    try {
      if (TopologyFiles.detect(file) == TopologyFormat.GRAPHML) {
        graphml(file, ids);
      } else {
        nodeLink(file, ids);
      }
    } catch (IOException | XMLStreamException | RuntimeException e) {
      // the topology reader has already accepted the file; without ids, names are indices
      ids.clear();
    }
    return ids;
  }

  private static void graphml(Path file, Map<String, Integer> ids) throws IOException, XMLStreamException {
    XMLInputFactory f = XMLInputFactory.newFactory();
    f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    try (InputStream in = Files.newInputStream(file)) {
      XMLStreamReader r = f.createXMLStreamReader(in);
      int index = 0;
      while (r.hasNext()) {
        if (r.next() == XMLStreamConstants.START_ELEMENT && r.getLocalName().equals("node")) {
          String id = r.getAttributeValue(null, "id");
          if (id != null) {
            ids.put(id, index);
          }
          index++;
        }
      }
      r.close();
    }
  }

  private static void nodeLink(Path file, Map<String, Integer> ids) throws IOException {
    JsonNode root = new ObjectMapper().readTree(file.toFile());
    if (root.has("format") || !root.path("nodes").isArray()) {
      return; // fabriclab's own edge list: nodes are indices
    }
    JsonNode nodes = root.get("nodes");
    for (int i = 0; i < nodes.size(); i++) {
      JsonNode id = nodes.get(i).get("id");
      if (id != null && id.isValueNode()) {
        ids.put(id.asText(), i);
      }
    }
  }
}
