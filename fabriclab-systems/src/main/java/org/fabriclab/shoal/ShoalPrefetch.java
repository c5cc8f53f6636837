package org.fabriclab.shoal;

import org.fabriclab.sim.slotted.NodeBitSet;
import org.fabriclab.sim.slotted.SlotEventWheel;

/**
 * Read-only passes of {@link ShoalSimulator} that touch, ahead of the real work of a slot, the
 * records the slot's events and visits will need (link, cell, pair, subflow and flow records).
 * The simulator is bound by memory latency: one event at a time, each cache miss stalls the next
 * step; in a pass of independent loads the misses overlap (memory-level parallelism), so the real
 * work then finds its lines in cache. Java has no prefetch instruction, so the loads feed a sink
 * field (otherwise the compiler could drop them). Changes no state: results are identical with or
 * without these passes (ShoalGoldenTest). O(events + visits) per slot.
 */
final class ShoalPrefetch {
  private final ShoalLinks links;
  private final ShoalPairs pairs;
  private final int[] fs;
  private final int sh;
  private final int lowMask;
  private int sink;

  final SlotEventWheel.Handler first = this::first;
  final SlotEventWheel.Handler second = this::second;

  ShoalPrefetch(ShoalLinks links, ShoalPairs pairs, int[] flowState, int sh) {
    this.links = links;
    this.pairs = pairs;
    this.fs = flowState;
    this.sh = sh;
    this.lowMask = (1 << sh) - 1;
  }

  /** Level 1: what an event names directly (its link, flow, pair or subflow record). */
  private void first(int kind, int x, int y, int z) {
    int type = kind & 3;
    int s;
    if (type == 0) {
      int at = z & lowMask;
      int k = (kind >>> 3) & ShoalLinks.NODE_MASK;
      s = at == k ? fs[x << 2] : links.rec[links.link(at, k) << 3];
    } else if (type == 1) {
      int j = x & lowMask;
      int k = (kind >>> 3) & ShoalLinks.NODE_MASK;
      s = j == k ? 0 : links.rec[links.link(j, k) << 3];
    } else if (type == 2) {
      s = pairs.pr[(x >>> sh) << 3] + (int) pairs.sub[x << 1];
    } else {
      s = 0;
    }
    sink += s;
  }

  /** Level 2: what the level-1 records point to (tail cell of the queue, feedback's link). */
  private void second(int kind, int x, int y, int z) {
    int type = kind & 3;
    int s = 0;
    if (type == 0) {
      int at = z & lowMask;
      int k = (kind >>> 3) & ShoalLinks.NODE_MASK;
      if (at != k) {
        int t = links.rec[(links.link(at, k) << 3) + ShoalLinks.QT];
        s = t < 0 ? 0 : links.cell[t << 2];
      }
    } else if (type == 2) {
      int b = links.link(pairs.pr[(x >>> sh) << 3], x & lowMask) << 3;
      int t = links.rec[b + ShoalLinks.WT];
      s = t < 0 ? 0 : (int) pairs.sub[t << 1];
    }
    sink += s;
  }

  /** The visits of one schedule column: head cells and first waiting subflows of its links. */
  void column(NodeBitSet work, NodeBitSet fresh, int col, int linkBase) {
    int[] rec = links.rec;
    int[] cell = links.cell;
    long[] sub = pairs.sub;
    int[] pr = pairs.pr;
    int s = 0;
    for (int w = 0; w < work.wordsPerRow(); w++) {
      long bits = work.word(col, w) | fresh.word(0, w);
      while (bits != 0) {
        int i = (w << 6) + Long.numberOfTrailingZeros(bits);
        bits &= bits - 1;
        int b = (linkBase | i) << 3;
        int h = rec[b + ShoalLinks.QH];
        int wh = rec[b + ShoalLinks.WH];
        if (h >= 0) {
          s += cell[(h << 2) + ShoalLinks.C_FLOW];
        }
        if (wh >= 0) {
          s += (int) sub[wh << 1] + pr[(wh >>> sh) << 3];
        }
      }
    }
    sink += s;
  }

  /** Keeps the touched values observable. */
  int sink() {
    return sink;
  }
}
