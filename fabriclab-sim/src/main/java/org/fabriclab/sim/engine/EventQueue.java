package org.fabriclab.sim.engine;

import java.util.Arrays;

/**
 * A binary min-heap of events on primitive arrays, ordered by (time, sequence): the sequence is the
 * insertion counter, so events at equal times leave in insertion order and a run is bit-for-bit
 * deterministic. Each event carries a handler index and two {@code int} payloads. No allocation
 * except when the arrays grow (doubling). Insert and removal are O(log n).
 */
public final class EventQueue {
  private long[] time;
  private long[] seq;
  private long[] payload; // handler << 32 | a (unsigned)
  private int[] b;
  private int size;
  private long nextSeq;

  public EventQueue(int initialCapacity) {
    int c = Math.max(16, initialCapacity);
    time = new long[c];
    seq = new long[c];
    payload = new long[c];
    b = new int[c];
  }

  public int size() {
    return size;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  /** Time of the earliest event; undefined when empty. */
  public long peekTime() {
    return time[0];
  }

  public int peekHandler() {
    return (int) (payload[0] >>> 32);
  }

  public int peekA() {
    return (int) payload[0];
  }

  public int peekB() {
    return b[0];
  }

  /** Adds an event. */
  public void push(long t, int h, int pa, int pb) {
    if (size == time.length) {
      grow();
    }
    long s = nextSeq++;
    int i = size++;
    while (i > 0) {
      int p = (i - 1) >>> 1;
      long tp = time[p];
      if (tp < t || (tp == t && seq[p] < s)) {
        break;
      }
      move(p, i);
      i = p;
    }
    set(i, t, s, ((long) h << 32) | (pa & 0xFFFFFFFFL), pb);
  }

  /** Removes the earliest event (read it first with the peek methods). */
  public void pop() {
    int last = --size;
    if (last == 0) {
      return;
    }
    long t = time[last];
    long s = seq[last];
    long pl = payload[last];
    int pb = b[last];
    int i = 0;
    int half = last >>> 1;
    while (i < half) {
      int c = 2 * i + 1;
      int r = c + 1;
      if (r < last && (time[r] < time[c] || (time[r] == time[c] && seq[r] < seq[c]))) {
        c = r;
      }
      if (t < time[c] || (t == time[c] && s < seq[c])) {
        break;
      }
      move(c, i);
      i = c;
    }
    set(i, t, s, pl, pb);
  }

  private void move(int from, int to) {
    time[to] = time[from];
    seq[to] = seq[from];
    payload[to] = payload[from];
    b[to] = b[from];
  }

  private void set(int i, long t, long s, long pl, int pb) {
    time[i] = t;
    seq[i] = s;
    payload[i] = pl;
    b[i] = pb;
  }

  private void grow() {
    int c = time.length * 2;
    time = Arrays.copyOf(time, c);
    seq = Arrays.copyOf(seq, c);
    payload = Arrays.copyOf(payload, c);
    b = Arrays.copyOf(b, c);
  }
}
