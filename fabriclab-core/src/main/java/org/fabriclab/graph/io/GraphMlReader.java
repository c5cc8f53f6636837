package org.fabriclab.graph.io;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;

/**
 * StAX reader of GraphML topologies, one pass, O(n + m) time plus one hash entry per node id.
 * Keys are matched by {@code attr.name}, so files re-saved by other tools (which renumber key
 * ids) still load; data of unknown keys (Gephi's layout, say) is ignored, {@code <default>}
 * values of keys apply. Nodes are numbered in document order; edges may precede the nodes they
 * name. An edge is one-way when {@code directed="true"}, or when the graph is
 * {@code edgedefault="directed"} and the edge does not say {@code directed="false"}, or when its
 * boolean {@code oneWay} value is true (the networkx dialect of {@link GraphMl}). Label fields
 * are the node keys listed by the graph's {@code labelFields} value. DTDs and external entities are
 * disabled. Hyperedges and nested graphs are rejected.
 */
final class GraphMlReader {
  private record Key(String forWhat, String name, String type, String defaultValue) {
    boolean appliesTo(String element) {
      return forWhat.equals(element) || forWhat.equals("all");
    }
  }

  private record Pending(int edge, boolean target, String node) {}

  private final String source;
  private final ImportDefaults defaults;
  private final IntArrayList roleless = new IntArrayList();
  private final LinkCollector c;
  private final Map<String, Key> keys = new HashMap<>();
  private final List<String> intNodeKeys = new ArrayList<>();
  private final IntArrayList nodeInts = new IntArrayList();
  private final Object2IntOpenHashMap<String> nodeIndex = new Object2IntOpenHashMap<>();
  private final List<Pending> pending = new ArrayList<>();
  private final Map<String, String> graphData = new HashMap<>();
  private int graphState; // 0 before <graph>, 1 inside, 2 after
  private boolean directedDefault;

  GraphMlReader(String source, ImportDefaults defaults) {
    this.source = source;
    this.defaults = defaults;
    this.c = new LinkCollector(source, "edge");
    nodeIndex.defaultReturnValue(-1);
  }

  private MalformedInputException error(String problem) {
    return new MalformedInputException(source, problem);
  }

  Topology read(Reader in) throws IOException {
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
    return c.build(
        graphData.getOrDefault("family", defaultOf("graph", "family", "imported")),
        graphData.getOrDefault("parameters", defaultOf("graph", "parameters", "")),
        labelFields());
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
          Key k = key(r, "the graph");
          String text = r.getElementText();
          if (k.appliesTo("graph") && graphState == 1) {
            graphData.put(k.name(), text);
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
    Key k = new Key(forWhat, name, type, def);
    if (keys.put(id, k) != null) {
      throw error("key \"" + id + "\" declared twice");
    }
    boolean integral = type.equals("int") || type.equals("long");
    if (k.appliesTo("node") && integral && !name.equals("role")) {
      intNodeKeys.add(id);
    }
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
    int[] ints = new int[intNodeKeys.size()];
    Arrays.fill(ints, Labels.ABSENT);
    boolean[] given = new boolean[ints.length];
    java.util.Set<String> seen = new java.util.HashSet<>();
    while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
      switch (r.getLocalName()) {
        case "data" -> {
          Key k = key(r, where);
          if (!seen.add(k.name())) {
            throw error(where + ": data \"" + k.name() + "\" given twice");
          }
          int at = intNodeKeys.indexOf(r.getAttributeValue(null, "key"));
          String text = r.getElementText().trim();
          if (k.appliesTo("node") && k.name().equals("role")) {
            role = text;
          }
          if (at >= 0) {
            ints[at] = anyInt(where, k.name(), text);
            given[at] = true;
          }
        }
        case "graph" -> throw error(where + ": nested graphs are not supported");
        default -> skip(r);
      }
    }
    for (int i = 0; i < ints.length; i++) {
      Key k = keys.get(intNodeKeys.get(i));
      if (!given[i] && k.defaultValue() != null) {
        ints[i] = anyInt(where, k.name(), k.defaultValue());
      }
    }
    if (role == null) {
      role = defaultOf("node", "role", null);
    }
    if (role == null && !foreign()) {
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
    nodeInts.addElements(nodeInts.size(), ints);
    c.addNode(nodeRole, null);
  }

  private void readEdge(XMLStreamReader r) throws XMLStreamException {
    int i = c.linkCount();
    String where = "edge " + i;
    requireGraph(where);
    String s = attr(r, "source", where);
    String t = attr(r, "target", where);
    String dir = r.getAttributeValue(null, "directed");
    if (dir != null && !dir.equals("true") && !dir.equals("false")) {
      throw error(where + ": directed=\"" + dir + "\" is neither true nor false");
    }
    boolean directed = dir == null ? directedDefault : dir.equals("true");
    Map<String, String> values = new HashMap<>(8);
    while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
      switch (r.getLocalName()) {
        case "data" -> {
          Key k = key(r, where);
          String text = r.getElementText().trim();
          if (k.appliesTo("edge") && values.put(k.name(), text) != null) {
            throw error(where + ": data \"" + k.name() + "\" given twice");
          }
        }
        case "graph" -> throw error(where + ": nested graphs are not supported");
        default -> skip(r);
      }
    }
    String oneWay = values.getOrDefault("oneWay", defaultOf("edge", "oneWay", "false"));
    if (!oneWay.equals("true") && !oneWay.equals("false")) {
      throw error(where + ": oneWay \"" + oneWay + "\" is neither true nor false");
    }
    directed |= oneWay.equals("true");
    long capacity =
        number(where, "capacityBps", edgeValue(values, "capacityBps", where), 1, Long.MAX_VALUE);
    long delay = number(where, "delayPs", edgeValue(values, "delayPs", where), 0, Long.MAX_VALUE);
    int sp = port(values, "sourcePort", where);
    int tp = port(values, "targetPort", where);
    c.addLink(endpoint(i, false, s), endpoint(i, true, t), sp, tp, capacity, delay, directed);
  }

  /** A file that declares no role key: not written by fabriclab (see {@link ImportDefaults}). */
  private boolean foreign() {
    return keys.values().stream().noneMatch(k -> k.name().equals("role"));
  }

  private String edgeValue(Map<String, String> values, String name, String where) {
    String v = values.getOrDefault(name, defaultOf("edge", name, null));
    if (v == null && (foreign() || defaults.explicitLink())) {
      v = Long.toString(name.equals("capacityBps") ? defaults.linkCapacityBps() : defaults.linkDelayPs());
    }
    if (v == null) {
      throw error(where + ": missing " + name);
    }
    return v;
  }

  private int port(Map<String, String> values, String name, String where) {
    String v = values.getOrDefault(name, defaultOf("edge", name, null));
    if (v == null) {
      return LinkCollector.NO_PORT;
    }
    return (int) number(where, name, v, 0, Integer.MAX_VALUE);
  }

  private int endpoint(int edge, boolean target, String node) {
    int v = nodeIndex.getInt(node);
    if (v >= 0) {
      return v;
    }
    pending.add(new Pending(edge, target, node));
    return 0; // placeholder, set once every node is known
  }

  private List<String> labelFields() {
    String text = graphData.getOrDefault("labelFields", defaultOf("graph", "labelFields", ""));
    if (text.isBlank()) {
      return List.of();
    }
    List<String> fields = Arrays.stream(text.split(",")).map(String::trim).toList();
    int n = c.nodeCount();
    int stride = intNodeKeys.size();
    int[] column = new int[fields.size()];
    for (int f = 0; f < fields.size(); f++) {
      column[f] = -1;
      for (int k = 0; k < stride; k++) {
        if (keys.get(intNodeKeys.get(k)).name().equals(fields.get(f))) {
          column[f] = k;
        }
      }
      if (column[f] < 0) {
        throw error(
            "labelFields names \"" + fields.get(f) + "\" but no int node key has that name");
      }
    }
    for (int v = 0; v < n; v++) {
      int[] label = new int[fields.size()];
      boolean any = false;
      for (int f = 0; f < label.length; f++) {
        label[f] = nodeInts.getInt(v * stride + column[f]);
        any |= label[f] != Labels.ABSENT;
      }
      if (any) {
        c.setLabel(v, label);
      }
    }
    return fields;
  }

  private void requireGraph(String where) {
    if (graphState != 1) {
      throw error(where + " outside <graph>");
    }
  }

  private Key key(XMLStreamReader r, String where) {
    String id = r.getAttributeValue(null, "key");
    if (id == null) {
      throw error(where + ": <data> without a key attribute");
    }
    Key k = keys.get(id);
    if (k == null) {
      throw error(where + ": <data> refers to undeclared key \"" + id + "\"");
    }
    return k;
  }

  private String defaultOf(String element, String name, String fallback) {
    for (Key k : keys.values()) {
      if (k.appliesTo(element) && k.name().equals(name) && k.defaultValue() != null) {
        return k.defaultValue();
      }
    }
    return fallback;
  }

  private int anyInt(String where, String what, String text) {
    return (int) number(where, what, text, Integer.MIN_VALUE, Integer.MAX_VALUE);
  }

  private long number(String where, String what, String text, long min, long max) {
    Long parsed = ImportDefaults.integral(text);
    if (parsed == null) {
      throw error(where + ": " + what + " \"" + text + "\" is not an integer in ASCII digits");
    }
    long v = parsed;
    if (v < min || v > max) {
      throw error(where + ": " + what + " " + v + LinkCollector.outOfRange(min, max));
    }
    return v;
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
