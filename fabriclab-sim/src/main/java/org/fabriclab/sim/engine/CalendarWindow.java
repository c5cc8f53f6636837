package org.fabriclab.sim.engine;

import java.util.Arrays;

/**
 * The window of {@link EventQueue}'s calendar (R. Brown, "Calendar queues", CACM 31(10), 1988):
 * a ring of {@code nb} buckets, bucket {@code b} in ring slot {@code b & (nb − 1)}, each a list of
 * chunks of {@value #CH} events in insertion order, one bit per non-empty slot, and a pool of
 * chunks with a free list. The queue decides which events enter (those of the buckets {@code cur <
 * b < cur + nb}); the window keeps them and gives a bucket's events back, unsorted, when the queue
 * makes it current. It never orders events: that is the queue's job.
 *
 * <p>An event is {@value #W} longs: time, sequence, {@code handler << 32 | a}, b. O(1) per event
 * added or drained; finding the next non-empty bucket scans one bit per bucket; doubling the ring
 * is O(nb + non-empty buckets) and moves chunk lists whole. No allocation except when the pool or
 * the caller's array grows. Package-private.
 */
final class CalendarWindow {
  /** Longs per event. */
  static final int W = 4;
  /** Events per chunk. */
  static final int CH = 8;
  /** Buckets in the ring (a power of two; read by the queue). */
  int nb;
  private long mask;
  private int[] bk; // per ring slot: first chunk, last chunk, events in the last, unused
  private long[] bits; // bit per non-empty slot
  private long[] pool; // chunks of CH events
  private int[] chNext; // next chunk of a bucket, or of the free list
  private int freeChunk = -1;
  private int size;
  private int drained;

  CalendarWindow(int log2Buckets, int initialEvents) {
    nb = 1 << log2Buckets;
    mask = nb - 1;
    bk = emptySlots(nb);
    bits = new long[nb >>> 6];
    pool = new long[0];
    chNext = new int[0];
    addChunks(Math.max(16, initialEvents / CH));
  }

  private static int[] emptySlots(int n) {
    int[] m = new int[4 * n];
    for (int k = 0; k < n; k++) {
      m[4 * k] = -1;
    }
    return m;
  }

  /** Events in the window. */
  int size() {
    return size;
  }

  /** Appends an event to bucket {@code b} (which the caller has checked lies in the window). */
  void add(long b, long t, long s, long pl, long pb) {
    int k = (int) (b & mask);
    int[] m = bk;
    int r = 4 * k;
    int c = m[r + 1];
    int f = m[r + 2];
    if (m[r] < 0) {
      c = newChunk();
      m[r] = c;
      m[r + 1] = c;
      f = 0;
      bits[k >>> 6] |= 1L << k;
    } else if (f == CH) {
      int n = newChunk();
      chNext[c] = n;
      m[r + 1] = n;
      c = n;
      f = 0;
    }
    m[r + 2] = f + 1;
    size++;
    long[] p = pool;
    int j = W * (CH * c + f);
    p[j] = t;
    p[j + 1] = s;
    p[j + 2] = pl;
    p[j + 3] = pb;
  }

  /** Distance from {@code cur} to the first non-empty bucket after it, or -1 if none. */
  long nextBucket(long cur) {
    if (size == 0) {
      return -1;
    }
    long[] bs = bits;
    int words = bs.length;
    int k = (int) ((cur + 1) & mask);
    int w = k >>> 6;
    long word = bs[w] & (-1L << k);
    for (int i = 0; i <= words; i++) {
      if (word != 0) {
        int found = (w << 6) | Long.numberOfTrailingZeros(word);
        return (found - cur) & mask;
      }
      w = (w + 1) & (words - 1);
      word = bs[w];
    }
    return -1;
  }

  /**
   * Takes bucket {@code b}'s events out of the window into {@code out} from index 0, in insertion
   * order, and frees their chunks; returns {@code out}, or a larger copy if it was too small. The
   * count is then {@link #drained()}.
   */
  long[] drain(long b, long[] out) {
    int k = (int) (b & mask);
    int[] m = bk;
    int r4 = 4 * k;
    int c = m[r4];
    int last = m[r4 + 1];
    int fill = m[r4 + 2];
    m[r4] = -1;
    bits[k >>> 6] &= ~(1L << k);
    long[] p = pool;
    long[] run = out;
    int n = 0;
    while (true) {
      int cnt = c == last ? fill : CH;
      if (W * (n + cnt) > run.length) {
        run = Arrays.copyOf(run, 2 * run.length);
      }
      System.arraycopy(p, W * CH * c, run, W * n, W * cnt);
      n += cnt;
      int nx = chNext[c];
      chNext[c] = freeChunk;
      freeChunk = c;
      if (c == last) {
        break;
      }
      c = nx;
    }
    size -= n;
    drained = n;
    return run;
  }

  /** Events the last {@link #drain} took out. */
  int drained() {
    return drained;
  }

  /**
   * Calls {@code pf} with the first payload of each event of handler {@code h} in bucket {@code b}
   * (non-empty), in insertion order. Read only.
   */
  void touch(long b, int h, Simulator.Prefetcher pf) {
    int k = (int) (b & mask);
    int[] m = bk;
    int c = m[4 * k];
    int last = m[4 * k + 1];
    int fill = m[4 * k + 2];
    long[] p = pool;
    while (true) {
      int cnt = c == last ? fill : CH;
      for (int j = W * CH * c + 2, end = j + W * cnt; j < end; j += W) {
        long pl = p[j];
        if ((int) (pl >>> 32) == h) {
          pf.touch((int) pl);
        }
      }
      if (c == last) {
        return;
      }
      c = chNext[c];
    }
  }

  /**
   * Doubles the ring: each non-empty bucket's chunk list moves whole to its slot in the new ring
   * (a slot holds the events of one bucket, since they all lie in {@code cur < b < cur + nb}).
   * O(nb + non-empty buckets).
   */
  void doubleRing(long cur) {
    int onb = nb;
    long omask = mask;
    int[] obk = bk;
    long[] obits = bits;
    nb = 2 * onb;
    mask = nb - 1;
    bk = emptySlots(nb);
    bits = new long[nb >>> 6];
    for (int w = 0; w < obits.length; w++) {
      long word = obits[w];
      while (word != 0) {
        int k = (w << 6) | Long.numberOfTrailingZeros(word);
        word &= word - 1;
        long b = cur + ((k - cur) & omask); // the bucket, cur < b < cur + onb
        int nk = (int) (b & mask);
        System.arraycopy(obk, 4 * k, bk, 4 * nk, 4);
        bits[nk >>> 6] |= 1L << nk;
      }
    }
  }

  /** Adds {@code count} chunks to the pool and its free list. */
  private void addChunks(int count) {
    int old = chNext.length;
    pool = Arrays.copyOf(pool, W * CH * (old + count));
    chNext = Arrays.copyOf(chNext, old + count);
    for (int c = old + count - 1; c >= old; c--) {
      chNext[c] = freeChunk;
      freeChunk = c;
    }
  }

  private int newChunk() {
    int c = freeChunk;
    if (c < 0) {
      addChunks(chNext.length);
      c = freeChunk;
    }
    freeChunk = chNext[c];
    return c;
  }
}
