package org.fabriclab.graph.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.Topology;

/**
 * The fabriclab JSON edge list ({@code "format": "fabriclab-edgelist"}, version 1; schema in
 * {@code docs/formats.md}): the topology's family and parameters, its label fields, one object
 * per node (id, role, optional label) and one object per physical link (ends, ports, capacity,
 * delay; one-way links flagged {@code directed}) under {@code edges}, the key {@code
 * networkx.node_link_graph} reads by default since networkx 3.6 (the reader also takes {@code
 * links}, the key of earlier fabriclab and networkx versions). Each cable is written once, from the end whose
 * directed link index is smaller, with the port numbers of both ends, so {@link #read} gives back
 * a topology that {@link Topology#equals equals} the original. {@link
 * org.fabriclab.graph.ServerOrbits} hints are not written: analyses of an imported topology use
 * their exact per-attachment method.
 *
 * <p>Both directions stream (Jackson's generator and parser; no tree is built), one pass, O(n + m)
 * time; reading keeps only primitive lists, so BCube(8,5)'s 1.5 M cables fit.
 */
public final class JsonEdgeList {
  /** Value of the top-level {@code format} field. */
  public static final String FORMAT = "fabriclab-edgelist";

  /** The schema version this class writes and reads. */
  public static final int VERSION = 1;

  private JsonEdgeList() {}

  static JsonFactory factory() {
    return JsonFactory.builder()
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
        .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
        .build();
  }

  /** Writes {@code t} to {@code out} (not closed; flushed). O(n + m). */
  public static void write(Topology t, Writer out) throws IOException {
    JsonGenerator g = factory().createGenerator(out);
    g.setPrettyPrinter(new RecordPerLinePrinter());
    g.writeStartObject();
    g.writeStringField("format", FORMAT);
    g.writeNumberField("version", VERSION);
    g.writeStringField("family", t.family());
    g.writeStringField("parameters", t.parameters());
    Labels labels = t.labels();
    g.writeArrayFieldStart("labelFields");
    for (String f : labels.fields()) {
      g.writeString(f);
    }
    g.writeEndArray();
    g.writeArrayFieldStart("nodes");
    int width = labels.width();
    for (int v = 0; v < t.nodeCount(); v++) {
      g.writeStartObject();
      g.writeNumberField("id", v);
      g.writeStringField("role", t.role(v).id());
      if (hasLabel(labels, v)) {
        g.writeArrayFieldStart("label");
        for (int f = 0; f < width; f++) {
          int x = labels.get(v, f);
          if (x == Labels.ABSENT) {
            g.writeNull();
          } else {
            g.writeNumber(x);
          }
        }
        g.writeEndArray();
      }
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("edges");
    int[] offsets = t.csrOffsets();
    for (int u = 0; u < t.nodeCount(); u++) {
      for (int e = offsets[u]; e < offsets[u + 1]; e++) {
        int r = t.reverse(e);
        if (r >= 0 && r < e) {
          continue; // written from the other end
        }
        int v = t.target(e);
        g.writeStartObject();
        g.writeNumberField("source", u);
        g.writeNumberField("target", v);
        g.writeNumberField("sourcePort", e - offsets[u]);
        if (r >= 0) {
          g.writeNumberField("targetPort", r - offsets[v]);
        }
        g.writeNumberField("capacityBps", t.capacityBps(e));
        g.writeNumberField("delayPs", t.delayPs(e));
        if (r < 0) {
          g.writeBooleanField("directed", true);
        }
        g.writeEndObject();
      }
    }
    g.writeEndArray();
    g.writeEndObject();
    g.writeRaw('\n');
    g.flush();
  }

  /** True when some field of the node's label is present. */
  static boolean hasLabel(Labels labels, int v) {
    for (int f = 0; f < labels.width(); f++) {
      if (labels.get(v, f) != Labels.ABSENT) {
        return true;
      }
    }
    return false;
  }

  /**
   * Reads a topology written by {@link #write} (or by hand to the same schema).
   *
   * @param sourceName the file name used in error messages
   * @throws org.fabriclab.error.MalformedInputException naming {@code sourceName} and the problem
   * @throws IOException when {@code in} itself fails
   */
  public static Topology read(Reader in, String sourceName) throws IOException {
    return new JsonEdgeListReader(in, sourceName).read();
  }

  /**
   * Top-level fields and each node or link object on a line of their own, everything else inline;
   * O(1) state (a depth counter), one instance per write.
   */
  private static final class RecordPerLinePrinter implements PrettyPrinter {
    private int depth;

    /** True inside the {@code nodes} and {@code edges} arrays (not {@code labelFields}). */
    private boolean recordArray(JsonGenerator g) {
      if (depth != 2) {
        return false;
      }
      String name = g.getOutputContext().getParent().getCurrentName();
      return "nodes".equals(name) || "edges".equals(name);
    }

    private void indent(JsonGenerator g) throws IOException {
      g.writeRaw(depth == 1 ? "\n  " : "\n    ");
    }

    @Override
    public void writeRootValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw('\n');
    }

    @Override
    public void writeStartObject(JsonGenerator g) throws IOException {
      depth++;
      g.writeRaw('{');
    }

    @Override
    public void beforeObjectEntries(JsonGenerator g) throws IOException {
      if (depth == 1) {
        indent(g);
      }
    }

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw(": ");
    }

    @Override
    public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
      g.writeRaw(',');
      if (depth == 1) {
        indent(g);
      } else {
        g.writeRaw(' ');
      }
    }

    @Override
    public void writeEndObject(JsonGenerator g, int entries) throws IOException {
      if (depth == 1 && entries > 0) {
        g.writeRaw('\n');
      }
      g.writeRaw('}');
      depth--;
    }

    @Override
    public void writeStartArray(JsonGenerator g) throws IOException {
      depth++;
      g.writeRaw('[');
    }

    @Override
    public void beforeArrayValues(JsonGenerator g) throws IOException {
      if (recordArray(g)) {
        indent(g);
      }
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw(',');
      if (recordArray(g)) {
        indent(g);
      } else {
        g.writeRaw(' ');
      }
    }

    @Override
    public void writeEndArray(JsonGenerator g, int values) throws IOException {
      boolean records = recordArray(g);
      depth--;
      if (records && values > 0) {
        indent(g);
      }
      g.writeRaw(']');
    }
  }
}
