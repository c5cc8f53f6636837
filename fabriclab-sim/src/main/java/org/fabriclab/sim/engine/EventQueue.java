package org.fabriclab.sim.engine;

/**
 * The pending events of a run, taken in exactly (time, sequence) order: the sequence is the
 * insertion counter, so events at equal times leave in insertion order and a run is bit-for-bit
 * deterministic. Each event carries a handler index and two {@code int} payloads.
 *
 * <p>Structure (performance): a calendar queue (R. Brown, "Calendar queues", CACM 31(10), 1988)
 * with exact ties. Time is cut into buckets of {@code 2^shift} ps, bucket {@code b = t >> shift};
 * the earliest event is held apart (the <em>top</em>); the others are in four parts, each holding
 * only events later than every event of the parts before it:
 *
 * <ol>
 *   <li>the <em>current</em> bucket {@code cur} (and anything earlier), as a run sorted by (time,
 *       sequence) — the events the bucket had when it became current — plus a small heap
 *       ({@link EventHeap}) for those added since;
 *   <li>the window {@code cur < b < cur + nb}: a ring of {@code nb} buckets, each a list of
 *       chunks of {@value CalendarWindow#CH} events in insertion order, and one bit per non-empty bucket
 *       ({@link CalendarWindow});
 *   <li>the far future {@code b >= cur + nb}: a second heap.
 * </ol>
 *
 * When the current bucket is used up, the next non-empty one (bitmap scan) becomes current: its
 * events are copied into the run and sorted (insertion sort: they were added nearly in order), and
 * the far events that the moved window covers move into their buckets. When the window is empty
 * the far heap gives the top, and the window moves to that event's bucket when it is taken. Order
 * within a bucket is decided by full (time, sequence) comparison, so the order is exactly that of
 * one heap over all events. The window doubles (up to 2^20 buckets) when, over 65,536 placements,
 * more than 1/32 went to the far heap while less than four windows ahead: packets behind deep
 * queues, scheduled tens of µs ahead, then stay in O(1) buckets instead of a heap of millions.
 *
 * <p>A packet-level run schedules most events a link delay plus a serialisation ahead (sub-µs to a
 * few µs), hundreds of them at the same time: adding is then O(1) (one slot of a hot chunk), taking
 * is O(1) (the next entry of the run) and the memory touched is sequential, where a single heap
 * over all pending events sifts through levels that miss the cache. Worst case (every event in
 * the current bucket) it is the heap's O(log n). No allocation except when an array grows.
 */
public final class EventQueue {
  private static final int W = CalendarWindow.W; // longs per event: time, seq, handler << 32 | a, b
  private static final int MAX_LOG2_BUCKETS = 20; // the window grows up to 2^20 buckets
  private static final int EPOCH = 1 << 16; // placements per growth decision
  private final int shift;
  private final CalendarWindow win; // the window's buckets (win.nb of them; doubles, see grow())
  private final int maxNb; // the largest window
  private int epochPushes; // events placed in this epoch (see endEpoch)
  private int epochFar; // of them, beyond the window but within 4 windows
  private final EventHeap near; // events of bucket <= cur added after the run was made
  private final EventHeap far; // events of bucket >= cur + nb
  private long[] run = new long[W * 64]; // the current bucket's events, sorted
  private int rpos; // next event of the run
  private int rlen;
  private long cur; // the current bucket
  private long tT; // the top event
  private long tS;
  private long tPl;
  private long tPb;
  private boolean topFar; // the top came from the far heap
  private int size; // events, the top included
  private long nextSeq;
  private int pfHandler = Integer.MIN_VALUE; // the prefetcher's handler (none: MIN_VALUE)
  private Simulator.Prefetcher prefetcher;
  private Simulator.CurrentPrefetcher pfCurrent; // optional second stage
  private int pfSink; // what the second stage read

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
    win = new CalendarWindow(log2Buckets, initialCapacity);
    maxNb = Math.max(win.nb, 1 << MAX_LOG2_BUCKETS);
    near = new EventHeap(64);
    far = new EventHeap(64);
  }

  public int size() {
    return size;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  /** Time of the earliest event; undefined when empty. */
  public long peekTime() {
    return tT;
  }

  public int peekHandler() {
    return (int) (tPl >>> 32);
  }

  public int peekA() {
    return (int) tPl;
  }

  public int peekB() {
    return (int) tPb;
  }

  /** The sequence number of the earliest event; undefined when empty. */
  long peekSeq() {
    return tS;
  }

  /**
   * Performance hint, no effect on the order: whenever a bucket becomes current, {@code pf} is
   * called with the first payload of each event of handler {@code handler} in the <em>next</em>
   * non-empty bucket of the window, so that those events' data (a packet's record) is on its way
   * into the cache a whole bucket before they run; then, if {@code current} is not null, it is
   * called with both payloads of each such event of the bucket just made current (whose data the
   * first stage touched a bucket earlier). One handler at a time; a later call replaces the
   * earlier. Cost: one pass over the next bucket's chunks and one over the run per bucket, O(1)
   * per event.
   */
  void setPrefetcher(int handler, Simulator.Prefetcher pf, Simulator.CurrentPrefetcher current) {
    pfHandler = handler;
    prefetcher = pf;
    pfCurrent = current;
  }

  /** Calls the second stage on the events of the prefetcher's handler in the sorted run. */
  private void prefetchRun() {
    long[] r = run;
    int h = pfHandler;
    Simulator.CurrentPrefetcher pf = pfCurrent;
    int x = 0;
    for (int j = 2, end = W * rlen; j < end; j += W) {
      long pl = r[j];
      if ((int) (pl >>> 32) == h) {
        x += pf.touch((int) pl, (int) r[j + 1]);
      }
    }
    pfSink += x;
  }

  /** Calls the prefetcher on the events of its handler in the next non-empty window bucket. */
  private void prefetchNextBucket() {
    long d = win.nextBucket(cur);
    if (d >= 0) {
      win.touch(cur + d, pfHandler, prefetcher);
    }
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
    add(t, s, ((long) h << 32) | (pa & 0xFFFFFFFFL), pb & 0xFFFFFFFFL);
  }

  private void add(long t, long s, long pl, long pb) {
    if (size++ == 0) {
      setTop(t, s, pl, pb, false);
    } else if (t < tT || (t == tT && s < tS)) { // earlier than the top: the top goes back
      if (topFar) {
        far.push(tT, tS, tPl, tPb);
      } else {
        place(tT, tS, tPl, tPb, tT >> shift);
      }
      setTop(t, s, pl, pb, false);
    } else {
      place(t, s, pl, pb, t >> shift);
    }
  }

  private void setTop(long t, long s, long pl, long pb, boolean fromFar) {
    tT = t;
    tS = s;
    tPl = pl;
    tPb = pb;
    topFar = fromFar;
  }

  /** Puts an event that is not the top, of bucket {@code b}, in its part. */
  private void place(long t, long s, long pl, long pb, long b) {
    if (++epochPushes == EPOCH) {
      endEpoch();
    }
    if (b <= cur) {
      near.push(t, s, pl, pb);
    } else if (b - cur < win.nb) {
      win.add(b, t, s, pl, pb);
    } else {
      if (b - cur < 4L * win.nb) {
        epochFar++;
      }
      far.push(t, s, pl, pb);
    }
  }

  /**
   * Ends a growth epoch: if more than 1/32 of its placements went to the far heap while less than
   * four windows ahead (events a deep queue delays, not distant timers), the window doubles, so
   * such events are added in O(1) into their bucket instead of a heap holding up to millions.
   */
  private void endEpoch() {
    if (epochFar > EPOCH / 32 && win.nb < maxNb) {
      grow();
    }
    epochPushes = 0;
    epochFar = 0;
  }

  /**
   * Doubles the window ({@link CalendarWindow#doubleRing}: chunk lists move whole), then the far
   * events the wider window covers move into their buckets. O(nb + moved).
   */
  private void grow() {
    win.doubleRing(cur);
    migrate();
  }

  /** Buckets in the window now (it doubles when many events land just beyond it). */
  int windowBuckets() {
    return win.nb;
  }

  /** Removes the earliest event (read it first with the peek methods). */
  public void pop() {
    if (topFar) {
      long b = tT >> shift;
      if (b > cur) { // near, run and window are empty: the window moves to this event
        cur = b;
        migrate();
      }
    }
    if (--size > 0) {
      next();
    }
  }

  /**
   * Gives the earliest event the key {@code (t, s)}, not earlier than its current one, keeping
   * its payloads.
   */
  void replaceTopKey(long t, long s) {
    long pl = tPl;
    long pb = tPb;
    pop();
    add(t, s, pl, pb);
  }

  /**
   * Removes the earliest event and adds event {@code (t, s, h, pa, pb)}, whose key must not be
   * earlier than the removed one's.
   */
  void replaceTop(long t, long s, int h, int pa, int pb) {
    pop();
    push(t, s, h, pa, pb);
  }

  /** Makes the earliest of the remaining (at least one) events the top. */
  private void next() {
    while (true) {
      EventHeap h = near;
      if (rpos < rlen) {
        long[] r = run;
        int j = W * rpos;
        long t = r[j];
        long s = r[j + 1];
        if (h.isEmpty() || t < h.peekTime() || (t == h.peekTime() && s < h.peekSeq())) {
          rpos++;
          setTop(t, s, r[j + 2], r[j + 3], false);
          return;
        }
      }
      if (!h.isEmpty()) {
        setTop(h.peekTime(), h.peekSeq(), h.peekPayload(), h.peekRawB(), false);
        h.pop();
        return;
      }
      long d = win.nextBucket(cur);
      if (d < 0) { // only far events: the earliest is the top (the window moves when it is taken)
        EventHeap f = far;
        setTop(f.peekTime(), f.peekSeq(), f.peekPayload(), f.peekRawB(), true);
        f.pop();
        return;
      }
      cur += d;
      migrate();
      drain(cur);
    }
  }

  /** Moves the far events that the window (buckets below cur + nb) covers into their place. */
  private void migrate() {
    EventHeap f = far;
    while (!f.isEmpty()) {
      long ft = f.peekTime();
      long b = ft >> shift;
      if (b - cur >= win.nb) {
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
   * Makes the run the events of bucket {@code b} (the run and the near heap are empty), sorted by
   * (time, sequence).
   */
  private void drain(long b) {
    run = win.drain(b, run);
    int n = win.drained();
    rpos = 0;
    rlen = n;
    sortRun(n);
    if (pfHandler != Integer.MIN_VALUE) {
      if (pfCurrent != null) {
        prefetchRun();
      }
      prefetchNextBucket();
    }
  }

  /**
   * Insertion sort of the run by (time, sequence): linear when the events came nearly in order,
   * as they do (sequence numbers grow with insertion). If it would move more than 8 entries per
   * event, the rest of the run goes to the near heap instead (O(n log n), same order).
   */
  private void sortRun(int n) {
    long[] r = run;
    long budget = 8L * n + 64;
    for (int i = 1; i < n; i++) {
      int ij = W * i;
      long t = r[ij];
      long s = r[ij + 1];
      int j = i - 1;
      int jj = W * j;
      if (r[jj] < t || (r[jj] == t && r[jj + 1] < s)) {
        continue;
      }
      long pl = r[ij + 2];
      long pb = r[ij + 3];
      while (j >= 0 && (r[W * j] > t || (r[W * j] == t && r[W * j + 1] > s))) {
        System.arraycopy(r, W * j, r, W * j + W, W);
        j--;
        budget--;
      }
      int dj = W * (j + 1);
      r[dj] = t;
      r[dj + 1] = s;
      r[dj + 2] = pl;
      r[dj + 3] = pb;
      if (budget < 0) { // far from sorted: the heap takes the unsorted rest
        for (int q = i + 1; q < n; q++) {
          int qj = W * q;
          near.push(r[qj], r[qj + 1], r[qj + 2], r[qj + 3]);
        }
        rlen = i + 1;
        return;
      }
    }
  }
}
