package org.fabriclab.shoal;

import java.util.Arrays;
import org.fabriclab.sim.slotted.NodeBitSet;

/**
 * The virtual links of a Shoal rack as {@link ShoalSimulator} sees them (seed 003 §3.3): the
 * per-destination FIFO queue Q_ij and ready queue R_ij of every node, the at-most-one-local-cell
 * rule of §3.3.3, the link's list of subflows waiting for release (Eq. 2, sorted by eligible slot),
 * the bit set of links with work per schedule column, and the queue maxima of Fig. 16.
 *
 * <p>Layout. The simulator is bound by memory latency, and N² virtual links (262,144 at N = 512)
 * do not fit in cache, so the state is split by who touches it when:
 * <ul>
 *   <li>a <em>hot word</em> per link (one {@code long}: len(Q), len(R), waiting subflows; 2 MB at
 *       N = 512) holds everything an event reads or updates at a random link — a forwarded cell's
 *       arrival, the feedback's sample of Eq. 1/6, a subflow starting to wait;</li>
 *   <li>the queue <em>structure</em> (heads, tails, the local-cell flag: a record of 8 ints per
 *       link, numbered column-major {@code link = ((j − i) mod N) << sh | i}) and its cell and
 *       waiting-entry records (4 ints each, in one pool per schedule shift and class) are touched
 *       only while the link's column is played: events append their structural change to the
 *       shift's <em>inbox</em>, which is applied, in event order, just before the column's visits.
 *       A slot thus sweeps a few contiguous kilobytes per column instead of chasing cold lines.</li>
 * </ul>
 * Deferral is exact: a link's queues are read (head cell, waiting entries) only in its own
 * column's visits, every structural change between two visits comes from events and is applied
 * in event order before the next visit, and all lengths, maxima, work bits and probe calls are
 * updated eagerly at the event, as before.
 *
 * <p>A link has work iff Q is non-empty or a subflow waits on it (any class of the pair). O(1) per
 * operation except the sorted waiting insertion (O(list), O(1) in eligible order); nothing is
 * allocated once the pools and inboxes have grown. Package-private.
 */
final class ShoalLinks {
  /** Record fields of a pool entry: next, then a cell (flow, sequence, tag) or a waiting entry. */
  static final int C_NEXT = 0;
  static final int C_FLOW = 1;
  static final int C_SEQ = 2;
  static final int C_TAG = 3;
  static final int LOCAL_CELL = 1 << 31;
  /** Tag bit of a local cell put back after corruption (Appendix D): its pop leaves R alone. */
  static final int RESENT = 1 << 30;
  static final int DST_MASK = RESENT - 1;
  /** Tag bits 26–27: the cell's traffic class (Appendix C); the destination sits below. */
  static final int CLASS_SHIFT = 26;
  static final int NODE_MASK = (1 << CLASS_SHIFT) - 1;

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
  /** Traffic classes (Appendix C) and the link-id stride between a link's class queues. */
  private final int classes;
  final int stride;
  /**
   * Hot word per link: len(Q) + len(R) in the low {@code wShift} bits, waiting subflows above. A
   * link with R cells always has its local cell in Q (§3.3.3), so the link has work iff its word
   * is non-zero; len(R) alone is kept in the structure record (only visits change R).
   */
  final int[] hot;
  private final int wShift;
  private final int aMask;
  private final int wOne;
  private final int[] rec;
  /** Per group (class · N + shift = link >>> sh): pool of 4-int records, free list, inbox. */
  private final int[][] pool;
  private final int[] poolFree;
  private final int[] poolUsed;
  private final int[][] inbox;
  private final int[] inboxCount;
  private int live;
  private final int[] nodeQueued;
  final NodeBitSet work;
  private final FabricSchedule sched;
  private final ShoalSimulator.QueueProbe probe;
  private int activeLinks;
  private int maxQueue;
  private int maxNodeQueue;

  ShoalLinks(int n, int sh, int classes, FabricSchedule sched, ShoalSimulator.QueueProbe probe) {
    this.n = n;
    this.sh = sh;
    this.classes = classes;
    this.stride = n << sh;
    int nn = Math.multiplyExact(classes, n << sh);
    this.hot = new int[nn];
    this.wShift = Integer.numberOfLeadingZeros(n); // 32 − the bits of n: room for up to n waiters
    this.aMask = (1 << wShift) - 1;
    this.wOne = 1 << wShift;
    this.rec = new int[nn << 3];
    for (int l = 0; l < nn; l++) {
      int b = l << 3;
      rec[b + QH] = -1;
      rec[b + QT] = -1;
      rec[b + RH] = -1;
      rec[b + RT] = -1;
      rec[b + WH] = -1;
      rec[b + WT] = -1;
    }
    int groups = classes * n;
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
    this.nodeQueued = new int[n];
    this.work = new NodeBitSet(sched.columns(), n);
    this.sched = sched;
    this.probe = probe;
  }

  /** The link id of (i, j), column-major. */
  int link(int i, int j) {
    int s = j - i;
    if (s < 0) {
      s += n;
    }
    return (s << sh) | i;
  }

  int qLength(int link) {
    return (hot[link] & aMask) - rec[(link << 3) + RL];
  }

  /**
   * Cells ahead of a cell released now into link: len(Q) + len(R), summed over its class and the
   * higher-priority classes of the same link (Appendix C; class 0 is the highest).
   */
  int ahead(int link) {
    int a = hot[link] & aMask;
    for (int l = link - stride; l >= 0; l -= stride) {
      a += hot[l] & aMask;
    }
    return a;
  }

  /** Whether no class queue of link's node pair has a cell or a waiting subflow. */
  private boolean pairIdle(int link) {
    if (classes == 1) {
      return hot[link] == 0;
    }
    for (int l = link % stride; l < hot.length; l += stride) {
      if (hot[l] != 0) {
        return false;
      }
    }
    return true;
  }

  /** One more cell in Q or R of link. */
  private void addAhead(int link, int i, int j) {
    if ((hot[link] & aMask) == aMask) {
      throw new IllegalStateException("queues of link " + i + "->" + j + " exceed " + aMask + " cells");
    }
    hot[link]++;
  }

  /** Call before link gains a cell or a waiting subflow: sets its work bit if it had none. */
  private void startWork(int link, int i, int j) {
    if (pairIdle(link)) {
      work.set(column(link, i), i);
      activeLinks++;
    }
  }

  /** Call after link lost a cell or a waiting subflow: clears its work bit if none is left. */
  private void endWork(int link, int i, int j) {
    if (pairIdle(link)) {
      work.clear(column(link, i), i);
      activeLinks--;
    }
  }

  private int column(int link, int i) {
    return sched.columnOfShift((classes == 1 ? link : link % stride) >>> sh, i);
  }

  /** The pool holding link's records (re-read after anything that allocates). */
  int[] poolOf(int link) {
    return pool[link >>> sh];
  }

  /** The head cell record of Q (non-empty), in {@link #poolOf}. */
  int qHead(int link) {
    return rec[(link << 3) + QH];
  }

  /**
   * Counts a cell joining Q_ij (eager part: lengths, maxima, work bit, probe); {@code fromR}: it
   * moved up from R_ij, so len(Q) + len(R) is unchanged.
   */
  private void countQ(int i, int j, int link, boolean local, boolean fromR, long slot) {
    if (!fromR) {
      startWork(link, i, j);
      addAhead(link, i, j);
    }
    int a = hot[link] & aMask;
    if (a > maxQueue || probe != null) {
      // len(Q) ≤ len(Q) + len(R): the structure record (cold at an arrival) is read only when
      // the queue may be a new maximum, or for the probe
      int r = rec[(link << 3) + RL];
      maxQueue = Math.max(maxQueue, a - r);
      if (probe != null) {
        probe.queued(i, j, a - r, r, local, slot);
      }
    }
    if (++nodeQueued[i] > maxNodeQueue) {
      maxNodeQueue = nodeQueued[i];
    }
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

  /**
   * A local cell released at i for intermediate j (during the link's visit): into R_ij if ready
   * queues hold one local cell in Q_ij already, else into Q_ij.
   */
  void releaseLocal(int i, int j, int link, int f, int seq, int dst, boolean readyQueues, long slot) {
    int g = link >>> sh;
    int b = link << 3;
    int c = allocate(g, f, seq, dst | LOCAL_CELL);
    live++;
    if (readyQueues && rec[b + LOCALQ] != 0) {
      int t = rec[b + RT];
      if (t < 0) {
        rec[b + RH] = c;
      } else {
        pool[g][t << 2] = c;
      }
      rec[b + RT] = c;
      rec[b + RL]++;
      addAhead(link, i, j);
    } else {
      linkQ(link, g, c);
      countQ(i, j, link, true, false, slot);
      rec[b + LOCALQ] = 1;
    }
  }

  /** A cell on its second hop joins Q_jk at its intermediate node (structure deferred). */
  void enqueueForward(int j, int k, int link, int f, int seq, int tag, long slot) {
    live++;
    countQ(j, k, link, false, false, slot);
    post(link, OP_APPEND, f, seq, tag);
  }

  /** A cell resent after corruption (Appendix D) goes to the head of Q_ij (structure deferred). */
  void pushFront(int i, int j, int link, int f, int seq, int tag, long slot) {
    live++;
    countQ(i, j, link, tag < 0, false, slot);
    post(link, OP_FRONT, f, seq, tag);
  }

  /** Subflow sf starts waiting on link (i → j) until slot {@code eligible} (Eq. 2; deferred). */
  void addWaiter(int link, int i, int j, int sf, long eligible) {
    startWork(link, i, j);
    if (hot[link] >>> wShift == (-1 >>> wShift)) {
      throw new IllegalStateException("too many subflows wait on link " + i + "->" + j);
    }
    hot[link] += wOne;
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
    for (int l = g << sh, end = l + n; l < end; l += 16) {
      s += hot[l];
    }
    int[] pc = pool[g];
    int used = poolUsed[g] << 2;
    for (int r = 0; r < used; r += 16) {
      s += pc[r];
    }
    return s;
  }

  /**
   * Applies, in event order, the structural changes posted for group {@code g} (class · N +
   * shift) since its last flush. Call before visiting any link of the group.
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

  /** The first waiting entry of link (in {@link #poolOf}), or -1. */
  int waitHead(int link) {
    return rec[(link << 3) + WH];
  }

  long waitEligible(int link, int r) {
    return eligible(pool[link >>> sh], r);
  }

  int waitSubflow(int link, int r) {
    return pool[link >>> sh][(r << 2) + 1];
  }

  int waitNext(int link, int r) {
    return pool[link >>> sh][r << 2];
  }

  /** Removes waiting entry r (its predecessor prev, -1 at the head) from link (i → j). */
  void removeWaiter(int link, int i, int j, int r, int prev) {
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
    hot[link] -= wOne;
    endWork(link, i, j);
  }

  /**
   * Removes the head cell of Q_ij (read it first with {@link #qHead}); a local head lets R_ij move
   * its next cell up.
   */
  void popHead(int i, int j, int link, boolean local, long slot) {
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
    live--;
    nodeQueued[i]--;
    if (local) {
      rec[b + LOCALQ] = 0;
    }
    hot[link]--;
    endWork(link, i, j);
    if (local && rec[b + RL] != 0) {
      int rc = rec[b + RH];
      int rn = pc[rc << 2];
      rec[b + RH] = rn;
      if (rn < 0) {
        rec[b + RT] = -1;
      }
      rec[b + RL]--;
      pc[rc << 2] = -1;
      linkQ(link, g, rc);
      countQ(i, j, link, true, true, slot);
      rec[b + LOCALQ] = 1;
    }
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
    pc[r + C_NEXT] = -1;
    pc[r + 1] = a;
    pc[r + 2] = b;
    pc[r + 3] = d;
    return c;
  }

  int liveCells() {
    return live;
  }

  int activeLinks() {
    return activeLinks;
  }

  int maxQueue() {
    return maxQueue;
  }

  int maxNodeQueue() {
    return maxNodeQueue;
  }
}
