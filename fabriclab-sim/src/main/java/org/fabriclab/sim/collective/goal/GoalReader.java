package org.fabriclab.sim.collective.goal;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import org.fabriclab.io.IoErrors;

/**
 * Reads a GOAL schedule, the text format of LogGOPSim, Schedgen and ATLAHS, into a {@link
 * GoalSchedule}. The grammar, as LogGOPSim's {@code txt2bin} accepts it:
 *
 * <pre>
 * num_ranks N
 * rank R {
 *   [label:] send Sb to R' [tag T] [cpu C] [nic I]
 *   [label:] recv Sb from R' [tag T] [cpu C] [nic I]
 *   [label:] calc D [cpu C]
 *   labelA requires labelB      // A starts once B has completed
 *   labelA irequires labelB     // A starts once B has started
 * }
 * </pre>
 *
 * One statement per line; {@code //} and {@code /* … *}{@code /} comments, blank lines, spaces and
 * tabs anywhere; labels are {@code [A-Za-z][A-Za-z0-9_]*}, scoped to their rank, and a dependency
 * line may name a label defined further down the same block. Sizes carry the {@code b} suffix
 * ({@code 8b}, or {@code 8 b}); {@code D} is in nanoseconds, LogGOPSim's unit for all of its
 * parameters, so a calc becomes a step of {@code D × 1000} ps; a missing tag is 0. {@code cpu}
 * and {@code nic} select one of several CPUs or NICs in LogGOPSim; they are read and ignored here
 * (one of each per rank). Every rank {@code 0..N−1} may have one block; a missing block is a rank
 * without operations.
 *
 * <p>Refused, each with {@code FILE:LINE} and the valid form: the wildcards {@code -1} (any source,
 * any tag; their matching depends on timing, which a static schedule does not have), 0-byte
 * messages, a send to the sending rank itself, a duplicate label or rank block, an undefined label.
 * Matching, ordering and the schedule built are described at {@link GoalSchedule}.
 *
 * <p>The file is streamed (one 64 KiB buffer), operations are kept in primitive arrays and labels
 * are interned per rank as integers through an open-addressing table; matching is a radix sort:
 * O(bytes + operations + dependencies). A million operations load in a few seconds and hold
 * about 140 MB (the schedule and the way back to ranks, labels and lines).
 */
public final class GoalReader {
  private static final byte[] NUM_RANKS = ascii("num_ranks");
  private static final byte[] RANK = ascii("rank");
  private static final byte[] SEND = ascii("send");
  private static final byte[] RECV = ascii("recv");
  private static final byte[] CALC = ascii("calc");
  private static final byte[] REQUIRES = ascii("requires");
  private static final byte[] IREQUIRES = ascii("irequires");
  private static final byte[] TO = ascii("to");
  private static final byte[] FROM = ascii("from");
  private static final byte[] TAG = ascii("tag");
  private static final byte[] CPU = ascii("cpu");
  private static final byte[] NIC = ascii("nic");
  private static final byte[] B = ascii("b");
  /** Largest calc: its picoseconds stay within the schedule's range. */
  static final long MAX_CALC_NS = Long.MAX_VALUE / 4 / 1000;

  private final GoalLexer lex;
  private final GoalOps ops;
  private final GoalLabels labels = new GoalLabels();
  private final IntArrayList pendingOp = new IntArrayList();
  private final IntArrayList pendingOn = new IntArrayList();
  private final IntArrayList pendingLine = new IntArrayList();
  private final IntArrayList pendingStartOnly = new IntArrayList();

  private GoalReader(String source, InputStream in) {
    lex = new GoalLexer(source, in);
    ops = new GoalOps(source);
  }

  /** Reads the GOAL file {@code file}. */
  public static GoalSchedule read(Path file) {
    String name = IoErrors.show(file);
    try (InputStream in = Files.newInputStream(file)) {
      return read(name, in);
    } catch (IOException e) {
      throw IoErrors.cannotRead(file, e);
    } catch (InvalidPathException e) {
      throw IoErrors.invalidPath(file.toString(), e);
    }
  }

  /** Reads GOAL text from {@code in} (not closed); {@code source} names it in messages. */
  public static GoalSchedule read(String source, InputStream in) {
    GoalReader r = new GoalReader(source, in);
    r.parse();
    return GoalLinker.link(r.ops);
  }

  /** Reads GOAL text held in a string. */
  public static GoalSchedule parse(String source, String text) {
    return read(source, new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
  }

  private void parse() {
    int t = skipBlankLines();
    if (t != GoalLexer.WORD || !lex.wordIs(NUM_RANKS)) {
      throw lex.error("expected 'num_ranks N' first, found " + found(t));
    }
    long n = expectInt("the number of ranks after num_ranks");
    if (n < 1 || n > Integer.MAX_VALUE) {
      throw lex.error("num_ranks " + n + " out of range (valid range 1.." + Integer.MAX_VALUE
          + ")");
    }
    ops.ranks = (int) n;
    expectEnd();
    java.util.BitSet seen = new java.util.BitSet();
    for (t = skipBlankLines(); t != GoalLexer.EOF; t = skipBlankLines()) {
      if (t != GoalLexer.WORD || !lex.wordIs(RANK)) {
        throw lex.error("expected 'rank R {' or the end of the file, found " + found(t));
      }
      long r = expectInt("a rank number after 'rank'");
      if (r < 0 || r >= n) {
        throw lex.error("rank " + r + " out of range (valid range 0.." + (n - 1) + ", num_ranks "
            + n + ")");
      }
      if (seen.get((int) r)) {
        throw lex.error("a second block for rank " + r + " (each rank has at most one block)");
      }
      seen.set((int) r);
      if (lex.next() != GoalLexer.OPEN) {
        throw lex.error("expected '{' after 'rank " + r + "'");
      }
      block((int) r, lex.line());
    }
  }

  private void block(int rank, int openedAt) {
    labels.clear();
    for (;;) {
      int t = lex.next();
      switch (t) {
        case GoalLexer.NL:
          continue;
        case GoalLexer.CLOSE:
          endBlock(rank);
          return;
        case GoalLexer.EOF:
          throw lex.error("end of the file inside rank " + rank + "'s block opened at line "
              + openedAt + ": expected '}'");
        case GoalLexer.WORD:
          statement(rank);
          continue;
        default:
          throw lex.error("expected an operation ('[label:] send|recv|calc …'), a dependency"
              + " ('label requires|irequires label') or '}', found " + found(t));
      }
    }
  }

  private void statement(int rank) {
    if (isOperation()) {
      operation(rank, -1);
      return;
    }
    int label = labels.intern(lex.word(), lex.wordLength());
    int t = lex.next();
    if (t == GoalLexer.COLON) {
      if (lex.next() != GoalLexer.WORD || !isOperation()) {
        throw lex.error("expected 'send', 'recv' or 'calc' after '" + labels.text(label) + ":'");
      }
      operation(rank, label);
      return;
    }
    if (t != GoalLexer.WORD || !(lex.wordIs(REQUIRES) || lex.wordIs(IREQUIRES))) {
      throw lex.error("expected ':', 'requires' or 'irequires' after '" + labels.text(label)
          + "', found " + found(t));
    }
    boolean startOnly = lex.wordIs(IREQUIRES);
    int line = lex.line();
    if (lex.next() != GoalLexer.WORD) {
      throw lex.error("expected a label after '" + (startOnly ? "irequires" : "requires") + "'");
    }
    int on = labels.intern(lex.word(), lex.wordLength());
    expectEnd();
    pendingOp.add(label);
    pendingOn.add(on);
    pendingLine.add(line);
    pendingStartOnly.add(startOnly ? 1 : 0);
  }

  private boolean isOperation() {
    return lex.wordIs(SEND) || lex.wordIs(RECV) || lex.wordIs(CALC);
  }

  private void operation(int rank, int label) {
    int line = lex.line();
    int op;
    if (lex.wordIs(CALC)) {
      long ns = expectInt("a duration in nanoseconds after 'calc'");
      if (ns < 0 || ns > MAX_CALC_NS) {
        throw lex.error("calc " + ns + " out of range (valid range 0.." + MAX_CALC_NS + " ns)");
      }
      op = ops.add(GoalOps.CALC, rank, -1, 0, ns, line);
      int t = lex.next();
      if (t == GoalLexer.WORD && lex.wordIs(CPU)) {
        expectInt("a CPU number after 'cpu'");
        t = lex.next();
      }
      end(t, "'cpu C' or the line end");
    } else {
      boolean send = lex.wordIs(SEND);
      String what = send ? "send" : "recv";
      long bytes = expectInt("a size such as 8b after '" + what + "'");
      if (bytes < 1 || bytes > Long.MAX_VALUE / 4) {
        throw lex.error(what + " of " + bytes + "b: sizes are 1b or more (at most "
            + Long.MAX_VALUE / 4 + "b)");
      }
      int t = lex.next();
      if (t != GoalLexer.WORD || !lex.wordIs(B)) {
        throw lex.error("expected the unit 'b' right after the size " + bytes + ", as in "
            + bytes + "b");
      }
      byte[] dir = send ? TO : FROM;
      if (lex.next() != GoalLexer.WORD || !lex.wordIs(dir)) {
        throw lex.error("expected '" + what + " " + bytes + "b " + (send ? "to" : "from") + " R'");
      }
      long peer = expectInt("a rank after '" + (send ? "to" : "from") + "'");
      if (peer == -1 && !send) {
        throw lex.error("wildcard source -1 is not supported (matching would depend on timing);"
            + " name the rank 0.." + (ops.ranks - 1));
      }
      if (peer < 0 || peer >= ops.ranks || peer == rank) {
        throw lex.error((send ? "send to" : "recv from") + " rank " + peer + " on rank " + rank
            + ": the peer is another rank in 0.." + (ops.ranks - 1));
      }
      long tag = 0;
      t = lex.next();
      if (t == GoalLexer.WORD && lex.wordIs(TAG)) {
        tag = expectInt("a tag number after 'tag'");
        if (tag == -1) {
          throw lex.error("wildcard tag -1 is not supported (matching would depend on timing);"
              + " give a tag 0.." + Integer.MAX_VALUE);
        }
        if (tag > Integer.MAX_VALUE) {
          throw lex.error("tag " + tag + " out of range (valid range 0.." + Integer.MAX_VALUE
              + ")");
        }
        t = lex.next();
      }
      if (t == GoalLexer.WORD && lex.wordIs(CPU)) {
        expectInt("a CPU number after 'cpu'");
        t = lex.next();
      }
      if (t == GoalLexer.WORD && lex.wordIs(NIC)) {
        expectInt("a NIC number after 'nic'");
        t = lex.next();
      }
      end(t, "'tag T', 'cpu C', 'nic I' (in this order) or the line end");
      op = ops.add(send ? GoalOps.SEND : GoalOps.RECV, rank, (int) peer, (int) tag, bytes, line);
    }
    if (label >= 0) {
      int first = labels.define(label, op);
      if (first >= 0) {
        throw new GoalFormatException(ops.source, line, "label " + labels.text(label)
            + " defined twice in rank " + rank + " (first at line " + ops.line.getInt(first) + ")");
      }
      ops.setLabel(op, labels.bytes(), labels.start(label), labels.length(label));
    }
  }

  /** Resolves the block's dependency lines to operations; every label must be defined. */
  private void endBlock(int rank) {
    for (int i = 0; i < pendingOp.size(); i++) {
      int a = labels.op(pendingOp.getInt(i));
      int b = labels.op(pendingOn.getInt(i));
      int bad = a < 0 ? pendingOp.getInt(i) : b < 0 ? pendingOn.getInt(i) : -1;
      if (bad >= 0) {
        throw new GoalFormatException(ops.source, pendingLine.getInt(i), "label "
            + labels.text(bad) + " is not defined in rank " + rank
            + " (expected 'label: send|recv|calc …' in the same block)");
      }
      ops.depOp.add(a);
      ops.depOn.add(b);
      ops.depLine.add(pendingLine.getInt(i));
      ops.depStartOnly.add(pendingStartOnly.getInt(i));
    }
    pendingOp.clear();
    pendingOn.clear();
    pendingLine.clear();
    pendingStartOnly.clear();
  }

  private long expectInt(String what) {
    int t = lex.next();
    if (t != GoalLexer.INT) {
      throw lex.error("expected " + what + ", found " + found(t));
    }
    return lex.number();
  }

  private void expectEnd() {
    end(lex.next(), "the line end");
  }

  /** A statement ends at a line end, at the file end, or before a closing brace. */
  private void end(int t, String expected) {
    if (t == GoalLexer.CLOSE) {
      lex.pushBack(t);
    } else if (t != GoalLexer.NL && t != GoalLexer.EOF) {
      throw lex.error("expected " + expected + ", found " + found(t));
    }
  }

  private int skipBlankLines() {
    int t = lex.next();
    while (t == GoalLexer.NL) {
      t = lex.next();
    }
    return t;
  }

  private String found(int t) {
    return switch (t) {
      case GoalLexer.EOF -> "the end of the file";
      case GoalLexer.NL -> "the line end";
      case GoalLexer.WORD -> "'" + lex.wordText() + "'";
      case GoalLexer.INT -> "the number " + lex.number();
      case GoalLexer.COLON -> "':'";
      case GoalLexer.OPEN -> "'{'";
      default -> "'}'";
    };
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
