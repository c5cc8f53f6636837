package org.fabriclab.traffic;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.io.IoErrors;
import org.fabriclab.io.TextLines;
import org.fabriclab.units.AsciiNumbers;
import org.fabriclab.units.Limits;

/**
 * Reads and writes flow traces in the benchmark's CSV format: a header line
 * {@code flow_id,src_host,dst_host,start_ns,size_bytes}, then one flow per line. Blank lines are
 * skipped. A bad line (wrong field count, not an integer in ASCII digits, a value outside its
 * range, src = dst, a host at or beyond {@code servers}, a flow_id already used on an earlier
 * line, invalid UTF-8) throws a one-line {@link MalformedInputException} naming the file, the
 * line number and the valid range. O(lines).
 */
public final class TraceCsv {
  /** The header line. */
  public static final String HEADER = "flow_id,src_host,dst_host,start_ns,size_bytes";

  private TraceCsv() {}

  /** Reads a trace file; hosts must be below {@code servers} (use Integer.MAX_VALUE to skip). */
  public static FlowTrace read(Path file, int servers) {
    try (TextLines in = TextLines.open(file)) {
      return read(in, servers);
    }
  }

  /** Reads a trace from text; {@code source} names it in messages. */
  public static FlowTrace read(BufferedReader r, String source, int servers) throws IOException {
    StringBuilder b = new StringBuilder();
    String l;
    while ((l = r.readLine()) != null) {
      b.append(l).append('\n');
    }
    try (TextLines in = TextLines.of(source, b.toString().getBytes(StandardCharsets.UTF_8))) {
      return read(in, servers);
    }
  }

  /**
   * Reads a trace line by line. Every value is checked against what the engines represent
   * ({@link Limits}): {@code start_ns} in 0..{@link Limits#MAX_START_NS}, {@code size_bytes} in
   * 1..{@link Limits#MAX_FLOW_BYTES}, {@code flow_id} >= 0, hosts in 0..servers-1; numbers are
   * ASCII digits only ({@link AsciiNumbers}).
   */
  public static FlowTrace read(TextLines in, int servers) {
    String source = in.source();
    int cap = 1024;
    long[] id = new long[cap];
    int[] src = new int[cap];
    int[] dst = new int[cap];
    long[] start = new long[cap];
    long[] size = new long[cap];
    int n = 0;
    String line;
    boolean header = false;
    Long2IntOpenHashMap seen = new Long2IntOpenHashMap(); // flow_id -> line
    while ((line = in.next()) != null) {
      int lineNo = in.lineNumber();
      String s = line.strip();
      if (s.isEmpty()) {
        continue;
      }
      if (!header) {
        if (!s.replace(" ", "").equals(HEADER)) {
          throw in.error("expected header '" + HEADER + "', got '" + abbreviate(s) + "'");
        }
        header = true;
        continue;
      }
      String[] f = s.split(",", -1);
      if (f.length != 5) {
        throw in.error("expected 5 fields, got " + f.length + " in '" + abbreviate(s) + "'");
      }
      if (n == cap) {
        cap = (int) Math.min(Integer.MAX_VALUE - 8L, 2L * cap);
        if (n == cap) {
          throw in.error("more than " + cap + " flows");
        }
        id = Arrays.copyOf(id, cap);
        src = Arrays.copyOf(src, cap);
        dst = Arrays.copyOf(dst, cap);
        start = Arrays.copyOf(start, cap);
        size = Arrays.copyOf(size, cap);
      }
      id[n] = field(in, f[0], "flow_id", 0, Long.MAX_VALUE, "must be >= 0");
      int first = seen.putIfAbsent(id[n], lineNo);
      if (first != seen.defaultReturnValue()) {
        throw in.error("flow_id " + id[n] + " already used on line " + first);
      }
      String hosts = "valid hosts 0.." + (servers - 1L);
      long a = field(in, f[1], "src_host", 0, servers - 1L, hosts);
      long b = field(in, f[2], "dst_host", 0, servers - 1L, hosts);
      start[n] = field(in, f[3], "start_ns", 0, Limits.MAX_START_NS, Limits.START_RANGE);
      size[n] = field(in, f[4], "size_bytes", 1, Limits.MAX_FLOW_BYTES, Limits.SIZE_RANGE);
      if (a == b) {
        throw in.error("src_host = dst_host = " + a);
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

  private static long field(TextLines in, String v, String name, long min, long max,
      String range) {
    String t = v.strip();
    long x;
    try {
      x = AsciiNumbers.parseLong(t);
    } catch (NumberFormatException e) {
      throw in.error(name + " '" + abbreviate(t) + "' is not an integer in ASCII digits"
          + (AsciiNumbers.isInteger(t) ? " within 64 bits" : "") + " (" + range + ")");
    }
    if (x < min || x > max) {
      throw in.error(name + " = " + x + " is out of range (" + range + ")");
    }
    return x;
  }

  private static String abbreviate(String s) {
    String p = IoErrors.printable(s);
    return p.length() > 60 ? p.substring(0, 57) + "..." : p;
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
