package org.fabriclab.shoal;

import org.fabriclab.sim.slotted.CellQueues;
import org.fabriclab.sim.slotted.NodeBitSet;

/**
 * The virtual links of a Shoal rack as {@link ShoalSimulator} sees them (seed 003 §3.3): the
 * per-destination FIFO queues Q_ij and ready queues R_ij of every node (link (i, j) = i << sh | j),
 * the at-most-one-local-cell rule of §3.3.3, the bit set of links with work per schedule column,
 * and the queue maxima of Fig. 16. Package-private; O(1) per operation.
 */
final class ShoalLinks {
  final CellQueues q;
  final CellQueues r;
  private final byte[] localInQ;
  private final int[] nodeQueued;
  final NodeBitSet work;
  private final int[] workRefs;
  private final FabricSchedule sched;
  private final ShoalSimulator.QueueProbe probe;
  private int activeLinks;
  private int maxQueue;
  private int maxNodeQueue;

  ShoalLinks(int n, int sh, FabricSchedule sched, ShoalSimulator.QueueProbe probe) {
    int nn = n << sh;
    this.q = new CellQueues(nn, 1 << 12);
    this.r = new CellQueues(nn, 1 << 10);
    this.localInQ = new byte[nn];
    this.nodeQueued = new int[n];
    this.work = new NodeBitSet(sched.columns(), n);
    this.workRefs = new int[nn];
    this.sched = sched;
    this.probe = probe;
  }

  /** Cells ahead of a cell released now into link: len(Q) + len(R). */
  int ahead(int link) {
    return q.length(link) + r.length(link);
  }

  /** A local cell released at i for intermediate j: into R_ij if ready queues hold one in Q_ij already. */
  void releaseLocal(int i, int j, int link, int f, int seq, boolean readyQueues, long slot) {
    if (readyQueues && localInQ[link] != 0) {
      r.push(link, f, seq);
    } else {
      enqueue(i, j, link, f, seq, true, slot);
      localInQ[link] = 1;
    }
  }

  void enqueue(int i, int j, int link, int f, int seq, boolean local, long slot) {
    q.push(link, f, seq);
    ref(link, i, j);
    int len = q.length(link);
    if (len > maxQueue) {
      maxQueue = len;
    }
    if (++nodeQueued[i] > maxNodeQueue) {
      maxNodeQueue = nodeQueued[i];
    }
    if (probe != null) {
      probe.queued(i, j, len, r.length(link), local, slot);
    }
  }

  /** Removes the head of Q_ij (read it first); a local head lets R_ij move its next cell up. */
  void popHead(int i, int j, int link, boolean local, long slot) {
    q.pop(link);
    nodeQueued[i]--;
    unref(link, i, j);
    if (local) {
      localInQ[link] = 0;
      if (!r.isEmpty(link)) {
        int rf = r.headA(link);
        int rs = r.headB(link);
        r.pop(link);
        enqueue(i, j, link, rf, rs, true, slot);
        localInQ[link] = 1;
      }
    }
  }

  /** Counts a reason for link to be visited (a queued cell or a waiting subflow). */
  void ref(int link, int i, int j) {
    if (workRefs[link]++ == 0) {
      work.set(sched.columnOf(i, j), i);
      activeLinks++;
    }
  }

  void unref(int link, int i, int j) {
    if (--workRefs[link] == 0) {
      work.clear(sched.columnOf(i, j), i);
      activeLinks--;
    }
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
