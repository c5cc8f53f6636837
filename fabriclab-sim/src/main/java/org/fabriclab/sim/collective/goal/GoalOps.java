package org.fabriclab.sim.collective.goal;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.nio.charset.StandardCharsets;

/**
 * The operations of a parsed GOAL file in file order, as parallel primitive arrays (about 44
 * bytes per operation and 16 per dependency line), with every label's text in one byte pool.
 * Each rank's block is read once, so the operations of one rank are contiguous and in posting
 * order.
 */
final class GoalOps {
  static final int SEND = 0;
  static final int RECV = 1;
  static final int CALC = 2;

  final String source;
  int ranks;
  final IntArrayList kind = new IntArrayList();
  final IntArrayList rank = new IntArrayList();
  /** The destination of a send, the source of a receive, −1 for a calc. */
  final IntArrayList peer = new IntArrayList();
  final IntArrayList tag = new IntArrayList();
  final IntArrayList line = new IntArrayList();
  /** Start of the label in {@link #labels}, −1 for an unlabelled operation. */
  final IntArrayList labelStart = new IntArrayList();
  final IntArrayList labelLength = new IntArrayList();
  /** Bytes of a send or receive, nanoseconds of a calc. */
  final LongArrayList size = new LongArrayList();
  final GrowableBytes labels = new GrowableBytes();
  /** Dependency lines: {@code depOp[i] (i)requires depOn[i]}, as operation indices. */
  final IntArrayList depOp = new IntArrayList();
  final IntArrayList depOn = new IntArrayList();
  final IntArrayList depLine = new IntArrayList();
  /** 1 for {@code irequires}, 0 for {@code requires}. */
  final IntArrayList depStartOnly = new IntArrayList();

  GoalOps(String source) {
    this.source = source;
  }

  int size() {
    return kind.size();
  }

  int add(int k, int r, int p, int t, long n, int ln) {
    kind.add(k);
    rank.add(r);
    peer.add(p);
    tag.add(t);
    size.add(n);
    line.add(ln);
    labelStart.add(-1);
    labelLength.add(0);
    return kind.size() - 1;
  }

  void setLabel(int op, byte[] text, int from, int length) {
    labelStart.set(op, labels.size());
    labelLength.set(op, length);
    labels.add(text, from, length);
  }

  /** The label of {@code op}, or null. */
  String label(int op) {
    int s = labelStart.getInt(op);
    return s < 0 ? null
        : new String(labels.elements(), s, labelLength.getInt(op), StandardCharsets.US_ASCII);
  }

  static String kindName(int k) {
    return k == SEND ? "send" : k == RECV ? "recv" : "calc";
  }

  /** {@code rank 3's send l2} or {@code rank 3's unlabelled send}, for messages. */
  String describe(int op) {
    String l = label(op);
    return "rank " + rank.getInt(op) + "'s " + (l == null ? "unlabelled " : "")
        + kindName(kind.getInt(op)) + (l == null ? "" : " " + l);
  }

  GoalFormatException error(int op, String problem) {
    return new GoalFormatException(source, line.getInt(op), problem);
  }
}
