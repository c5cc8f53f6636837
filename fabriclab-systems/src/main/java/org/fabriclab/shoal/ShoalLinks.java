package org.fabriclab.shoal;

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
 *   <li>a <em>hot word</em> per link (one {@code int}: len(Q) + len(R) and the number of waiting
 *       subflows; 1 MB at N = 512) holds everything an event reads or updates at a random link —
 *       a forwarded cell's arrival, the feedback's sample of Eq. 1/6, a subflow starting to wait;</li>
 *   <li>the queue <em>structure</em> ({@link ShoalLinkStore}: heads, tails, len(R), the local-cell
 *       flag, cell and waiting-entry records) is touched only while the link's column is played:
 *       events post their structural change to the column's inbox, applied in event order just
 *       before the column's visits. A slot thus sweeps a few contiguous kilobytes per column
 *       instead of chasing cold lines.</li>
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
  /** Cell record fields in {@link #poolOf}: next, flow, sequence, tag (destination | flags). */
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

  private final int n;
  private final int sh;
  /** Traffic classes (Appendix C) and the link-id stride between a link's class queues. */
  private final int classes;
  final int stride;
  /**
   * Hot word per link: len(Q) + len(R) in the low {@code wShift} bits, waiting subflows above. A
   * link with R cells always has its local cell in Q (§3.3.3), so the link has work iff its word
   * is non-zero.
   */
  private final int[] hot;
  private final int wShift;
  private final int aMask;
  private final int wOne;
  private final ShoalLinkStore store;
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
    this.store = new ShoalLinkStore(n, sh, nn, classes * n);
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
    return (hot[link] & aMask) - store.rLength(link);
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
  private void startWork(int link, int i) {
    if (pairIdle(link)) {
      work.set(column(link, i), i);
      activeLinks++;
    }
  }

  /** Call after link lost a cell or a waiting subflow: clears its work bit if none is left. */
  private void endWork(int link, int i) {
    if (pairIdle(link)) {
      work.clear(column(link, i), i);
      activeLinks--;
    }
  }

  private int column(int link, int i) {
    return sched.columnOfShift((classes == 1 ? link : link % stride) >>> sh, i);
  }

  /** The pool holding link's cell records (re-read after anything that allocates). */
  int[] poolOf(int link) {
    return store.poolOf(link);
  }

  /** The head cell record of Q (non-empty), in {@link #poolOf}. */
  int qHead(int link) {
    return store.qHead(link);
  }

  /**
   * Counts a cell joining Q_ij (eager part: lengths, maxima, work bit, probe); {@code fromR}: it
   * moved up from R_ij, so len(Q) + len(R) is unchanged.
   */
  private void countQ(int i, int j, int link, boolean local, boolean fromR, long slot) {
    if (!fromR) {
      startWork(link, i);
      addAhead(link, i, j);
    }
    int a = hot[link] & aMask;
    if (a > maxQueue || probe != null) {
      // len(Q) ≤ len(Q) + len(R): the structure record (cold at an arrival) is read only when
      // the queue may be a new maximum, or for the probe
      int r = store.rLength(link);
      maxQueue = Math.max(maxQueue, a - r);
      if (probe != null) {
        probe.queued(i, j, a - r, r, local, slot);
      }
    }
    if (++nodeQueued[i] > maxNodeQueue) {
      maxNodeQueue = nodeQueued[i];
    }
  }

  /**
   * A local cell released at i for intermediate j (during the link's visit): into R_ij if ready
   * queues hold one local cell in Q_ij already, else into Q_ij.
   */
  void releaseLocal(int i, int j, int link, int f, int seq, int dst, boolean readyQueues, long slot) {
    live++;
    if (readyQueues && store.localInQ(link)) {
      store.appendR(link, f, seq, dst | LOCAL_CELL);
      addAhead(link, i, j);
    } else {
      store.appendQ(link, f, seq, dst | LOCAL_CELL);
      countQ(i, j, link, true, false, slot);
      store.setLocalInQ(link, true);
    }
  }

  /** A cell on its second hop joins Q_jk at its intermediate node (structure deferred). */
  void enqueueForward(int j, int k, int link, int f, int seq, int tag, long slot) {
    live++;
    countQ(j, k, link, false, false, slot);
    store.postAppend(link, f, seq, tag);
  }

  /** A cell resent after corruption (Appendix D) goes to the head of Q_ij (structure deferred). */
  void pushFront(int i, int j, int link, int f, int seq, int tag, long slot) {
    live++;
    countQ(i, j, link, tag < 0, false, slot);
    store.postFront(link, f, seq, tag);
  }

  /** Subflow sf starts waiting on link (i → j) until slot {@code eligible} (Eq. 2; deferred). */
  void addWaiter(int link, int i, int j, int sf, long eligible) {
    startWork(link, i);
    if (hot[link] >>> wShift == (-1 >>> wShift)) {
      throw new IllegalStateException("too many subflows wait on link " + i + "->" + j);
    }
    hot[link] += wOne;
    store.postWait(link, sf, eligible);
  }

  /** Applies what events posted for group g (class · N + shift); call before its visits. */
  void flush(int g) {
    store.flush(g);
  }

  /**
   * Reads one int per cache line of group g's hot words, link records and pool (sequential) before
   * the column is played, so its visits find them in cache. Changes nothing.
   */
  int touch(int g) {
    int s = store.touch(g);
    for (int l = g << sh, end = l + n; l < end; l += 16) {
      s += hot[l];
    }
    return s;
  }

  /** The hot word of link (for read-only touch passes). */
  int hotWord(int link) {
    return hot[link];
  }

  /** The first waiting entry of link, or -1. */
  int waitHead(int link) {
    return store.waitHead(link);
  }

  long waitEligible(int link, int r) {
    return store.waitEligible(link, r);
  }

  int waitSubflow(int link, int r) {
    return store.waitSubflow(link, r);
  }

  int waitNext(int link, int r) {
    return store.waitNext(link, r);
  }

  /** Removes waiting entry r (its predecessor prev, -1 at the head) from link (i → j). */
  void removeWaiter(int link, int i, int j, int r, int prev) {
    store.removeWait(link, r, prev);
    hot[link] -= wOne;
    endWork(link, i);
  }

  /**
   * Removes the head cell of Q_ij (read it first with {@link #qHead}); a local head lets R_ij move
   * its next cell up.
   */
  void popHead(int i, int j, int link, boolean local, long slot) {
    store.popQ(link);
    live--;
    nodeQueued[i]--;
    if (local) {
      store.setLocalInQ(link, false);
    }
    hot[link]--;
    endWork(link, i);
    if (local && store.moveRToQ(link)) {
      countQ(i, j, link, true, true, slot);
      store.setLocalInQ(link, true);
    }
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
