package org.fabriclab.traffic;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.fabriclab.error.MalformedInputException;

/**
 * Reads and writes flow traces in the benchmark's CSV format: a header line
 * {@code flow_id,src_host,dst_host,start_ns,size_bytes}, then one flow per line. Blank lines are
 * skipped. A bad line (wrong field count, not an integer, negative value, src = dst, a host at or
 * beyond {@code servers}, a flow_id already used on an earlier line) throws a one-line {@link MalformedInputException} naming the file and the
 * line number. O(lines).
 */
public final class TraceCsv {
  /** The header line. */
  public static final String HEADER = "flow_id,src_host,dst_host,start_ns,size_bytes";

  private TraceCsv() {}

  /** Reads a trace file; hosts must be below {@code servers} (use Integer.MAX_VALUE to skip). */
  public static FlowTrace read(Path file, int servers) {
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return read(r, file.toString(), servers);
    } catch (java.nio.file.NoSuchFileException e) {
      throw new MalformedInputException(file.toString(), "no such file");
    } catch (IOException e) {
      throw new UncheckedIOException(file + ": " + e.getMessage(), e);
    }
  }

  /** Reads a trace from text; {@code source} names it in messages. */
  public static FlowTrace read(BufferedReader r, String source, int servers) throws IOException {
    int cap = 1024;
    long[] id = new long[cap];
    int[] src = new int[cap];
    int[] dst = new int[cap];
    long[] start = new long[cap];
    long[] size = new long[cap];
    int n = 0;
    String line;
    int lineNo = 0;
    boolean header = false;
    Long2IntOpenHashMap seen = new Long2IntOpenHashMap(); // flow_id -> line
    while ((line = r.readLine()) != null) {
      lineNo++;
      String s = line.strip();
      if (lineNo == 1 && s.startsWith("\uFEFF")) {
        s = s.substring(1);
      }
      if (s.isEmpty()) {
        continue;
      }
      if (!header) {
        if (!s.replace(" ", "").equals(HEADER)) {
          throw new MalformedInputException(source, "line " + lineNo + ": expected header '"
              + HEADER + "', got '" + abbreviate(s) + "'");
        }
        header = true;
        continue;
      }
      String[] f = s.split(",", -1);
      if (f.length != 5) {
        throw new MalformedInputException(source, "line " + lineNo + ": expected 5 fields, got "
            + f.length + " in '" + abbreviate(s) + "'");
      }
      if (n == cap) {
        cap *= 2;
        id = Arrays.copyOf(id, cap);
        src = Arrays.copyOf(src, cap);
        dst = Arrays.copyOf(dst, cap);
        start = Arrays.copyOf(start, cap);
        size = Arrays.copyOf(size, cap);
      }
      id[n] = field(f[0], "flow_id", source, lineNo, 0);
      int first = seen.putIfAbsent(id[n], lineNo);
      if (first != seen.defaultReturnValue()) {
        throw new MalformedInputException(source, "line " + lineNo + ": flow_id " + id[n]
            + " already used on line " + first);
      }
      long a = field(f[1], "src_host", source, lineNo, 0);
      long b = field(f[2], "dst_host", source, lineNo, 0);
      start[n] = field(f[3], "start_ns", source, lineNo, 0);
      size[n] = field(f[4], "size_bytes", source, lineNo, 1);
      if (a >= servers || b >= servers) {
        throw new MalformedInputException(source, "line " + lineNo + ": host " + Math.max(a, b)
            + " outside the topology (valid hosts 0.." + (servers - 1) + ")");
      }
      if (a == b) {
        throw new MalformedInputException(source, "line " + lineNo + ": src_host = dst_host = " + a);
      }
      src[n] = (int) a;
      dst[n] = (int) b;
      n++;
    }
    if (!header) {
      throw new MalformedInputException(source, "empty file (expected header '" + HEADER + "')");
    }
    return new FlowTrace(Arrays.copyOf(id, n), Arrays.copyOf(src, n), Arrays.copyOf(dst, n),
        Arrays.copyOf(start, n), Arrays.copyOf(size, n));
  }

  private static long field(String v, String name, String source, int line, long min) {
    long x;
    try {
      x = Long.parseLong(v.strip());
    } catch (NumberFormatException e) {
      throw new MalformedInputException(source, "line " + line + ": " + name + " '"
          + abbreviate(v) + "' is not an integer");
    }
    if (x < min || (name.endsWith("host") && x > Integer.MAX_VALUE)) {
      throw new MalformedInputException(source, "line " + line + ": " + name + " = " + x
          + " must be >= " + min);
    }
    return x;
  }

  private static String abbreviate(String s) {
    return s.length() > 60 ? s.substring(0, 57) + "..." : s;
  }

  /** The trace as CSV text in the same format. */
  public static String write(FlowTrace t) {
    StringBuilder sb = new StringBuilder(HEADER).append('\n');
    for (int i = 0; i < t.size(); i++) {
      sb.append(t.id(i)).append(',').append(t.src(i)).append(',').append(t.dst(i)).append(',')
          .append(t.startNs(i)).append(',').append(t.sizeBytes(i)).append('\n');
    }
    return sb.toString();
  }
}
