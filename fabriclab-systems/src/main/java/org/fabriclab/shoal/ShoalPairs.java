package org.fabriclab.shoal;

import java.util.Arrays;

/**
 * Per-flow (ordered node pair) and per-subflow state of {@link ShoalSimulator} in primitive
 * arrays (seed 003 §3.3.2, §4.2: the NIC keeps, per active local flow, the rate-limit feedback of
 * every intermediate node). A pair is one record of 8 ints (source, destination, unsent cells, head
 * and tail application flow, busy subflows, next in the fresh list, in-fresh flag) plus its start
 * slot and a bit set of busy intermediates (a subflow {@code pair << sh | intermediate} waiting for
 * release is an entry of its first link's waiting list, {@link ShoalLinks}). Pair slots are
 * pooled and grow by doubling. Package-private: the simulator owns all invariants.
 */
final class ShoalPairs {
  static final int SRC = 0;
  static final int DST = 1;
  static final int UNSENT = 2;
  static final int HEAD = 3;
  static final int TAIL = 4;
  static final int BUSY = 5;
  static final int FNEXT = 6;
  static final int INFRESH = 7;

  private final int n;
  private final int words;
  private final int[] pairOf;
  final int[] freshHead;

  /** Pair records, 8 ints at p << 3. */
  int[] pr;
  long[] start;
  long[] busy;
  /** Usable subflows per pair (only with dead pairs). */
  int[] usable;
  /** Traffic class of each pair (Appendix C: a flow is a node pair and a class). */
  int[] cls;
  private final ShoalFailures failures;
  private int[] freeList;
  private int[] memo;
  private int freeTop;
  private int capacity;
  private int freshCount;

  ShoalPairs(int n, int classes, ShoalFailures failures) {
    this.n = n;
    this.words = (n + 63) >>> 6;
    this.pairOf = new int[Math.multiplyExact(classes, n * n)];
    Arrays.fill(pairOf, -1);
    this.freshHead = new int[n];
    Arrays.fill(freshHead, -1);
    this.failures = failures;
    grow(64);
  }

  private void grow(int cap) {
    int old = capacity;
    pr = Arrays.copyOf(pr == null ? new int[0] : pr, cap << 3);
    start = Arrays.copyOf(start == null ? new long[0] : start, cap);
    usable = Arrays.copyOf(usable == null ? new int[0] : usable, cap);
    cls = Arrays.copyOf(cls == null ? new int[0] : cls, cap);
    busy = Arrays.copyOf(busy == null ? new long[0] : busy, cap * words);
    int[] nf = new int[cap];
    System.arraycopy(freeList == null ? new int[0] : freeList, 0, nf, 0, freeTop);
    freeList = nf;
    for (int p = cap - 1; p >= old; p--) {
      freeList[freeTop++] = p;
    }
    capacity = cap;
  }

  int pairOf(int i, int k, int c) {
    return pairOf[(c * n + i) * n + k];
  }

  int allocate(int i, int k, int c, long slot) {
    if (freeTop == 0) {
      grow(capacity * 2);
    }
    int p = freeList[--freeTop];
    pairOf[(c * n + i) * n + k] = p;
    cls[p] = c;
    int b = p << 3;
    pr[b + SRC] = i;
    pr[b + DST] = k;
    pr[b + UNSENT] = 0;
    pr[b + HEAD] = -1;
    pr[b + TAIL] = -1;
    pr[b + BUSY] = 0;
    pr[b + INFRESH] = 0;
    start[p] = slot;
    if (failures != null) {
      usable[p] = usableOfNew(i, k);
    }
    Arrays.fill(busy, p * words, (p + 1) * words, 0L);
    return p;
  }

  /** Usable subflows of a pair (i, k) not yet allocated (memoised per pair). */
  int usableOfNew(int i, int k) {
    if (failures == null) {
      return n - 1;
    }
    if (memo == null) {
      memo = new int[n * n];
      Arrays.fill(memo, -1);
    }
    if (memo[i * n + k] < 0) {
      memo[i * n + k] = failures.usableSubflows(i, k);
    }
    return memo[i * n + k];
  }

  void free(int p) {
    pairOf[(cls[p] * n + pr[(p << 3) + SRC]) * n + pr[(p << 3) + DST]] = -1;
    freeList[freeTop++] = p;
  }

  int srcOf(int p) {
    return pr[(p << 3) + SRC];
  }

  int dstOf(int p) {
    return pr[(p << 3) + DST];
  }

  int unsent(int p) {
    return pr[(p << 3) + UNSENT];
  }

  int busyCount(int p) {
    return pr[(p << 3) + BUSY];
  }

  boolean inFresh(int p) {
    return pr[(p << 3) + INFRESH] != 0;
  }

  boolean isBusy(int p, int j) {
    return (busy[p * words + (j >>> 6)] & (1L << j)) != 0;
  }

  void setBusy(int p, int j) {
    busy[p * words + (j >>> 6)] |= 1L << j;
    pr[(p << 3) + BUSY]++;
  }

  void setIdle(int p, int j) {
    busy[p * words + (j >>> 6)] &= ~(1L << j);
    pr[(p << 3) + BUSY]--;
  }

  void pushFresh(int p) {
    int b = p << 3;
    int i = pr[b + SRC];
    pr[b + FNEXT] = freshHead[i];
    freshHead[i] = p;
    pr[b + INFRESH] = 1;
    freshCount++;
  }

  int freshNext(int p) {
    return pr[(p << 3) + FNEXT];
  }

  void unlinkFresh(int i, int p, int prev) {
    if (prev < 0) {
      freshHead[i] = pr[(p << 3) + FNEXT];
    } else {
      pr[(prev << 3) + FNEXT] = pr[(p << 3) + FNEXT];
    }
    pr[(p << 3) + INFRESH] = 0;
    freshCount--;
  }

  int freshCount() {
    return freshCount;
  }
}
