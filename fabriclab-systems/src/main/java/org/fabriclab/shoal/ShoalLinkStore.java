package org.fabriclab.shoal;

import java.util.Arrays;

/**
 * The queue <em>structure</em> of Shoal's virtual links for {@link ShoalLinks} (seed 003 §3.3):
 * per link, the FIFO Q_ij of cells, the ready queue R_ij (§3.3.3) with its length and the
 * local-cell flag, and the list of subflows waiting for release sorted by eligible slot (Eq. 2).
 *
 * <p>Layout: one record of 8 ints per link (Q head, tail; R head, tail; waiting head, tail; local
 * flag; len(R)), links numbered column-major ({@code link = ((j − i) mod N) << sh | i}), so a
 * schedule column's records are contiguous. Cells (flow, sequence, tag) and waiting entries
 * (subflow, eligible slot) are 4-int records (next first) in one pool per <em>group</em> = class ·
 * N + shift (= {@code link >>> sh}), so everything a column's visits touch lies in a few
 * contiguous kilobytes. Changes that arrive by events (a forwarded cell, a resent cell, a subflow
 * starting to wait) are <em>posted</em> to the group's inbox and applied in posting order by
 * {@link #flush} just before the column is played: the structure of a link is read only during its
 * own column's visits, so the deferral changes no result. O(1) per operation except the sorted
 * waiting insertion (O(list), O(1) when feedback arrives in eligible order). Package-private.
 */
final class ShoalLinkStore {
  private static final int QH = 0;
  private static final int QT = 1;
  private static final int RH = 2;
  private static final int RT = 3;
  private static final int WH = 4;
  private static final int WT = 5;
  private static final int LOCALQ = 6;
  private static final int RL = 7;
  private static final int OP_APPEND = 0;
  private static final int OP_FRONT = 1;
  private static final int OP_WAIT = 2;

  private final int n;
  private final int sh;
  private final int[] rec;
  private final int[][] pool;
  private final int[] poolFree;
  private final int[] poolUsed;
  private final int[][] inbox;
  private final int[] inboxCount;

  /** {@code links} link ids in {@code groups} groups of 2^sh ids; group g % n == 0 is unused. */
  ShoalLinkStore(int n, int sh, int links, int groups) {
    this.n = n;
    this.sh = sh;
    this.rec = new int[links << 3];
    for (int l = 0; l < links; l++) {
      int b = l << 3;
      rec[b + QH] = -1;
      rec[b + QT] = -1;
      rec[b + RH] = -1;
      rec[b + RT] = -1;
      rec[b + WH] = -1;
      rec[b + WT] = -1;
    }
    this.pool = new int[groups][];
    this.poolFree = new int[groups];
    this.poolUsed = new int[groups];
    this.inbox = new int[groups][];
    this.inboxCount = new int[groups];
    for (int g = 0; g < groups; g++) {
      if (g % n != 0) {
        pool[g] = new int[4 << 4];
        inbox[g] = new int[4 << 4];
      }
      poolFree[g] = -1;
    }
  }

  /** The pool holding link's records (re-read after anything that allocates). */
  int[] poolOf(int link) {
    return pool[link >>> sh];
  }

  /** The head cell record of Q (non-empty), in {@link #poolOf}. */
  int qHead(int link) {
    return rec[(link << 3) + QH];
  }

  int rLength(int link) {
    return rec[(link << 3) + RL];
  }

  /** Whether Q holds the link's one local cell of §3.3.3 (ready queues). */
  boolean localInQ(int link) {
    return rec[(link << 3) + LOCALQ] != 0;
  }

  void setLocalInQ(int link, boolean local) {
    rec[(link << 3) + LOCALQ] = local ? 1 : 0;
  }

  private void linkQ(int link, int g, int c) {
    int b = link << 3;
    int t = rec[b + QT];
    if (t < 0) {
      rec[b + QH] = c;
    } else {
      pool[g][t << 2] = c;
    }
    rec[b + QT] = c;
  }

  /** Appends a cell to Q now (during the link's visit). */
  void appendQ(int link, int f, int seq, int tag) {
    int g = link >>> sh;
    linkQ(link, g, allocate(g, f, seq, tag));
  }

  /** Appends a cell to R now (during the link's visit). */
  void appendR(int link, int f, int seq, int tag) {
    int g = link >>> sh;
    int c = allocate(g, f, seq, tag);
    int b = link << 3;
    int t = rec[b + RT];
    if (t < 0) {
      rec[b + RH] = c;
    } else {
      pool[g][t << 2] = c;
    }
    rec[b + RT] = c;
    rec[b + RL]++;
  }

  /** Removes and frees the head cell of Q (non-empty; read it first with {@link #qHead}). */
  void popQ(int link) {
    int g = link >>> sh;
    int[] pc = pool[g];
    int b = link << 3;
    int c = rec[b + QH];
    int nx = pc[c << 2];
    rec[b + QH] = nx;
    if (nx < 0) {
      rec[b + QT] = -1;
    }
    pc[c << 2] = poolFree[g];
    poolFree[g] = c;
  }

  /** Moves R's head cell to the tail of Q; false if R is empty. */
  boolean moveRToQ(int link) {
    int b = link << 3;
    if (rec[b + RL] == 0) {
      return false;
    }
    int g = link >>> sh;
    int[] pc = pool[g];
    int rc = rec[b + RH];
    int rn = pc[rc << 2];
    rec[b + RH] = rn;
    if (rn < 0) {
      rec[b + RT] = -1;
    }
    rec[b + RL]--;
    pc[rc << 2] = -1;
    linkQ(link, g, rc);
    return true;
  }

  /** Posts a forwarded cell for the tail of Q. */
  void postAppend(int link, int f, int seq, int tag) {
    post(link, OP_APPEND, f, seq, tag);
  }

  /** Posts a resent cell (Appendix D) for the head of Q. */
  void postFront(int link, int f, int seq, int tag) {
    post(link, OP_FRONT, f, seq, tag);
  }

  /** Posts subflow sf for the waiting list, eligible from slot {@code eligible}. */
  void postWait(int link, int sf, long eligible) {
    post(link, OP_WAIT, sf, (int) (eligible >>> 32), (int) eligible);
  }

  private void post(int link, int op, int a, int b, int c) {
    int g = link >>> sh;
    int[] in = inbox[g];
    int r = inboxCount[g]++ << 2;
    if (r == in.length) {
      in = Arrays.copyOf(in, in.length * 2);
      inbox[g] = in;
    }
    in[r] = ((link & ((1 << sh) - 1)) << 2) | op;
    in[r + 1] = a;
    in[r + 2] = b;
    in[r + 3] = c;
  }

  /**
   * Applies, in posting order, what was posted for group {@code g} since its last flush. Call
   * before visiting any link of the group.
   */
  void flush(int g) {
    int m = inboxCount[g];
    if (m == 0) {
      return;
    }
    int[] in = inbox[g];
    for (int r = 0; r < m << 2; r += 4) {
      int link = (g << sh) | (in[r] >>> 2);
      int op = in[r] & 3;
      int c = allocate(g, in[r + 1], in[r + 2], in[r + 3]);
      if (op == OP_APPEND) {
        linkQ(link, g, c);
      } else if (op == OP_FRONT) {
        int b = link << 3;
        int h = rec[b + QH];
        pool[g][c << 2] = h;
        rec[b + QH] = c;
        if (h < 0) {
          rec[b + QT] = c;
        }
      } else {
        insertWait(link, g, c, ((long) in[r + 2] << 32) | (in[r + 3] & 0xffffffffL));
      }
    }
    inboxCount[g] = 0;
  }

  /**
   * Reads one int of every cache line of group g's link records and pool (sequential, so the
   * hardware streams them in) before its inbox is applied and its links visited. Changes nothing.
   */
  int touch(int g) {
    int s = 0;
    int from = (g << sh) << 3;
    int to = from + (n << 3);
    for (int b = from; b < to; b += 16) {
      s += rec[b];
    }
    int[] pc = pool[g];
    int used = poolUsed[g] << 2;
    for (int r = 0; r < used; r += 16) {
      s += pc[r];
    }
    return s;
  }

  /** Inserts entry c after every waiting entry with eligible slot ≤ el (stable sorted order). */
  private void insertWait(int link, int g, int c, long el) {
    int b = link << 3;
    int[] pc = pool[g];
    int t = rec[b + WT];
    if (t < 0) {
      rec[b + WH] = c;
      rec[b + WT] = c;
      return;
    }
    if (eligible(pc, t) <= el) {
      pc[t << 2] = c;
      rec[b + WT] = c;
      return;
    }
    int prev = -1;
    int cur = rec[b + WH];
    while (eligible(pc, cur) <= el) {
      prev = cur;
      cur = pc[cur << 2];
    }
    pc[c << 2] = cur;
    if (prev < 0) {
      rec[b + WH] = c;
    } else {
      pc[prev << 2] = c;
    }
  }

  private static long eligible(int[] pc, int r) {
    return ((long) pc[(r << 2) + 2] << 32) | (pc[(r << 2) + 3] & 0xffffffffL);
  }

  /** The first waiting entry of link, or -1. */
  int waitHead(int link) {
    return rec[(link << 3) + WH];
  }

  long waitEligible(int link, int r) {
    return eligible(pool[link >>> sh], r);
  }

  int waitSubflow(int link, int r) {
    return pool[link >>> sh][(r << 2) + 1];
  }

  /** The entry after r, or -1. */
  int waitNext(int link, int r) {
    return pool[link >>> sh][r << 2];
  }

  /** Removes and frees waiting entry r (its predecessor prev, -1 at the head). */
  void removeWait(int link, int r, int prev) {
    int g = link >>> sh;
    int[] pc = pool[g];
    int b = link << 3;
    int nx = pc[r << 2];
    if (prev < 0) {
      rec[b + WH] = nx;
    } else {
      pc[prev << 2] = nx;
    }
    if (nx < 0) {
      rec[b + WT] = prev;
    }
    pc[r << 2] = poolFree[g];
    poolFree[g] = r;
  }

  private int allocate(int g, int a, int b, int d) {
    int c = poolFree[g];
    int[] pc = pool[g];
    if (c >= 0) {
      poolFree[g] = pc[c << 2];
    } else {
      if (poolUsed[g] << 2 == pc.length) {
        pc = Arrays.copyOf(pc, pc.length * 2);
        pool[g] = pc;
      }
      c = poolUsed[g]++;
    }
    int r = c << 2;
    pc[r] = -1;
    pc[r + 1] = a;
    pc[r + 2] = b;
    pc[r + 3] = d;
    return c;
  }
}
