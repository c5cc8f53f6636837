package org.fabriclab.graph.io;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.io.GraphMlKeys.Key;

/**
 * StAX reader of GraphML topologies, one pass, O(n + m) time plus one hash entry per node id.
 * Keys are matched by {@code attr.name}, so files re-saved by other tools (which renumber key
 * ids) still load; data of unknown keys (Gephi's layout, say) is ignored, {@code <default>}
 * values of keys apply. Nodes are numbered in document order; edges may precede the nodes they
 * name. An edge is one-way when {@code directed="true"}, or when the graph is
 * {@code edgedefault="directed"} and the edge does not say {@code directed="false"}, or when its
 * boolean {@code oneWay} value is true (the networkx dialect of {@link GraphMl}); an edge not
 * directed by the XML whose {@code sourceNode} value names its {@code target} is read the other way
 * round (a {@code sourceNode} naming neither end is ignored). Label fields
 * are the node keys listed by the graph's {@code labelFields} value. DTDs and external entities are
 * disabled. Hyperedges and nested graphs are rejected. The declared keys and their typed values are
 * {@link GraphMlKeys}.
 */
final class GraphMlReader {
  private record Pending(int edge, boolean target, String node) {}

  /** fabriclab's own edge attributes. */
  private static final java.util.Set<String> EDGE_NAMES =
      java.util.Set.of("capacityBps", "delayPs", "sourcePort", "targetPort", "oneWay", "sourceNode");

  private final String source;
  private final ImportDefaults defaults;
  private final IntArrayList roleless = new IntArrayList();
  private final LinkCollector c;
  private final GraphMlKeys keys;
  private final Object2IntOpenHashMap<String> nodeIndex = new Object2IntOpenHashMap<>();
  private final List<Pending> pending = new ArrayList<>();
  private final Map<String, String> graphData = new HashMap<>();
  private final ImportedTopology.Notes notes = new ImportedTopology.Notes();
  private LinkAttributes links; // made at the first edge, from the graph's unit attributes
  private int graphState; // 0 before <graph>, 1 inside, 2 after
  private boolean directedDefault;

  GraphMlReader(String source, ImportDefaults defaults) {
    this.source = source;
    this.defaults = defaults;
    this.c = new LinkCollector(source, "edge");
    this.keys = new GraphMlKeys(source);
    nodeIndex.defaultReturnValue(-1);
  }

  private MalformedInputException error(String problem) {
    return new MalformedInputException(source, problem);
  }

  ImportedTopology read(Reader in) throws IOException {
    XMLInputFactory f = XMLInputFactory.newFactory();
    f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    try {
      XMLStreamReader r = f.createXMLStreamReader(in);
      try {
        parse(r);
      } finally {
        r.close();
      }
    } catch (XMLStreamException e) {
      if (e.getNestedException() instanceof IOException io) {
        throw io;
      }
      throw error(describe(e));
    }
    if (graphState == 0) {
      throw error("no <graph> element");
    }
    for (Pending p : pending) {
      int v = nodeIndex.getInt(p.node());
      if (v < 0) {
        String end = p.target() ? "target" : "source";
        throw error("edge " + p.edge() + ": unknown " + end + " node \"" + p.node() + "\"");
      }
      c.setEnd(p.edge(), p.target(), v);
    }
    for (int i = 0; i < roleless.size(); i++) {
      for (int j = 0; j < defaults.serversPerSwitch(); j++) {
        int server = c.addNode(NodeRole.SERVER, null);
        c.addLink(server, roleless.getInt(i), LinkCollector.NO_PORT, LinkCollector.NO_PORT,
            defaults.linkCapacityBps(), defaults.linkDelayPs(), false);
      }
    }
    String family = graphData.getOrDefault("family", keys.defaultOf("graph", "family", null));
    if (family == null) {
      String name = graphData.getOrDefault("name", keys.defaultOf("graph", "name", ""));
      family = name.isBlank() ? ImportedTopology.nameOf(source) : name.strip();
      notes.use("graph", "name");
    }
    List<String> fields = keys.labelFields(
        graphData.getOrDefault("labelFields", keys.defaultOf("graph", "labelFields", "")), c);
    for (String field : fields) {
      notes.use("node", field);
    }
    for (String g : List.of("family", "parameters", "labelFields", "capacity_unit", "delay_unit")) {
      notes.use("graph", g);
    }
    notes.use("node", "role");
    Topology t = c.build(family,
        graphData.getOrDefault("parameters", keys.defaultOf("graph", "parameters", "")), fields);
    return notes.result(t);
  }

  private void parse(XMLStreamReader r) throws XMLStreamException {
    r.nextTag();
    if (!r.getLocalName().equals("graphml")) {
      throw error("root element is <" + r.getLocalName() + ">, not <graphml>");
    }
    String ns = r.getNamespaceURI();
    if (ns != null && !ns.isEmpty() && !ns.equals(GraphMl.NS)) {
      throw error("root element is in namespace " + ns + ", not GraphML's " + GraphMl.NS);
    }
    while (r.hasNext()) {
      if (r.next() == XMLStreamConstants.END_ELEMENT && r.getLocalName().equals("graph")) {
        graphState = 2;
      }
      if (r.getEventType() != XMLStreamConstants.START_ELEMENT) {
        continue;
      }
      String name = r.getLocalName();
      switch (name) {
        case "key" -> readKey(r);
        case "graph" -> startGraph(r);
        case "node" -> readNode(r);
        case "edge" -> readEdge(r);
        case "data" -> {
          Key k = keys.of(r, "the graph");
          String text = r.getElementText();
          if (k.appliesTo("graph") && graphState == 1) {
            graphData.put(k.name(), text);
            notes.graph(k.name());
            if (links != null && LinkAttributes.GRAPH_NAMES.contains(k.name())) {
              throw error("graph attribute " + k.name() + " after the first edge: give it before the edges");
            }
          }
        }
        case "hyperedge" -> throw error("hyperedges are not supported");
        default -> skip(r);
      }
    }
  }

  private void readKey(XMLStreamReader r) throws XMLStreamException {
    if (graphState != 0) {
      throw error("<key> after <graph>: keys must be declared first");
    }
    String id = attr(r, "id", "a <key>");
    String forWhat = orDefault(r.getAttributeValue(null, "for"), "all");
    String name = orDefault(r.getAttributeValue(null, "attr.name"), id);
    String type = orDefault(r.getAttributeValue(null, "attr.type"), "string");
    String def = null;
    while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
      if (r.getLocalName().equals("default")) {
        def = r.getElementText();
      } else {
        skip(r);
      }
    }
    keys.declare(id, forWhat, name, type, def);
  }

  private void startGraph(XMLStreamReader r) {
    if (graphState != 0) {
      throw error("more than one <graph> (nested graphs are not supported)");
    }
    graphState = 1;
    String def = orDefault(r.getAttributeValue(null, "edgedefault"), "undirected");
    if (!def.equals("directed") && !def.equals("undirected")) {
      throw error("edgedefault \"" + def + "\" is neither directed nor undirected");
    }
    directedDefault = def.equals("directed");
  }

  private void readNode(XMLStreamReader r) throws XMLStreamException {
    int index = c.nodeCount();
    requireGraph("node " + index);
    String id = attr(r, "id", "node " + index);
    String where = "node \"" + id + "\"";
    if (nodeIndex.containsKey(id)) {
      throw error(where + " declared twice");
    }
    String role = null;
    int[] ints = keys.absentInts();
    boolean[] given = new boolean[ints.length];
    java.util.Set<String> seen = new java.util.HashSet<>();
    while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
      switch (r.getLocalName()) {
        case "data" -> {
          Key k = keys.of(r, where);
          if (!seen.add(k.name())) {
            throw error(where + ": data \"" + k.name() + "\" given twice");
          }
          notes.node(k.name());
          int at = keys.intColumn(r.getAttributeValue(null, "key"));
          String text = r.getElementText().trim();
          if (k.appliesTo("node") && k.name().equals("role")) {
            role = text;
          }
          if (at >= 0) {
            ints[at] = keys.anyInt(where, k.name(), text);
            given[at] = true;
          }
        }
        case "graph" -> throw error(where + ": nested graphs are not supported");
        default -> skip(r);
      }
    }
    keys.applyDefaults(where, ints, given);
    if (role == null) {
      role = keys.defaultOf("node", "role", null);
    }
    if (role == null && !keys.foreign()) {
      throw error(where + ": missing role");
    }
    if (role == null) {
      roleless.add(index);
      role = "packet-switch";
    }
    NodeRole nodeRole = LinkCollector.role(role);
    if (nodeRole == null) {
      throw error(
          where + ": unknown role \"" + role + "\" (valid: " + LinkCollector.validRoles() + ")");
    }
    nodeIndex.put(id, index);
    keys.addNode(ints);
    c.addNode(nodeRole, null);
  }

  private void readEdge(XMLStreamReader r) throws XMLStreamException {
    int i = c.linkCount();
    String where = "edge " + i;
    requireGraph(where);
    String s = attr(r, "source", where);
    String t = attr(r, "target", where);
    String dir = r.getAttributeValue(null, "directed");
    Boolean dirValue = dir == null ? null : GraphMlKeys.bool(dir);
    if (dir != null && dirValue == null) {
      throw error(where + ": directed=\"" + dir + "\" is neither true nor false");
    }
    boolean directed = dir == null ? directedDefault : dirValue;
    Map<String, String> values = new java.util.LinkedHashMap<>(8);
    while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
      switch (r.getLocalName()) {
        case "data" -> {
          Key k = keys.of(r, where);
          String text = r.getElementText().trim();
          if (k.appliesTo("edge") && values.put(k.name(), text) != null) {
            throw error(where + ": data \"" + k.name() + "\" given twice");
          }
          notes.edge(k.name());
        }
        case "graph" -> throw error(where + ": nested graphs are not supported");
        default -> skip(r);
      }
    }
    String oneWay = values.getOrDefault("oneWay", keys.defaultOf("edge", "oneWay", "false"));
    Boolean oneWayValue = GraphMlKeys.bool(oneWay);
    if (oneWayValue == null) {
      throw error(where + ": oneWay \"" + oneWay + "\" is neither true nor false (nor 1, 0)");
    }
    boolean xmlDirected = directed;
    directed |= oneWayValue;
    // sourceNode undoes a re-save that wrote the edge the other way round (networkx does); an edge
    // directed by the XML itself keeps its direction, and a sourceNode naming neither end (node ids
    // relabelled by another tool) is a stale hint, ignored
    String sourceNode = values.get("sourceNode");
    if (sourceNode != null && !xmlDirected && !sourceNode.equals(s) && sourceNode.equals(t)) {
      t = s;
      s = sourceNode;
    }
    if (links == null) {
      links = new LinkAttributes(source, graphData);
    }
    Map<String, String> all = keys.defaults("edge");
    all.putAll(values);
    for (String name : all.keySet()) {
      if (LinkAttributes.isLinkAttribute(name) || EDGE_NAMES.contains(name)) {
        notes.use("edge", name);
      }
    }
    long capacity = edgeValue(all, "capacityBps", where,
        links.capacityBps(all, where, fabriclabValue(all, "capacityBps", where)));
    long delay = edgeValue(all, "delayPs", where, links.delayPs(all, where, fabriclabValue(all, "delayPs", where)));
    int sp = port(values, "sourcePort", where);
    int tp = port(values, "targetPort", where);
    c.addLink(endpoint(i, false, s), endpoint(i, true, t), sp, tp, capacity, delay, directed);
  }

  private Long fabriclabValue(Map<String, String> values, String name, String where) {
    String v = values.get(name);
    return v == null ? null : keys.number(where, name, v, Long.MIN_VALUE, Long.MAX_VALUE);
  }

  /** The value read, else the default where one applies (foreign file or option given). */
  private long edgeValue(Map<String, String> values, String name, String where, Long read) {
    if (read != null) {
      return read;
    }
    if (keys.foreign() || defaults.explicitLink()) {
      return name.equals("capacityBps") ? defaults.linkCapacityBps() : defaults.linkDelayPs();
    }
    throw error(where + ": missing " + name);
  }

  private int port(Map<String, String> values, String name, String where) {
    String v = values.getOrDefault(name, keys.defaultOf("edge", name, null));
    if (v == null) {
      return LinkCollector.NO_PORT;
    }
    return (int) keys.number(where, name, v, 0, Integer.MAX_VALUE);
  }

  private int endpoint(int edge, boolean target, String node) {
    int v = nodeIndex.getInt(node);
    if (v >= 0) {
      return v;
    }
    pending.add(new Pending(edge, target, node));
    return 0; // placeholder, set once every node is known
  }

  private void requireGraph(String where) {
    if (graphState != 1) {
      throw error(where + " outside <graph>");
    }
  }

  private String attr(XMLStreamReader r, String name, String where) {
    String v = r.getAttributeValue(null, name);
    if (v == null) {
      throw error(where + ": <" + r.getLocalName() + "> without a " + name + " attribute");
    }
    return v;
  }

  private static String orDefault(String v, String def) {
    return v == null ? def : v;
  }

  /** Skips the current element and its content; r is left on its end tag. */
  private static void skip(XMLStreamReader r) throws XMLStreamException {
    int depth = 1;
    while (depth > 0) {
      int ev = r.next();
      if (ev == XMLStreamConstants.START_ELEMENT) {
        depth++;
      } else if (ev == XMLStreamConstants.END_ELEMENT) {
        depth--;
      }
    }
  }

  /** One line: the place and the parser's message without its "ParseError at" preamble. */
  static String describe(XMLStreamException e) {
    String msg = String.valueOf(e.getMessage());
    int m = msg.indexOf("Message: ");
    if (m >= 0) {
      msg = msg.substring(m + "Message: ".length());
    }
    msg = msg.replaceAll("\\s+", " ").trim();
    Location at = e.getLocation();
    String place =
        at == null ? "" : " at line " + at.getLineNumber() + ", column " + at.getColumnNumber();
    return "invalid XML" + place + ": " + msg;
  }
}
