package org.fabriclab.sim.engine;

import java.util.Arrays;

/**
 * A 4-ary min-heap of events on one primitive array, ordered by (time, sequence): the sequence is
 * the insertion counter (given by {@link EventQueue}), so events at equal times leave in insertion
 * order and a run is bit-for-bit deterministic. Each event carries a handler index and two
 * {@code int} payloads. No allocation except when the array grows (doubling). Insert and removal
 * are O(log n). {@link EventQueue} uses two: the events of the current time bucket and the events
 * beyond its bucket window.
 *
 * <p>Layout (performance): an event is four consecutive {@code long}s (time, sequence, handler and
 * first payload, second payload), so a comparison and a move touch one cache line, and the four
 * children of a node are 128 contiguous bytes; a 4-ary heap has half the levels of a binary one.
 * With the hundreds of thousands of pending events of a large packet-level run the lower levels
 * miss the core's cache, and each level costs one or two cache lines instead of the four separate
 * arrays (time, sequence, payload, payload) of a binary heap.
 */
final class EventHeap {
  private static final int W = 4; // longs per event
  private long[] ev; // event i at [W*i]: time, seq, handler << 32 | a (unsigned), b
  private int size;

  EventHeap(int initialCapacity) {
    ev = new long[W * Math.max(16, initialCapacity)];
  }

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  /** Time of the earliest event; undefined when empty. */
  long peekTime() {
    return ev[0];
  }

  int peekHandler() {
    return (int) (ev[2] >>> 32);
  }

  int peekA() {
    return (int) ev[2];
  }

  int peekB() {
    return (int) ev[3];
  }

  /** The sequence number of the earliest event; undefined when empty. */
  long peekSeq() {
    return ev[1];
  }

  /** The packed payloads (handler << 32 | a) of the earliest event; undefined when empty. */
  long peekPayload() {
    return ev[2];
  }

  /** The raw second payload word of the earliest event; undefined when empty. */
  long peekRawB() {
    return ev[3];
  }

  /** Adds event (t, s, h, pa, pb). */
  void push(long t, long s, int h, int pa, int pb) {
    push(t, s, ((long) h << 32) | (pa & 0xFFFFFFFFL), pb);
  }

  /** Adds event (t, s) with packed payloads {@code pl} (handler << 32 | a) and {@code pb}. */
  void push(long t, long s, long pl, long pb) {
    if (W * size == ev.length) {
      ev = Arrays.copyOf(ev, 2 * ev.length);
    }
    long[] e = ev;
    int i = size++;
    // full (time, sequence) comparison: a deferred event (EventQueue.takeSeq) or one moved from
    // a bucket may have a lower sequence than pending events at the same time
    while (i > 0) {
      int p = (i - 1) >>> 2;
      int pj = W * p;
      long pt = e[pj];
      if (pt < t || (pt == t && e[pj + 1] < s)) {
        break;
      }
      int ij = W * i;
      e[ij] = e[pj];
      e[ij + 1] = e[pj + 1];
      e[ij + 2] = e[pj + 2];
      e[ij + 3] = e[pj + 3];
      i = p;
    }
    int ij = W * i;
    e[ij] = t;
    e[ij + 1] = s;
    e[ij + 2] = pl;
    e[ij + 3] = pb;
  }

  /** Removes the earliest event (read it first with the peek methods). */
  void pop() {
    int last = --size;
    if (last == 0) {
      return;
    }
    int lj = W * last;
    siftDown(ev[lj], ev[lj + 1], ev[lj + 2], ev[lj + 3], last);
  }

  /**
   * Gives the earliest event the key {@code (t, s)}, not earlier than its current one, keeping
   * its payloads (one sift-down: cheaper than a pop and a push).
   */
  void replaceTopKey(long t, long s) {
    siftDown(t, s, ev[2], ev[3], size);
  }

  /**
   * Removes the earliest event and adds event {@code (t, s)} with packed payloads {@code pl, pb}, whose key must not be
   * earlier than the removed one's: one sift-down instead of a pop and a push.
   */
  void replaceTop(long t, long s, long pl, long pb) {
    siftDown(t, s, pl, pb, size);
  }

  /** Places event (t, s, pl, pb) from the root down among the first {@code last} slots. */
  private void siftDown(long t, long s, long pl, long pb, int last) {
    long[] e = ev;
    int i = 0;
    while (true) {
      int c = 4 * i + 1;
      if (c >= last) {
        break;
      }
      int end = Math.min(c + 4, last);
      int m = c;
      int mj = W * c;
      long mt = e[mj];
      for (int k = c + 1; k < end; k++) {
        int kj = W * k;
        long kt = e[kj];
        if (kt < mt || (kt == mt && e[kj + 1] < e[mj + 1])) {
          m = k;
          mj = kj;
          mt = kt;
        }
      }
      if (t < mt || (t == mt && s < e[mj + 1])) {
        break;
      }
      int ij = W * i;
      e[ij] = mt;
      e[ij + 1] = e[mj + 1];
      e[ij + 2] = e[mj + 2];
      e[ij + 3] = e[mj + 3];
      i = m;
    }
    int ij = W * i;
    e[ij] = t;
    e[ij + 1] = s;
    e[ij + 2] = pl;
    e[ij + 3] = pb;
  }
}
