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
  private long sink;

  final SlotEventWheel.Handler first = this::first;
  final SlotEventWheel.Handler second = this::second;

  ShoalPrefetch(ShoalLinks links, ShoalPairs pairs, int[] flowState, int sh) {
    this.links = links;
    this.pairs = pairs;
    this.fs = flowState;
    this.sh = sh;
    this.lowMask = (1 << sh) - 1;
  }

  /** Level 1: what an event names directly (its link's hot word, flow or pair record). */
  private void first(int kind, int x, int y, int z) {
    int type = kind & 3;
    long s;
    if (type == 0) {
      int at = z & lowMask;
      int k = (kind >>> 3) & ShoalLinks.NODE_MASK;
      s = at == k || (kind & 4) != 0 ? fs[x << 2] : 0;
      if (at != k) {
        s += links.hot[links.link(at, k)];
      }
    } else if (type == 1) {
      int j = x & lowMask;
      int k = (kind >>> 3) & ShoalLinks.NODE_MASK;
      s = j == k ? 0 : links.hot[links.link(j, k)];
    } else if (type == 2) {
      s = pairs.pr[(x >>> sh) << 3];
    } else {
      s = 0;
    }
    sink += s;
  }

  /** Level 2: what the level-1 records point to (the feedback's link). */
  private void second(int kind, int x, int y, int z) {
    if ((kind & 3) == 2) {
      sink += links.hot[links.link(pairs.pr[(x >>> sh) << 3], x & lowMask)];
    }
  }

  /** The visits of one schedule column (nothing to touch ahead in this layout). */
  void column(NodeBitSet work, NodeBitSet fresh, int col, int linkBase) {
  }

  /** Keeps the touched values observable. */
  long sink() {
    return sink;
  }
}
