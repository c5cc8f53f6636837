package org.fabriclab.shoal;

import java.util.Arrays;

/**
 * Per-flow (ordered node pair) and per-subflow state of {@link ShoalSimulator} in primitive
 * arrays (seed 003 §3.3.2, §4.2: the NIC keeps, per active local flow, the rate-limit feedback of
 * every intermediate node). Pair slots are pooled and grow by doubling; a subflow is
 * {@code pair << sh | intermediate} (sh = ⌈log2 N⌉). Package-private: the simulator owns all invariants.
 */
final class ShoalPairs {
  private final int n;
  private final int sh;
  private final int words;
  private final int[] pairOf;
  final int[] freshHead;
  final int[] waitHead;
  final int[] waitTail;

  int[] src;
  int[] dst;
  int[] unsent;
  int[] headFlow;
  int[] tailFlow;
  long[] start;
  int[] busyCount;
  boolean[] inFresh;
  int[] freshNext;
  long[] busy;
  long[] eligible;
  int[] waitNext;
  int[] waitPrev;
  private int[] freeList;
  private int freeTop;
  private int capacity;
  private int freshCount;

  ShoalPairs(int n, int sh) {
    this.n = n;
    this.sh = sh;
    this.words = (n + 63) >>> 6;
    this.pairOf = new int[n * n];
    Arrays.fill(pairOf, -1);
    this.freshHead = new int[n];
    Arrays.fill(freshHead, -1);
    this.waitHead = new int[n << sh];
    this.waitTail = new int[n << sh];
    Arrays.fill(waitHead, -1);
    Arrays.fill(waitTail, -1);
    grow(64);
  }

  private void grow(int cap) {
    int old = capacity;
    src = Arrays.copyOf(src == null ? new int[0] : src, cap);
    dst = Arrays.copyOf(dst == null ? new int[0] : dst, cap);
    unsent = Arrays.copyOf(unsent == null ? new int[0] : unsent, cap);
    headFlow = Arrays.copyOf(headFlow == null ? new int[0] : headFlow, cap);
    tailFlow = Arrays.copyOf(tailFlow == null ? new int[0] : tailFlow, cap);
    start = Arrays.copyOf(start == null ? new long[0] : start, cap);
    busyCount = Arrays.copyOf(busyCount == null ? new int[0] : busyCount, cap);
    inFresh = Arrays.copyOf(inFresh == null ? new boolean[0] : inFresh, cap);
    freshNext = Arrays.copyOf(freshNext == null ? new int[0] : freshNext, cap);
    busy = Arrays.copyOf(busy == null ? new long[0] : busy, cap * words);
    eligible = Arrays.copyOf(eligible == null ? new long[0] : eligible, cap << sh);
    waitNext = Arrays.copyOf(waitNext == null ? new int[0] : waitNext, cap << sh);
    waitPrev = Arrays.copyOf(waitPrev == null ? new int[0] : waitPrev, cap << sh);
    int[] nf = new int[cap];
    System.arraycopy(freeList == null ? new int[0] : freeList, 0, nf, 0, freeTop);
    freeList = nf;
    for (int p = cap - 1; p >= old; p--) {
      freeList[freeTop++] = p;
    }
    capacity = cap;
  }

  int pairOf(int i, int k) {
    return pairOf[i * n + k];
  }

  int allocate(int i, int k, long slot) {
    if (freeTop == 0) {
      grow(capacity * 2);
    }
    int p = freeList[--freeTop];
    pairOf[i * n + k] = p;
    src[p] = i;
    dst[p] = k;
    unsent[p] = 0;
    headFlow[p] = -1;
    tailFlow[p] = -1;
    start[p] = slot;
    busyCount[p] = 0;
    inFresh[p] = false;
    Arrays.fill(busy, p * words, (p + 1) * words, 0L);
    return p;
  }

  void free(int p) {
    pairOf[src[p] * n + dst[p]] = -1;
    freeList[freeTop++] = p;
  }

  int srcOf(int p) {
    return src[p];
  }

  int dstOf(int p) {
    return dst[p];
  }

  boolean isBusy(int p, int j) {
    return (busy[p * words + (j >>> 6)] & (1L << j)) != 0;
  }

  void setBusy(int p, int j) {
    busy[p * words + (j >>> 6)] |= 1L << j;
    busyCount[p]++;
  }

  void setIdle(int p, int j) {
    busy[p * words + (j >>> 6)] &= ~(1L << j);
    busyCount[p]--;
  }

  void pushFresh(int p) {
    int i = src[p];
    freshNext[p] = freshHead[i];
    freshHead[i] = p;
    inFresh[p] = true;
    freshCount++;
  }

  void unlinkFresh(int i, int p, int prev) {
    if (prev < 0) {
      freshHead[i] = freshNext[p];
    } else {
      freshNext[prev] = freshNext[p];
    }
    inFresh[p] = false;
    freshCount--;
  }

  int freshCount() {
    return freshCount;
  }

  /**
   * Inserts subflow sf into link's waiting list, kept sorted by eligible slot (stable), searching
   * from the tail: O(1) when feedback arrives in eligible order, O(list) at worst.
   */
  void linkWait(int link, int sf) {
    long el = eligible[sf];
    int cur = waitTail[link];
    while (cur >= 0 && eligible[cur] > el) {
      cur = waitPrev[cur];
    }
    // insert after cur (or at the head when cur < 0)
    int nx = cur < 0 ? waitHead[link] : waitNext[cur];
    waitPrev[sf] = cur;
    waitNext[sf] = nx;
    if (cur < 0) {
      waitHead[link] = sf;
    } else {
      waitNext[cur] = sf;
    }
    if (nx < 0) {
      waitTail[link] = sf;
    } else {
      waitPrev[nx] = sf;
    }
  }

  void unlinkWait(int link, int sf, int prevIgnored) {
    int pv = waitPrev[sf];
    int nx = waitNext[sf];
    if (pv < 0) {
      waitHead[link] = nx;
    } else {
      waitNext[pv] = nx;
    }
    if (nx < 0) {
      waitTail[link] = pv;
    } else {
      waitPrev[nx] = pv;
    }
  }
}
