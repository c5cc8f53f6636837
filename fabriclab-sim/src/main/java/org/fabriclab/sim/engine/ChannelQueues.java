package org.fabriclab.sim.engine;

import java.util.Arrays;

/**
 * Event queues for channels whose events are scheduled in time order — a FIFO link's packet
 * arrivals ({@code now + serialization + delay} only grows per link). Each channel keeps its
 * events in a ring buffer (O(1) to add and take), and an indexed binary heap orders the channels
 * by their first event, so the heap holds at most one entry per busy link (hundreds) rather than
 * one per packet in flight (hundreds of thousands): O(log channels) per event, in cache. Events
 * carry the simulator's global sequence number, so together with {@link EventQueue} the loop
 * still runs in (time, insertion) order, bit for bit as with one heap.
 */
final class ChannelQueues {
  private final int channels;
  private final int[] handler;
  private long[][] time;
  private long[][] seq;
  private int[][] payload;
  private final int[] head;
  private final int[] count;
  private final long[] lastTime;
  // indexed heap of non-empty channels, keyed by their first event
  private final int[] heap;
  private final long[] heapTime;
  private final long[] heapSeq;
  private int heapSize;

  ChannelQueues(int channels, int handlerId) {
    this.channels = channels;
    handler = new int[channels];
    Arrays.fill(handler, handlerId);
    time = new long[channels][];
    seq = new long[channels][];
    payload = new int[channels][];
    head = new int[channels];
    count = new int[channels];
    lastTime = new long[channels];
    Arrays.fill(lastTime, Long.MIN_VALUE);
    heap = new int[channels];
    heapTime = new long[channels];
    heapSeq = new long[channels];
  }

  int handler(int c) {
    return handler[c];
  }

  /** False when {@code t} is earlier than the channel's last event (the caller then uses the heap). */
  boolean accepts(int c, long t) {
    return t >= lastTime[c];
  }

  void push(int c, long t, long s, int a) {
    long[] tc = time[c];
    int n = count[c];
    if (tc == null || n == tc.length) {
      grow(c);
      tc = time[c];
    }
    int cap = tc.length;
    int i = head[c] + n;
    if (i >= cap) {
      i -= cap;
    }
    tc[i] = t;
    seq[c][i] = s;
    payload[c][i] = a;
    count[c] = n + 1;
    lastTime[c] = t;
    if (n == 0) {
      siftUp(heapSize++, c, t, s);
    }
  }

  private void grow(int c) {
    int n = count[c];
    int cap = time[c] == null ? 8 : time[c].length * 2;
    long[] nt = new long[cap];
    long[] ns = new long[cap];
    int[] np = new int[cap];
    if (time[c] != null) {
      int old = time[c].length;
      for (int j = 0; j < n; j++) {
        int i = (head[c] + j) % old;
        nt[j] = time[c][i];
        ns[j] = seq[c][i];
        np[j] = payload[c][i];
      }
    }
    time[c] = nt;
    seq[c] = ns;
    payload[c] = np;
    head[c] = 0;
  }

  boolean isEmpty() {
    return heapSize == 0;
  }

  /** The channel holding the earliest event (undefined when empty). */
  int top() {
    return heap[0];
  }

  long topTime() {
    return heapTime[0];
  }

  long topSeq() {
    return heapSeq[0];
  }

  int topPayload() {
    int c = heap[0];
    return payload[c][head[c]];
  }

  /** Removes the earliest event. */
  void pop() {
    int c = heap[0];
    int h = head[c] + 1;
    long[] tc = time[c];
    if (h == tc.length) {
      h = 0;
    }
    head[c] = h;
    if (--count[c] == 0) {
      int last = --heapSize;
      if (last > 0) {
        siftDown(heap[last], heapTime[last], heapSeq[last]);
      }
    } else {
      siftDown(c, tc[h], seq[c][h]);
    }
  }

  private void siftUp(int k, int c, long t, long s) {
    while (k > 0) {
      int p = (k - 1) >>> 1;
      long tp = heapTime[p];
      if (tp < t || (tp == t && heapSeq[p] < s)) {
        break;
      }
      heap[k] = heap[p];
      heapTime[k] = tp;
      heapSeq[k] = heapSeq[p];
      k = p;
    }
    heap[k] = c;
    heapTime[k] = t;
    heapSeq[k] = s;
  }

  /** Places channel {@code c} with key (t, s) at the root and sifts it down. */
  private void siftDown(int c, long t, long s) {
    int k = 0;
    int n = heapSize;
    int half = n >>> 1;
    while (k < half) {
      int m = 2 * k + 1;
      int r = m + 1;
      if (r < n && (heapTime[r] < heapTime[m]
          || (heapTime[r] == heapTime[m] && heapSeq[r] < heapSeq[m]))) {
        m = r;
      }
      long tm = heapTime[m];
      if (t < tm || (t == tm && s < heapSeq[m])) {
        break;
      }
      heap[k] = heap[m];
      heapTime[k] = tm;
      heapSeq[k] = heapSeq[m];
      k = m;
    }
    heap[k] = c;
    heapTime[k] = t;
    heapSeq[k] = s;
  }

  int channels() {
    return channels;
  }

  /** Events pending over all channels. O(channels). */
  int size() {
    int s = 0;
    for (int c = 0; c < channels; c++) {
      s += count[c];
    }
    return s;
  }
}
