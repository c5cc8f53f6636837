package org.fabriclab.graph.io;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;

/**
 * Graphviz DOT export (no import): an undirected {@code graph}, or a {@code digraph} when the
 * topology has a one-way link (cables then become {@code u -> v [dir=both]}). One node statement
 * per node ({@code n<id>}, shape by role, a label showing the id and the present label fields,
 * a {@code role} attribute) and one edge statement per cable or one-way link, from the end whose
 * directed link index is smaller, with {@code capacityBps}, {@code delayPs} and a readable capacity
 * as its {@code label}. Streams in O(n + m).
 */
public final class Dot {
  private Dot() {}

  /** The Graphviz shape drawn for a role. */
  public static String shape(NodeRole role) {
    return switch (role) {
      case SERVER -> "box";
      case PACKET_SWITCH -> "ellipse";
      case CIRCUIT_SWITCH -> "octagon";
      case CONVERTER_SWITCH -> "diamond";
      case OPTICAL_SPLITTER -> "triangle";
    };
  }

  /** Writes {@code t} to {@code out} (flushed, not closed). */
  public static void write(Topology t, Writer out) throws IOException {
    boolean digraph = false;
    for (int e = 0; e < t.linkCount() && !digraph; e++) {
      digraph = t.reverse(e) < 0;
    }
    String arrow = digraph ? " -> " : " -- ";
    out.write("// " + t + "\n");
    out.write((digraph ? "digraph " : "graph ") + quote(String.valueOf(t.family())) + " {\n");
    out.write("  node [fontsize=10];\n");
    Labels labels = t.labels();
    List<String> fields = labels.fields();
    for (int v = 0; v < t.nodeCount(); v++) {
      StringBuilder label = new StringBuilder().append(v);
      String sep = "\n";
      for (int f = 0; f < fields.size(); f++) {
        int x = labels.get(v, f);
        if (x != Labels.ABSENT) {
          label.append(sep).append(fields.get(f)).append('=').append(x);
          sep = " ";
        }
      }
      NodeRole role = t.role(v);
      out.write(
          "  n" + v + " [shape=" + shape(role) + ", role=" + quote(role.id())
              + ", label=" + quote(label.toString()) + "];\n");
    }
    int[] offsets = t.csrOffsets();
    for (int u = 0; u < t.nodeCount(); u++) {
      for (int e = offsets[u]; e < offsets[u + 1]; e++) {
        int r = t.reverse(e);
        if (r >= 0 && r < e) {
          continue; // written from the other end
        }
        long c = t.capacityBps(e);
        out.write(
            "  n" + u + arrow + "n" + t.target(e) + " [" + (digraph && r >= 0 ? "dir=both, " : "")
                + "capacityBps=" + c + ", delayPs=" + t.delayPs(e)
                + ", label=" + quote(readableRate(c)) + "];\n");
      }
    }
    out.write("}\n");
    out.flush();
  }

  /** {@code 10000000000} → {@code "10 Gb/s"}; {@code 2500000} → {@code "2.5 Mb/s"}. */
  static String readableRate(long bps) {
    String[] units = {"b/s", "kb/s", "Mb/s", "Gb/s", "Tb/s", "Pb/s", "Eb/s"};
    double x = bps;
    int u = 0;
    while (x >= 1000 && u + 1 < units.length) {
      x /= 1000;
      u++;
    }
    String num = String.format(Locale.ROOT, "%.3f", x).replaceAll("\\.?0+$", "");
    return num + " " + units[u];
  }

  /** A DOT double-quoted string: backslash and quote escaped, newlines as Graphviz's \n. */
  static String quote(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      switch (ch) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> { }
        default -> b.append(ch);
      }
    }
    return b.append('"').toString();
  }
}
