package org.fabriclab.sim.engine;

/**
 * The pending events of a run, taken in exactly (time, sequence) order: the sequence is the
 * insertion counter, so events at equal times leave in insertion order and a run is bit-for-bit
 * deterministic. Each event carries a handler index and two {@code int} payloads.
 *
 * <p>Structure (performance): a calendar queue (Brown, CACM 31(10), 1988) with exact ties. Time is
 * cut into buckets of {@code 2^shift} ps; bucket {@code b = t >> shift}. Three parts, each holding
 * only events later than every event of the part before it:
 *
 * <ol>
 *   <li>the <em>current</em> bucket {@code cur} and anything earlier: a small 4-ary heap
 *       ({@link EventHeap}) ordered by (time, sequence), whose top is the earliest event;
 *   <li>the window {@code cur < b < cur + nb}: a ring of {@code nb} unordered buckets, each a
 *       list of event nodes in one node pool, with one bit per non-empty bucket;
 *   <li>the far future {@code b >= cur + nb}: a second heap.
 * </ol>
 *
 * When the current heap runs empty, the next non-empty bucket (bitmap scan) becomes current and
 * its events move into the heap, and the far heap's events that the moved window now covers move
 * into their buckets. Ties and order within a bucket are the heap's, so the order is exactly a
 * single heap's. A packet-level run schedules most events a link delay plus a serialisation ahead
 * (sub-µs to a few µs, a few events per ns): an insertion is then O(1) (a node and a bucket head)
 * and the heap holds only the few events of one bucket, instead of a sift through all pending
 * events (whose lower levels miss the cache). Worst case (every event in one bucket) it is the
 * heap's O(log n). No allocation except when the pool or a heap grows (doubling).
 */
public final class EventQueue {
  private static final int W = 4; // longs per event node: time, seq, handler << 32 | a, next << 32 | b
  private final int shift;
  private final int nb; // buckets in the window (a power of two)
  private final long mask;
  private final EventHeap near;
  private final EventHeap far;
  private final int[] head; // first node of each bucket of the ring, -1 if none
  private final long[] bits; // bit per non-empty bucket
  private long[] pool; // event nodes
  private int free = -1; // free list through the nodes' next fields
  private long cur; // the current bucket: every event of bucket <= cur is in near
  private EventHeap top; // near, or far when near and the window are empty
  private int size;
  private long nextSeq;

  /** A queue with buckets of 256 ps and a window of 16,384 buckets (4.2 µs). */
  public EventQueue(int initialCapacity) {
    this(initialCapacity, 8, 14);
  }

  /**
   * A queue with buckets of {@code 2^shift} ps and a window of {@code 2^log2Buckets} buckets.
   *
   * @throws IllegalArgumentException when shift is outside 1..40 or log2Buckets outside 6..24
   */
  public EventQueue(int initialCapacity, int shift, int log2Buckets) {
    if (shift < 1 || shift > 40) {
      throw new IllegalArgumentException("bucket shift must be in 1..40, got " + shift);
    }
    if (log2Buckets < 6 || log2Buckets > 24) {
      throw new IllegalArgumentException("log2 of the bucket count must be in 6..24, got " + log2Buckets);
    }
    this.shift = shift;
    nb = 1 << log2Buckets;
    mask = nb - 1;
    near = new EventHeap(64);
    far = new EventHeap(64);
    head = new int[nb];
    java.util.Arrays.fill(head, -1);
    bits = new long[nb >>> 6];
    pool = new long[0];
    grow(Math.max(16, initialCapacity));
    top = near;
  }

  public int size() {
    return size;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  /** Time of the earliest event; undefined when empty. */
  public long peekTime() {
    return top.peekTime();
  }

  public int peekHandler() {
    return top.peekHandler();
  }

  public int peekA() {
    return top.peekA();
  }

  public int peekB() {
    return top.peekB();
  }

  /** The sequence number of the earliest event; undefined when empty. */
  long peekSeq() {
    return top.peekSeq();
  }

  /**
   * Calls {@code pf} with the first payload of the events of handler {@code handler} that may run
   * next (while an event runs its entry is still the top: the next is among its children).
   */
  void prefetch(int handler, Simulator.Prefetcher pf) {
    top.prefetch(handler, pf);
  }

  /** Adds an event. */
  public void push(long t, int h, int pa, int pb) {
    push(t, nextSeq++, h, pa, pb);
  }

  /** Takes the next insertion sequence number (for an event kept outside the queue). */
  long takeSeq() {
    return nextSeq++;
  }

  /** Adds an event whose sequence number {@code s} came from {@link #takeSeq()}. */
  void push(long t, long s, int h, int pa, int pb) {
    long pl = ((long) h << 32) | (pa & 0xFFFFFFFFL);
    place(t, s, pl, pb, t >> shift);
    size++;
    if (top != near || near.isEmpty()) {
      refill();
    }
  }

  /** Puts a later-than-current-top event with bucket {@code b} in its part. */
  private void place(long t, long s, long pl, long pb, long b) {
    if (b <= cur) {
      near.push(t, s, pl, pb);
    } else if (b - cur < nb) {
      int n = free;
      if (n < 0) {
        grow(pool.length / W);
        n = free;
      }
      long[] p = pool;
      int j = W * n;
      free = (int) (p[j + 3] >> 32);
      int k = (int) (b & mask);
      p[j] = t;
      p[j + 1] = s;
      p[j + 2] = pl;
      p[j + 3] = ((long) head[k] << 32) | (pb & 0xFFFFFFFFL);
      head[k] = n;
      bits[k >>> 6] |= 1L << k;
    } else {
      far.push(t, s, pl, pb);
    }
  }

  /** Removes the earliest event (read it first with the peek methods). */
  public void pop() {
    EventHeap h = top;
    long t = h.peekTime();
    h.pop();
    size--;
    if (h == far) {
      moveTo(t >> shift);
      refill();
    } else if (near.isEmpty()) {
      refill();
    }
  }

  /**
   * Gives the earliest event the key {@code (t, s)}, not earlier than its current one, keeping
   * its payloads.
   */
  void replaceTopKey(long t, long s) {
    replace(t, s, top.peekPayload(), top.peekRawB());
  }

  /**
   * Removes the earliest event and adds event {@code (t, s, h, pa, pb)}, whose key must not be
   * earlier than the removed one's.
   */
  void replaceTop(long t, long s, int h, int pa, int pb) {
    replace(t, s, ((long) h << 32) | (pa & 0xFFFFFFFFL), pb);
  }

  private void replace(long t, long s, long pl, long pb) {
    long b = t >> shift;
    EventHeap h = top;
    if (b <= cur && h == near) {
      near.replaceTop(t, s, pl, pb); // one sift-down
      return;
    }
    long t0 = h.peekTime();
    h.pop();
    if (h == far) {
      moveTo(t0 >> shift);
    }
    place(t, s, pl, pb, b);
    refill();
  }

  /**
   * The earliest event, from the far heap, has just been taken at bucket {@code b} (near and the
   * window are empty): the window starts there now; the far events it covers move into it.
   */
  private void moveTo(long b) {
    if (b > cur) {
      cur = b;
      migrate();
    }
  }

  /** Moves the far events that the window (buckets below cur + nb) covers into their place. */
  private void migrate() {
    EventHeap f = far;
    while (!f.isEmpty()) {
      long ft = f.peekTime();
      long b = ft >> shift;
      if (b - cur >= nb) {
        return;
      }
      long fs = f.peekSeq();
      long fpl = f.peekPayload();
      long fpb = f.peekRawB();
      f.pop();
      place(ft, fs, fpl, fpb, b);
    }
  }

  /**
   * Sets the top. When the current heap is empty: makes the next non-empty bucket of the window
   * current and moves its events into the heap, or, if the window is empty too, lets the far heap
   * give the earliest event (the window moves there when that event is taken: {@link #moveTo}).
   */
  private void refill() {
    if (size == 0 || !near.isEmpty()) {
      top = near;
      return;
    }
    long d = nextBucket();
    if (d < 0) {
      top = far;
      return;
    }
    cur += d;
    migrate();
    drain((int) (cur & mask));
    top = near;
  }

  /** Distance from cur to the first non-empty bucket of the window, or -1 if none. */
  private long nextBucket() {
    long[] bs = bits;
    int words = bs.length;
    int k = (int) ((cur + 1) & mask);
    int w = k >>> 6;
    long word = bs[w] & (-1L << k);
    for (int i = 0; i <= words; i++) {
      if (word != 0) {
        int found = (w << 6) | Long.numberOfTrailingZeros(word);
        return ((found - cur) & mask);
      }
      w = (w + 1) & (words - 1);
      word = bs[w];
    }
    return -1;
  }

  /** Moves the events of ring bucket {@code k} into the (empty) current heap. */
  private void drain(int k) {
    long[] p = pool;
    int n = head[k];
    head[k] = -1;
    bits[k >>> 6] &= ~(1L << k);
    EventHeap h = near;
    while (n >= 0) {
      int j = W * n;
      long nx = p[j + 3];
      h.push(p[j], p[j + 1], p[j + 2], (int) nx);
      p[j + 3] = (long) free << 32;
      free = n;
      n = (int) (nx >> 32);
    }
  }

  /** Adds {@code count} nodes to the pool and its free list. */
  private void grow(int count) {
    int old = pool.length / W;
    long[] p = java.util.Arrays.copyOf(pool, W * (old + count));
    for (int n = old + count - 1; n >= old; n--) {
      p[W * n + 3] = (long) free << 32;
      free = n;
    }
    pool = p;
  }
}
