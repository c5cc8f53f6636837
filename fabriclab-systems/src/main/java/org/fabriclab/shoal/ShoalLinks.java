package org.fabriclab.shoal;

import java.util.Arrays;
import org.fabriclab.sim.slotted.NodeBitSet;

/**
 * The virtual links of a Shoal rack as {@link ShoalSimulator} sees them (seed 003 §3.3): the
 * per-destination FIFO queue Q_ij and ready queue R_ij of every node, the at-most-one-local-cell
 * rule of §3.3.3, the head and tail of the link's list of subflows waiting for release (Eq. 2), the
 * bit set of links with work per schedule column, and the queue maxima of Fig. 16.
 *
 * <p>Layout (the simulator is bound by memory latency, so each step touches as few cache lines as
 * possible): one record of 8 ints per link — Q head, tail, length (with the local-cell flag in bit
 * 30), R head, tail, length, waiting-list head, tail — so a link costs one line; links are numbered
 * column-major, {@code link = ((j − i) mod N) << sh | i}, so the links of one schedule column are
 * contiguous. Q and R share one pool of cell records of 4 ints (next, flow, sequence, destination | local
 * bit 31; a cell moves from R to Q by relinking). A link has work iff Q is non-empty or a subflow
 * waits on it. Package-private; O(1) per operation, nothing allocated once the pool has grown.
 */
final class ShoalLinks {
  static final int QH = 0;
  static final int QT = 1;
  static final int QL = 2;
  static final int RH = 3;
  static final int RT = 4;
  static final int RL = 5;
  static final int WH = 6;
  static final int WT = 7;
  private static final int LOCAL = 1 << 30;
  private static final int LEN = LOCAL - 1;
  /** Cell record fields: next, flow, sequence, tag (destination | LOCAL_CELL). */
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
  /** Link records, 8 ints each at link << 3. */
  final int[] rec;
  /** Cell records, 4 ints each at cell << 2. */
  int[] cell;
  private int free = -1;
  private int used;
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
    this.cell = new int[4 << 12];
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
    return rec[(link << 3) + QL] & LEN;
  }

  int rLength(int link) {
    return rec[(link << 3) + RL];
  }

  /**
   * Cells ahead of a cell released now into link: len(Q) + len(R), summed over its class and the
   * higher-priority classes of the same link (Appendix C; class 0 is the highest).
   */
  int ahead(int link) {
    int b = link << 3;
    int a = (rec[b + QL] & LEN) + rec[b + RL];
    for (int l = link - stride; l >= 0; l -= stride) {
      int bb = l << 3;
      a += (rec[bb + QL] & LEN) + rec[bb + RL];
    }
    return a;
  }

  /** Whether no class queue of link's node pair has a cell or a waiting subflow. */
  private boolean pairIdle(int link) {
    if (classes == 1) {
      return true;
    }
    for (int l = link % stride; l < rec.length >>> 3; l += stride) {
      if ((rec[(l << 3) + QL] & LEN) != 0 || rec[(l << 3) + WH] >= 0) {
        return false;
      }
    }
    return true;
  }

  /** The head cell of Q (non-empty). */
  int qHead(int link) {
    return rec[(link << 3) + QH];
  }

  /**
   * A local cell released at i for intermediate j: into R_ij if ready queues hold one local cell in
   * Q_ij already, else into Q_ij.
   */
  void releaseLocal(int i, int j, int link, int f, int seq, int dst, boolean readyQueues, long slot) {
    int b = link << 3;
    int c = allocate(f, seq, dst | LOCAL_CELL);
    if (readyQueues && (rec[b + QL] & LOCAL) != 0) {
      int t = rec[b + RT];
      if (t < 0) {
        rec[b + RH] = c;
      } else {
        cell[(t << 2) + C_NEXT] = c;
      }
      rec[b + RT] = c;
      rec[b + RL]++;
    } else {
      append(i, j, link, b, c, true, slot);
      rec[b + QL] |= LOCAL;
    }
  }

  /** A cell on its second hop joins Q_jk at its intermediate node. */
  void enqueueForward(int j, int k, int link, int f, int seq, int tag, long slot) {
    append(j, k, link, link << 3, allocate(f, seq, tag), false, slot);
  }

  private void append(int i, int j, int link, int b, int c, boolean local, long slot) {
    int ql = rec[b + QL];
    int len = (ql & LEN) + 1;
    if (len == 1 && rec[b + WH] < 0 && pairIdle(link)) {
      work.set(sched.columnOf(i, j), i);
      activeLinks++;
    }
    int t = rec[b + QT];
    if (t < 0) {
      rec[b + QH] = c;
    } else {
      cell[(t << 2) + C_NEXT] = c;
    }
    rec[b + QT] = c;
    rec[b + QL] = ql + 1;
    if (len > maxQueue) {
      maxQueue = len;
    }
    if (++nodeQueued[i] > maxNodeQueue) {
      maxNodeQueue = nodeQueued[i];
    }
    if (probe != null) {
      probe.queued(i, j, len, rec[b + RL], local, slot);
    }
  }

  /**
   * Removes the head cell of Q_ij (read it first with {@link #qHead}); a local head lets R_ij move
   * its next cell up.
   */
  void popHead(int i, int j, int link, boolean local, long slot) {
    int b = link << 3;
    int c = rec[b + QH];
    int nx = cell[(c << 2) + C_NEXT];
    rec[b + QH] = nx;
    if (nx < 0) {
      rec[b + QT] = -1;
    }
    int ql = rec[b + QL] - 1;
    cell[(c << 2) + C_NEXT] = free;
    free = c;
    live--;
    nodeQueued[i]--;
    if (local) {
      ql &= LEN;
    }
    rec[b + QL] = ql;
    if ((ql & LEN) == 0 && rec[b + WH] < 0 && pairIdle(link)) {
      work.clear(sched.columnOf(i, j), i);
      activeLinks--;
    }
    if (local && rec[b + RL] != 0) {
      int rc = rec[b + RH];
      int rn = cell[(rc << 2) + C_NEXT];
      rec[b + RH] = rn;
      if (rn < 0) {
        rec[b + RT] = -1;
      }
      rec[b + RL]--;
      cell[(rc << 2) + C_NEXT] = -1;
      append(i, j, link, b, rc, true, slot);
      rec[b + QL] |= LOCAL;
    }
  }

  /** A cell resent after corruption (Appendix D) goes to the head of Q_ij. */
  void pushFront(int i, int j, int link, int f, int seq, int tag, long slot) {
    int b = link << 3;
    int c = allocate(f, seq, tag);
    int ql = rec[b + QL];
    int len = (ql & LEN) + 1;
    if (len == 1 && rec[b + WH] < 0 && pairIdle(link)) {
      work.set(sched.columnOf(i, j), i);
      activeLinks++;
    }
    int h = rec[b + QH];
    cell[(c << 2) + C_NEXT] = h;
    rec[b + QH] = c;
    if (h < 0) {
      rec[b + QT] = c;
    }
    rec[b + QL] = ql + 1;
    maxQueue = Math.max(maxQueue, len);
    maxNodeQueue = Math.max(maxNodeQueue, ++nodeQueued[i]);
    if (probe != null) {
      probe.queued(i, j, len, rec[b + RL], tag < 0, slot);
    }
  }

  /** Before a subflow joins link's waiting list: marks the link as having work if it had none. */
  void waitStarts(int link, int i, int j) {
    int b = link << 3;
    if ((rec[b + QL] & LEN) == 0 && rec[b + WH] < 0 && pairIdle(link)) {
      work.set(sched.columnOf(i, j), i);
      activeLinks++;
    }
  }

  /** After a subflow left link's waiting list: clears the work bit if nothing is left. */
  void waitEnded(int link, int i, int j) {
    int b = link << 3;
    if ((rec[b + QL] & LEN) == 0 && rec[b + WH] < 0 && pairIdle(link)) {
      work.clear(sched.columnOf(i, j), i);
      activeLinks--;
    }
  }

  private int allocate(int f, int seq, int tag) {
    int c;
    if (free >= 0) {
      c = free;
      free = cell[c << 2];
    } else {
      if (used << 2 == cell.length) {
        cell = Arrays.copyOf(cell, cell.length * 2);
      }
      c = used++;
    }
    live++;
    int a = c << 2;
    cell[a + C_NEXT] = -1;
    cell[a + C_FLOW] = f;
    cell[a + C_SEQ] = seq;
    cell[a + C_TAG] = tag;
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
