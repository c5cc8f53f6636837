package org.fabriclab.shoal;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

/**
 * The destination's reordering buffer (seed 003 §3.5 "cell reordering and reassembly", Fig. 16
 * "maximum cell reordering within a flow"): cells of a flow are released to the upper layer in
 * sequence order; a cell that arrives ahead of the next expected one waits in the buffer. Tracks the
 * largest number of cells any one flow held waiting. Out-of-order cells are kept in one primitive
 * hash set keyed by (flow, sequence): O(1) expected per cell, no allocation once it has grown.
 */
final class ReorderTracker {
  private final int[] nextExpected;
  private final int[] waiting;
  private final LongOpenHashSet held = new LongOpenHashSet(1 << 12);
  private int maxWaiting;

  ReorderTracker(int flows) {
    nextExpected = new int[flows];
    waiting = new int[flows];
  }

  /** Cell {@code seq} of flow {@code f} reached its destination. */
  void arrived(int f, int seq) {
    if (seq != nextExpected[f]) {
      held.add(key(f, seq));
      if (++waiting[f] > maxWaiting) {
        maxWaiting = waiting[f];
      }
      return;
    }
    int next = seq + 1;
    while (waiting[f] > 0 && held.remove(key(f, next))) {
      waiting[f]--;
      next++;
    }
    nextExpected[f] = next;
  }

  /** The largest number of cells one flow held in its reordering buffer. */
  int maxWaitingCells() {
    return maxWaiting;
  }

  private static long key(int f, int seq) {
    return ((long) f << 32) | (seq & 0xffffffffL);
  }
}
