package org.fabriclab.graph.io;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.util.List;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.Topology;

/**
 * GraphML (<a href="http://graphml.graphdrawing.org/">graphml.graphdrawing.org</a>) export and
 * import with the JDK's StAX, no other library. The graph is {@code edgedefault="undirected"} with
 * one {@code <edge>} per cable, written from the end whose directed link index is smaller, and one
 * {@code <edge directed="true">} per one-way link. Declared keys (standard {@code attr.type}s
 * only, so networkx and Gephi load them): graph {@code family}, {@code parameters},
 * {@code labelFields} (string, comma-separated); node {@code role} (string) and one int key per
 * label field (named after the field, omitted where the value is absent); edge
 * {@code capacityBps}, {@code delayPs} (long), {@code sourcePort}, {@code targetPort} (int). Node
 * ids are {@code n<id>}, edge ids {@code e<index>}.
 *
 * <p>networkx's {@code read_graphml} rejects mixed graphs ({@code directed="true"} edges in an
 * undirected graph), so a topology with one-way links (optical splitters) written in the
 * {@link Dialect#STANDARD standard} form loads in Gephi and yEd but not in networkx. The
 * {@link Dialect#NETWORKX networkx} dialect writes every edge undirected and flags one-way links
 * with a boolean edge key {@code oneWay} (default false) instead, and names each edge's source in
 * a string edge key {@code sourceNode}: an undirected networkx graph forgets which end of an edge
 * was its {@code source} (it reports and re-saves edges in adjacency order), and both the direction
 * of a one-way link and which end {@code sourcePort} belongs to depend on it. {@link #read} accepts
 * both dialects.
 *
 * <p>Writing streams in O(n + m); {@link #read} is described in {@link GraphMlReader}.
 */
public final class GraphMl {
  /** The GraphML namespace. */
  public static final String NS = "http://graphml.graphdrawing.org/xmlns";

  static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
  static final String SCHEMA = NS + " http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd";

  /** How one-way links are marked. */
  public enum Dialect {
    /** {@code <edge directed="true">}: GraphML's own mixed graphs (Gephi, yEd). */
    STANDARD,
    /**
     * Undirected edges, one-way links flagged {@code <data key="oneWay">true</data>}, every edge's
     * source named by {@code sourceNode}: loadable by networkx and back after a networkx re-save.
     */
    NETWORKX
  }

  private GraphMl() {}

  /** Writes {@code t} to {@code out} in the {@link Dialect#STANDARD standard} dialect. */
  public static void write(Topology t, Writer out) throws IOException {
    write(t, out, Dialect.STANDARD);
  }

  /**
   * Writes {@code t} to {@code out} (flushed, not closed).
   *
   * @throws IllegalArgumentException when a label field is called {@code role} or contains a
   *     comma (it could not be told apart on import); generators never do this
   */
  public static void write(Topology t, Writer out, Dialect dialect) throws IOException {
    Labels labels = t.labels();
    for (String f : labels.fields()) {
      if (f.equals("role") || f.contains(",")) {
        throw new IllegalArgumentException(
            "label field \"" + f + "\" cannot be written to GraphML (reserved name or comma)");
      }
    }
    try {
      XMLStreamWriter w = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
      w.writeStartDocument("UTF-8", "1.0");
      w.writeCharacters("\n");
      w.writeStartElement("graphml");
      w.writeDefaultNamespace(NS);
      w.writeNamespace("xsi", XSI);
      w.writeAttribute(XSI, "schemaLocation", SCHEMA);
      key(w, "family", "graph", "family", "string");
      key(w, "parameters", "graph", "parameters", "string");
      key(w, "labelFields", "graph", "labelFields", "string");
      key(w, "role", "node", "role", "string");
      List<String> fields = labels.fields();
      for (int f = 0; f < fields.size(); f++) {
        key(w, "l" + f, "node", fields.get(f), "int");
      }
      key(w, "capacityBps", "edge", "capacityBps", "long");
      key(w, "delayPs", "edge", "delayPs", "long");
      key(w, "sourcePort", "edge", "sourcePort", "int");
      key(w, "targetPort", "edge", "targetPort", "int");
      if (dialect == Dialect.NETWORKX) {
        indent(w, 1);
        w.writeStartElement("key");
        w.writeAttribute("id", "oneWay");
        w.writeAttribute("for", "edge");
        w.writeAttribute("attr.name", "oneWay");
        w.writeAttribute("attr.type", "boolean");
        w.writeStartElement("default");
        w.writeCharacters("false");
        w.writeEndElement();
        w.writeEndElement();
        key(w, "sourceNode", "edge", "sourceNode", "string");
      }
      indent(w, 1);
      w.writeStartElement("graph");
      w.writeAttribute("id", "G");
      w.writeAttribute("edgedefault", "undirected");
      if (t.family() != null) {
        data(w, 2, "family", t.family());
      }
      if (t.parameters() != null) {
        data(w, 2, "parameters", t.parameters());
      }
      data(w, 2, "labelFields", String.join(",", fields));
      for (int v = 0; v < t.nodeCount(); v++) {
        indent(w, 2);
        w.writeStartElement("node");
        w.writeAttribute("id", "n" + v);
        data(w, 3, "role", t.role(v).id());
        for (int f = 0; f < fields.size(); f++) {
          int x = labels.get(v, f);
          if (x != Labels.ABSENT) {
            data(w, 3, "l" + f, Integer.toString(x));
          }
        }
        indent(w, 2);
        w.writeEndElement();
      }
      writeEdges(t, w, dialect);
      indent(w, 1);
      w.writeEndElement();
      w.writeCharacters("\n");
      w.writeEndElement();
      w.writeCharacters("\n");
      w.writeEndDocument();
      w.flush();
    } catch (XMLStreamException e) {
      throw new IOException("cannot write GraphML: " + e.getMessage(), e);
    }
  }

  private static void writeEdges(Topology t, XMLStreamWriter w, Dialect dialect)
      throws XMLStreamException {
    int[] offsets = t.csrOffsets();
    int index = 0;
    for (int u = 0; u < t.nodeCount(); u++) {
      for (int e = offsets[u]; e < offsets[u + 1]; e++) {
        int r = t.reverse(e);
        if (r >= 0 && r < e) {
          continue; // written from the other end
        }
        int v = t.target(e);
        indent(w, 2);
        w.writeStartElement("edge");
        w.writeAttribute("id", "e" + index++);
        w.writeAttribute("source", "n" + u);
        w.writeAttribute("target", "n" + v);
        if (r < 0 && dialect == Dialect.STANDARD) {
          w.writeAttribute("directed", "true");
        }
        data(w, 3, "capacityBps", Long.toString(t.capacityBps(e)));
        data(w, 3, "delayPs", Long.toString(t.delayPs(e)));
        data(w, 3, "sourcePort", Integer.toString(e - offsets[u]));
        if (r >= 0) {
          data(w, 3, "targetPort", Integer.toString(r - offsets[v]));
        } else if (dialect == Dialect.NETWORKX) {
          data(w, 3, "oneWay", "true");
        }
        if (dialect == Dialect.NETWORKX) {
          data(w, 3, "sourceNode", "n" + u);
        }
        indent(w, 2);
        w.writeEndElement();
      }
    }
  }

  private static void key(XMLStreamWriter w, String id, String forWhat, String name, String type)
      throws XMLStreamException {
    indent(w, 1);
    w.writeEmptyElement("key");
    w.writeAttribute("id", id);
    w.writeAttribute("for", forWhat);
    w.writeAttribute("attr.name", name);
    w.writeAttribute("attr.type", type);
  }

  private static void data(XMLStreamWriter w, int depth, String key, String value)
      throws XMLStreamException {
    indent(w, depth);
    w.writeStartElement("data");
    w.writeAttribute("key", key);
    w.writeCharacters(value);
    w.writeEndElement();
  }

  private static void indent(XMLStreamWriter w, int depth) throws XMLStreamException {
    w.writeCharacters("\n" + "  ".repeat(depth));
  }

  /**
   * Reads a GraphML topology.
   *
   * @param sourceName the file name used in error messages
   * @throws org.fabriclab.error.MalformedInputException naming {@code sourceName} and the problem
   * @throws IOException when {@code in} itself fails
   */
  public static Topology read(Reader in, String sourceName) throws IOException {
    return new GraphMlReader(sourceName, ImportDefaults.NONE).read(in).topology();
  }

  /** Reads GraphML, filling what a foreign file leaves out from {@code defaults}. */
  public static Topology read(Reader in, String sourceName, ImportDefaults defaults) throws IOException {
    return importFrom(in, sourceName, defaults).topology();
  }

  /** {@link #read(Reader, String, ImportDefaults)} with the attributes it did not use. */
  public static ImportedTopology importFrom(Reader in, String sourceName, ImportDefaults defaults)
      throws IOException {
    return new GraphMlReader(sourceName, defaults).read(in);
  }
}
