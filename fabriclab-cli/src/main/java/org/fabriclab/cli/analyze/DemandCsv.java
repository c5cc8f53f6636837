package org.fabriclab.cli.analyze;

import java.nio.file.Path;
import java.util.Map;
import org.fabriclab.analysis.DemandMatrix;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.io.TextLines;
import org.fabriclab.units.AsciiNumbers;

/**
 * Reads a demand CSV {@code src,dst,demand}. Line 1 is a header when it contains a letter that is
 * not a node id; blank lines and {@code #} comments are skipped; every error names
 * {@code file:line}. A node is named by its id in the topology file (GraphML {@code id}, networkx
 * {@code id}) or by its index 0..n-1; an id takes precedence over an index that
 * reads the same (a networkx file whose ids are integers in another order means its ids). O(lines).
 */
public final class DemandCsv {
  private DemandCsv() {}

  /**
   * The demands of {@code file} on a topology of {@code nodes} nodes whose file gave the node ids
   * {@code names} (empty for a family or a fabriclab edge list).
   */
  public static DemandMatrix read(Path file, int nodes, Map<String, Integer> names) {
    DemandMatrix.Builder b = DemandMatrix.builder();
    int rows = 0;
    try (TextLines in = TextLines.open(file)) {
      String line;
      while ((line = in.next()) != null) {
        int no = in.lineNumber();
        String s = line.trim();
        if (s.isEmpty() || s.startsWith("#") || (no == 1 && isHeader(s, names))) {
          continue;
        }
        rows++;
        add(b, file + ":" + no, s, nodes, names);
      }
    }
    if (rows == 0) {
      throw new MalformedInputException(file.toString(), "no src,dst,demand lines");
    }
    return b.build();
  }

  private static boolean isHeader(String s, Map<String, Integer> names) {
    String[] f = s.split("\\s*,\\s*");
    return s.chars().anyMatch(Character::isLetter)
        && !(f.length == 3 && names.containsKey(unquote(f[0])) && names.containsKey(unquote(f[1])));
  }

  private static void add(DemandMatrix.Builder b, String where, String s, int nodes, Map<String, Integer> names) {
    String[] f = s.split("\\s*,\\s*");
    if (f.length != 3) {
      throw new MalformedInputException(where, "expected src,dst,demand (expected 3 fields)");
    }
    int src = node(f[0], where, nodes, names);
    int dst = node(f[1], where, nodes, names);
    double amount;
    try {
      amount = AsciiNumbers.parseDouble(f[2]);
    } catch (NumberFormatException e) {
      throw new MalformedInputException(where, "expected src,dst,demand (" + e.getMessage() + ")");
    }
    if (!(amount >= 0) || Double.isInfinite(amount)) {
      throw new MalformedInputException(where, "demand " + f[2] + " must be a finite number >= 0");
    }
    b.add(src, dst, amount);
  }

  private static int node(String text, String where, int nodes, Map<String, Integer> names) {
    String id = unquote(text);
    Integer named = names.get(id);
    if (named != null) {
      return named;
    }
    int v;
    try {
      v = AsciiNumbers.parseInt(id);
    } catch (NumberFormatException e) {
      throw new MalformedInputException(where, names.isEmpty()
          ? "expected src,dst,demand (node '" + id + "' is not a node index; name nodes 0.." + (nodes - 1) + ")"
          : "node '" + id + "' is neither a node id of the topology file nor an index 0.." + (nodes - 1));
    }
    if (v < 0 || v >= nodes) {
      throw new MalformedInputException(where, "node id " + v + " outside 0.." + (nodes - 1) + " of the topology");
    }
    return v;
  }

  private static String unquote(String s) {
    return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
  }
}
