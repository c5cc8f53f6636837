package org.fabriclab.sim.collective.goal;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.io.IoErrors;
import org.fabriclab.io.OutputFiles;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveSchedule.Kind;

/**
 * Writes a {@link CollectiveSchedule} as a GOAL schedule that LogGOPSim's {@code txt2bin} and
 * {@link GoalReader} read. Node {@code v} becomes, with label {@code lv}:
 *
 * <ul>
 *   <li>a transfer: {@code lv: send Bb to D tag v} on its sender and {@code lv: recv Bb from S tag
 *       v} on its receiver (a tag per node, so every pair matches whatever the posting order);
 *   <li>a multicast to receivers {@code d0, d1, …}: one send per receiver, {@code lv_i: send Bb to
 *       di tag v}, and {@code lv: recv} on each receiver;
 *   <li>a step: {@code lv: calc N} with {@code N} its duration in nanoseconds (a duration that is
 *       not a whole number of nanoseconds is refused).
 * </ul>
 *
 * A dependency of {@code v} on {@code u} becomes {@code lv requires lu} on the rank of {@code v}
 * (on every send of a multicast): {@code u} must have an operation there (a step of that rank, a
 * transfer it sends or receives, a multicast it sends, every part of it then, or receives). A
 * dependency on a node of another rank that it did not receive from has no GOAL form and is refused
 * naming both nodes. A rank's operations are written in node order, so every label is defined
 * before a line names it, and recvs carry no dependency (they are posted at the start).
 * {@link GoalReader} reads the file back into a schedule with the same transfers, bytes and
 * dependencies, plus one zero-duration step per recv. O(nodes + dependencies × receivers).
 */
public final class GoalWriter {
  private GoalWriter() {}

  /** Writes {@code s} to {@code file} (ASCII text, atomically through {@link OutputFiles}). */
  public static void write(CollectiveSchedule s, Path file) {
    check(s);
    OutputFiles.write(file, out -> {
      Writer w =
          new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.US_ASCII), 1 << 16);
      emit(s, w);
      w.flush();
    });
  }

  /** Writes {@code s} to {@code out} (not closed). */
  public static void write(CollectiveSchedule s, Writer out) {
    check(s);
    try {
      emit(s, out);
    } catch (IOException e) {
      throw new FabriclabException("cannot write the GOAL schedule: " + IoErrors.reason(e), e);
    }
  }

  /** {@code s} as GOAL text. */
  public static String toGoal(CollectiveSchedule s) {
    StringWriter w = new StringWriter();
    write(s, w);
    return w.toString();
  }

  /** Refuses what GOAL cannot say, before anything is written. */
  private static void check(CollectiveSchedule s) {
    for (int v = 0; v < s.size(); v++) {
      if (s.kind(v) == Kind.AGGREGATE) {
        throw new InvalidParameterException("node " + v, "node " + v + " is a switch aggregation to rank "
            + s.rank(v) + ": GOAL has sends, receives and calcs between hosts, no in-network combining");
      }
      if (s.kind(v) == Kind.STEP && s.durationPs(v) % 1000 != 0) {
        throw new InvalidParameterException("node " + v, "node " + v + " (a step of rank "
            + s.rank(v) + ") takes " + s.durationPs(v) + " ps: a GOAL calc is a whole number of"
            + " nanoseconds (a multiple of 1000 ps)");
      }
      int r = s.rank(v);
      for (int i = 0; i < s.dependencyCount(v); i++) {
        int u = s.dependency(v, i);
        if (!present(s, u, r)) {
          throw new InvalidParameterException("node " + v, "node " + v + " (" + describe(s, v)
              + ") depends on node " + u + " (" + describe(s, u) + "), which has no operation on"
              + " rank " + r + ": a GOAL dependency names an operation of the same rank (a step"
              + " there, or a message it sends or receives)");
        }
      }
    }
  }

  /** Whether node {@code u} has an operation on rank {@code r}. */
  private static boolean present(CollectiveSchedule s, int u, int r) {
    if (s.rank(u) == r) {
      return true;
    }
    for (int d : s.receivers(u)) {
      if (d == r) {
        return true;
      }
    }
    return false;
  }

  private static String describe(CollectiveSchedule s, int v) {
    return switch (s.kind(v)) {
      case STEP -> "a step of rank " + s.rank(v);
      case TRANSFER -> "a transfer from rank " + s.rank(v) + " to rank " + s.receiver(v);
      case MULTICAST -> "a multicast from rank " + s.rank(v);
      case AGGREGATE -> "an aggregation to rank " + s.rank(v);
    };
  }

  private static void emit(CollectiveSchedule s, Writer w) throws IOException {
    int n = s.size();
    int ranks = s.ranks();
    // operations per rank as compressed rows of (node, part): part −1 a step or the send of a
    // transfer, −2 a recv, i ≥ 0 the send of a multicast to its i-th receiver
    int[] off = new int[ranks + 1];
    for (int v = 0; v < n; v++) {
      int[] rc = s.receivers(v);
      off[s.rank(v) + 1] += s.kind(v) == Kind.MULTICAST ? rc.length : 1;
      for (int d : rc) {
        off[d + 1]++;
      }
    }
    for (int r = 0; r < ranks; r++) {
      off[r + 1] += off[r];
    }
    int[] node = new int[off[ranks]];
    int[] part = new int[off[ranks]];
    int[] fill = java.util.Arrays.copyOf(off, ranks);
    for (int v = 0; v < n; v++) {
      int[] rc = s.receivers(v);
      int src = s.rank(v);
      if (s.kind(v) == Kind.MULTICAST) {
        for (int i = 0; i < rc.length; i++) {
          node[fill[src]] = v;
          part[fill[src]++] = i;
        }
      } else {
        node[fill[src]] = v;
        part[fill[src]++] = -1;
      }
      for (int d : rc) {
        node[fill[d]] = v;
        part[fill[d]++] = -2;
      }
    }
    StringBuilder b = new StringBuilder(128);
    w.write("// node v of the schedule is labelled lv; its messages carry tag v\n");
    w.write("num_ranks " + ranks + "\n");
    for (int r = 0; r < ranks; r++) {
      if (off[r] == off[r + 1]) {
        continue;
      }
      w.write("\nrank " + r + " {\n");
      for (int k = off[r]; k < off[r + 1]; k++) {
        b.setLength(0);
        line(s, node[k], part[k], b);
        w.append(b);
      }
      w.write("}\n");
    }
  }

  private static void line(CollectiveSchedule s, int v, int p, StringBuilder b) {
    Kind k = s.kind(v);
    b.append('l').append(v);
    if (p >= 0) {
      b.append('_').append(p);
    }
    b.append(": ");
    if (k == Kind.STEP) {
      b.append("calc ").append(s.durationPs(v) / 1000).append('\n');
    } else if (p == -2) {
      b.append("recv ").append(s.bytes(v)).append("b from ").append(s.rank(v)).append(" tag ")
          .append(v).append('\n');
      return;
    } else {
      int dst = k == Kind.MULTICAST ? s.receivers(v)[p] : s.receiver(v);
      b.append("send ").append(s.bytes(v)).append("b to ").append(dst).append(" tag ").append(v)
          .append('\n');
    }
    int r = s.rank(v);
    for (int i = 0; i < s.dependencyCount(v); i++) {
      int u = s.dependency(v, i);
      if (s.kind(u) == Kind.MULTICAST && s.rank(u) == r) {
        for (int j = 0; j < s.receivers(u).length; j++) {
          requires(b, v, p, "l" + u + "_" + j);
        }
      } else {
        requires(b, v, p, "l" + u);
      }
    }
  }

  private static void requires(StringBuilder b, int v, int p, String on) {
    b.append('l').append(v);
    if (p >= 0) {
      b.append('_').append(p);
    }
    b.append(" requires ").append(on).append('\n');
  }
}
