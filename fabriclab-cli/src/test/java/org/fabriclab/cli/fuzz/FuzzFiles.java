package org.fabriclab.cli.fuzz;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.io.TopologyFiles;
import org.fabriclab.graph.io.TopologyFormat;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.traffic.TraceCsv;

/** Valid input files of every format and seeded ways to break them. */
final class FuzzFiles {
  private FuzzFiles() {}

  enum Format {
    TRACE(true), SIZES(true), DEMANDS(true), GRAPHML(false), JSON(false);

    /** Whether errors in the content must name a line. */
    final boolean lineOriented;

    Format(boolean lineOriented) {
      this.lineOriented = lineOriented;
    }
  }

  /** How a file is broken; {@code content} says whether the file exists with bad content. */
  enum Damage {
    NUMBER(true), UTF8(true), UTF16(true), TRUNCATE(true), EMPTY(true), FIELDS(true),
    DIRECTORY(false), MISSING(false), EMPTY_PATH(false);

    final boolean content;

    Damage(boolean content) {
      this.content = content;
    }
  }

  /** Tokens no numeric field of any format accepts. */
  static final List<String> BAD_NUMBERS = List.of("\u0661\u0660", "\uff15", "-1",
      "9223372036854775808", "99999999999999999999", "0x10", "", "NaN", "1e999");

  /** Further tokens refused by particular trace columns (flow_id, src, dst, start_ns, size). */
  static final List<List<String>> TRACE_COLUMN = List.of(List.of("1.5"),
      List.of("16", "1.5", "2147483648"), List.of("16", "1.5"),
      List.of("4611686018427388", "9223372036854775807", "1.5"),
      List.of("0", "1000000000001", "9223372036854775807", "1.5"));

  static String valid(Format f) {
    return switch (f) {
      case TRACE -> TraceCsv.HEADER + "\n0,0,1,0,1000\n1,2,3,5000,20000\n2,4,1,9000,300\n";
      case SIZES -> "bytes,probability\n1000,0.5\n20000,0.25\n300000,0.25\n";
      case DEMANDS -> "src,dst,demand\n0,15,1.0\n4,11,0.5\n";
      case GRAPHML, JSON -> topology(f == Format.GRAPHML ? TopologyFormat.GRAPHML : TopologyFormat.JSON);
    };
  }

  private static String topology(TopologyFormat fmt) {
    Topology t = TopologyFamilies.load().build("bcube", Map.of("n", "2", "k", "1"));
    StringWriter w = new StringWriter();
    try {
      TopologyFiles.write(t, fmt, w);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
    return w.toString();
  }

  /** The bytes of a damaged file (only for damages with {@code content}). */
  static byte[] damage(Format f, Damage d, SplittableRandom rnd) {
    String text = valid(f);
    return switch (d) {
      case NUMBER -> replaceNumber(f, text, rnd).getBytes(StandardCharsets.UTF_8);
      case UTF8 -> {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        int at = lastLineStart(text) + rnd.nextInt(2);
        b[Math.min(at, b.length - 2)] = (byte) (0x80 + rnd.nextInt(64));
        yield b;
      }
      case UTF16 -> text.getBytes(rnd.nextBoolean() ? StandardCharsets.UTF_16 : StandardCharsets.UTF_16LE);
      case TRUNCATE -> {
        int cut = f.lineOriented ? text.indexOf('\n') + 2 + rnd.nextInt(3) : 1 + rnd.nextInt(text.length() - 2);
        yield (text.substring(0, cut) + (f.lineOriented ? "" : "")).getBytes(StandardCharsets.UTF_8);
      }
      case EMPTY -> new byte[0];
      case FIELDS -> (f.lineOriented ? text + "1,2,3,4,5,6,7\n" : text.replaceFirst("\"", "'\""))
          .getBytes(StandardCharsets.UTF_8);
      default -> throw new IllegalArgumentException(d.toString());
    };
  }

  private static int lastLineStart(String text) {
    return text.lastIndexOf('\n', text.length() - 2) + 1;
  }

  /** One number of the data replaced by a bad one. */
  private static String replaceNumber(Format f, String text, SplittableRandom rnd) {
    java.util.regex.Matcher m = java.util.regex.Pattern
        .compile(f.lineOriented ? "(?m)(?<=^|,)[0-9.]+(?=,|$)" : "(?<=[\">:] ?)[0-9]{2,}(?=[\"<,}])")
        .matcher(text);
    List<int[]> spans = new java.util.ArrayList<>();
    while (m.find()) {
      if (!f.lineOriented || m.start() > text.indexOf('\n')) {
        spans.add(new int[] {m.start(), m.end()});
      }
    }
    int[] s = spans.get(rnd.nextInt(spans.size()));
    String bad = BAD_NUMBERS.get(rnd.nextInt(BAD_NUMBERS.size()));
    if (f == Format.TRACE && rnd.nextBoolean()) {
      int col = (int) text.substring(text.lastIndexOf('\n', s[0] - 1) + 1, s[0]).chars()
          .filter(c -> c == ',').count();
      List<String> more = TRACE_COLUMN.get(col);
      bad = more.get(rnd.nextInt(more.size()));
    } else if (f == Format.SIZES && rnd.nextBoolean()) {
      bad = text.charAt(s[1]) == ',' ? "1.5" : rnd.nextBoolean() ? "1.5" : "-0.5";
    }
    return text.substring(0, s[0]) + bad + text.substring(s[1]);
  }
}
