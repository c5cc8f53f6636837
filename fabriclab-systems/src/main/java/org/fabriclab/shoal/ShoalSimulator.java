package org.fabriclab.shoal;

import java.util.Arrays;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.slotted.NodeBitSet;
import org.fabriclab.sim.slotted.SlotEventWheel;

/**
 * Shoal's node stack on the slot-synchronous engine (seed 003 §3.3). Per slot, every channel plays
 * one schedule column; only nodes whose virtual link of that column has work are visited
 * (queued cells, subflows waiting for release, or new flows), empty cells stay implicit.
 *
 * <p>Forwarding (§3.3.1): a flow (all traffic of an ordered node pair) has N−1 subflows, one per
 * intermediate node j (j = destination is the direct path). A local cell of subflow i→j→k is put in
 * Q_ij, sent when the schedule connects i to j, then put in Q_jk at j and sent to k: at most one
 * detour. Application flows of one pair are segmented in order into cells of
 * {@code cellBytes − 8} payload bytes (Fig. 5 header); a flow ends when its last cell reaches the
 * destination (reassembly is by count; cells may arrive out of order).
 *
 * <p>Congestion control (§3.3.2): after node i sent a cell of subflow (i, j, k) to j, j answers in
 * its first slot to i from the one in which the cell has arrived (the slot from which j could also
 * forward it) with the rate-limit feedback len(Q_jk) (Eq. 1), or len(Q_jk) + len(R_jk) − 1
 * with ready queues (Eq. 6), 0 when j = k. Decision: in Eq. 6 R_jk lists every local flow that is
 * ready, including the one whose cell sits in Q_jk, hence the −1; our R_jk holds only the cells not
 * yet in Q_jk, so the same value is len(Q_jk) + len(R_jk) (the literal reading lets a subflow hold two
 * cells in Q_jk and breaks Eq. 5, which the tests assert). Eq. 2 lets the next cell go once "both
 * the queues have had time to drain": the fb cells that were ahead in Q_jk when j sampled it (slot
 * T_s) have left once j has had fb slots to k (every node knows the static schedule).
 * Decision: the time to drain is counted in j's slots to k, not in E-slot epochs — with X the
 * slot of j's fb-th slot to k at or after T_s, the subflow is eligible at max(T, X − hop + 1)
 * (T = slot the feedback arrives; fb = 0: at T), and a cell is released at i's slot t to j when
 * t + L·E ≥ eligible, so it reaches j after its predecessor has left. Reading t − T in whole epochs
 * instead would make a lone subflow whose own cell is still in Q_jk at T_s wait a second epoch (a
 * single flow at 75% of its rate, contrary to §6.2: the feedback costs throughput only when the
 * cell latency exceeds an epoch); both readings keep Eq. 3 and Eq. 5. L is the number of
 * cells ahead of a released cell at i, len(Q_ij) (+ len(R_ij) with ready queues); it leaves i at
 * t + L·E at the earliest. Releases are evaluated at i's slot to j, before it
 * transmits (a released cell takes its FIFO place at once). With ready queues (§3.3.3) released
 * cells wait in R_ij and Q_ij holds at most one local cell (Eq. 4–5). Selective release: a flow of
 * age a epochs adds a cell to Q_ij only if L ≤ 2^a. Traffic classes (Appendix C, {@link
 * ShoalFlows#trafficClass}): a flow is a node pair and a class; every virtual link has one Q and R
 * per class, a slot sends the head of the highest-priority non-empty Q, and L and the feedback of
 * a class count the cells of that class and the higher ones. Decision: queues are unbounded, so
 * the lower classes' tail drops (and their last-cell-dropped notice) do not arise; backpressure
 * still bounds them. Failures (§3.5, {@link ShoalFailures}): the
 * slots of dead pairs (failed nodes, or paths across a failed link or switch) are wasted, and only
 * subflows whose two virtual links live are used.
 *
 * <p>Structure: this class runs the slot loop, the transmissions and the cell/feedback events;
 * {@link ShoalSources} holds the source side (admission, Eq. 2 release, selective release,
 * feedback reception), {@link ShoalLinks} the virtual links' queues (with the deferred layout that
 * keeps a slot's memory traffic column-local), {@link ShoalPairs} the pair/subflow state.
 *
 * <p>Complexity per slot: O(C·N/64) words plus O(1) per cell sent, event and waiting subflow
 * checked, plus one sequential pass over each played column's link records (C·N records) and one
 * read-only pass over the slot's events.
 * Memory O(N²) for the links (36 B each) and O(active pairs · N/8) bytes for busy subflows. No
 * allocation in the steady state (pools and inboxes grow by doubling).
 */
public final class ShoalSimulator {
  private static final int ARRIVE = 0;
  private static final int FB_SEND = 1;
  private static final int FB_RECV = 2;
  /** Appendix D: a corrupted cell goes back to the head of its queue once the sender knows. */
  private static final int RETX = 3;
  /** Event kind: type in bits 0-1, first-hop flag in bit 2 (ARRIVE), the cell's destination above. */
  private static final int FIRST_HOP = 4;

  private final ShoalConfig cfg;
  private final FabricSchedule sched;
  private final ShoalFlows fl;
  private final int[] fs;
  private final int n;
  /** index stride: link (i, j) = ((j − i) mod N) << sh | i, subflow (p, j) = p << sh | j. */
  private final int sh;
  private final int lowMask;
  private final int e;
  private final int hop;
  private final long slotPs;
  private final long propPs;
  private final int payload;
  private final boolean backpressure;
  private final ShoalFailures fails;
  private final boolean anyDead;
  private final ShoalLinks links;
  /** Traffic classes (Appendix C) and the link-id distance between a pair's class queues. */
  private final int classes;
  private final int stride;
  private final NodeBitSet work;
  private final NodeBitSet fresh;
  private final SlotEventWheel wheel;
  private final ShoalPairs pairs;
  private final ShoalSources sources;
  private final long[] deliveredBytesTo;

  private long slot;
  /** Sink of the column passes' reads ({@link ShoalLinks#touch}), so the JIT keeps them. */
  private int touched;
  /** slot mod E and (slot − hop) mod E for the slot being played. */
  private int epochPos;
  private int epochPosHop;
  private int nextFlow;
  private int completed;
  private long transmissions;
  private long visits;
  private ReorderTracker reorder;
  private CellCorruption corruption = new CellCorruption(0, 0);

  /** Optional observer of queue lengths (tests assert Eq. 3 / Eq. 5 through it). */
  public interface QueueProbe {
    /** Called after a cell joins Q_ij; {@code local} when i is the cell's source. */
    void queued(int i, int j, int qLen, int rLen, boolean local, long slot);
  }

  /**
   * Optional observer of every cell's life, for diagnostics ({@link ShoalFctBreakdown}): slots in
   * which a cell is released into Q_ij/R_ij at its source, sent over a virtual link, and usable at
   * the node it reached (the arrival slot: its receiver can forward it from then on; at the
   * destination the flow's end is computed from it); {@code inQ} / {@code inR} = cells in Q_ij /
   * R_ij when it was released (of its class; with traffic classes, inR also counts the higher
   * classes' Q and R). Null (the default) costs one test per call.
   */
  public interface CellProbe {
    void released(int f, int seq, int i, int j, int inQ, int inR, long slot);

    void sent(int f, int seq, int from, int to, boolean firstHop, long slot);

    void arrived(int f, int seq, int at, long slot);
  }

  private CellProbe cellProbe;

  /** Observes every cell's release, transmissions and arrivals; call before running. */
  public ShoalSimulator cellProbe(CellProbe p) {
    this.cellProbe = p;
    sources.cellProbe(p);
    return this;
  }

  public ShoalSimulator(ShoalConfig cfg, ShoalFlows flows, boolean[] failedNodes, QueueProbe probe) {
    this(cfg, flows, ShoalFailures.nodes(cfg.nodes(), failedNodes), probe);
  }

  /** A rack with failed components (§3.5); flows must join live nodes that have a usable subflow. */
  public ShoalSimulator(ShoalConfig cfg, ShoalFlows flows, ShoalFailures failures, QueueProbe probe) {
    this.cfg = cfg;
    this.sched = cfg.schedule();
    this.fl = flows;
    this.fs = flows.state;
    this.n = cfg.nodes();
    this.sh = 32 - Integer.numberOfLeadingZeros(n - 1);
    if (2 * sh > 30) {
      throw new IllegalArgumentException("at most 32768 nodes");
    }
    this.lowMask = (1 << sh) - 1;
    this.e = sched.epochSlots();
    this.hop = cfg.hopSlots();
    this.slotPs = cfg.slotPs();
    this.propPs = cfg.propagationPs();
    this.payload = cfg.payloadBytes();
    this.backpressure = cfg.backpressure();
    if (failures.nodes() != n) {
      throw new IllegalArgumentException("failures are for " + failures.nodes() + " nodes");
    }
    this.fails = failures;
    this.anyDead = failures.anyDead();
    this.classes = flows.classes();
    this.links = new ShoalLinks(n, sh, classes, sched, probe);
    this.stride = links.stride;
    this.work = links.work;
    this.fresh = new NodeBitSet(1, n);
    this.wheel = new SlotEventWheel(e + 2 * hop + 4, 1 << 12);
    this.pairs = new ShoalPairs(n, classes, anyDead ? failures : null);
    this.sources = new ShoalSources(cfg, flows, links, pairs, fresh, failures, sh);
    this.deliveredBytesTo = new long[n];
    for (int f = 0; f < flows.size(); f++) {
      fs[(f << 2) + ShoalFlows.CELLS] = (int) Math.min(Integer.MAX_VALUE, (flows.bytes[f] + payload - 1) / payload);
      if (anyDead && (failures.failed(flows.src[f]) || failures.failed(flows.dst[f]))) {
        throw new IllegalArgumentException("flow " + f + " touches a failed node");
      }
      if (anyDead && pairs.usableOfNew(flows.src[f], flows.dst[f]) == 0) {
        throw new IllegalArgumentException("flow " + f + " (" + flows.src[f] + " -> " + flows.dst[f]
            + ") has no live path left");
      }
    }
  }

  /** Runs until every flow has finished or {@code maxCompleted} flows have, or the slot limit. */
  public void run(int maxCompleted, long maxSlots) {
    while (completed < maxCompleted && slot < maxSlots) {
      if (links.activeLinks() == 0 && wheel.pending() == 0 && pairs.freshCount() == 0) {
        if (nextFlow >= fl.size()) {
          return;
        }
        long s = startSlot(nextFlow);
        if (s > slot) {
          wheel.skipTo(s - 1);
          slot = s;
        }
      }
      step();
    }
  }

  /** Slots per progress report of {@link #run(int, long, Progress)}. */
  static final long PROGRESS_SLOTS = 1 << 14;

  /**
   * As {@link #run(int, long)}, reporting completed flows to {@code progress} (a task of
   * min(maxCompleted, flows) units) every {@link #PROGRESS_SLOTS} slots. The same steps in the same
   * order as one call: {@link #run(int, long)} only stops between steps.
   */
  public void run(int maxCompleted, long maxSlots, Progress progress) {
    run(maxCompleted, maxSlots, progress, PROGRESS_SLOTS);
  }

  /** As {@link #run(int, long, Progress)}, reporting every {@code chunkSlots} slots. */
  void run(int maxCompleted, long maxSlots, Progress progress, long chunkSlots) {
    if (progress == Progress.NONE) {
      run(maxCompleted, maxSlots);
      return;
    }
    progress.begin("shoal sim", Math.min(maxCompleted, fl.size()));
    int reported = completed;
    try {
      while (completed < maxCompleted && slot < maxSlots) {
        long before = slot;
        run(maxCompleted, Math.min(maxSlots, slot + chunkSlots));
        if (completed > reported) {
          progress.advance(completed - reported);
          reported = completed;
        }
        if (slot == before) {
          return; // every flow has finished
        }
      }
    } finally {
      progress.end();
    }
  }

  /** Runs until slot {@code untilSlot} (exclusive). */
  public void runUntil(long untilSlot) {
    while (slot < untilSlot) {
      step();
    }
  }

  private long startSlot(int f) {
    return (fl.startPs[f] + slotPs - 1) / slotPs;
  }

  private final SlotEventWheel.Handler handler = this::event;

  private void step() {
    while (nextFlow < fl.size() && startSlot(nextFlow) <= slot) {
      sources.admit(nextFlow++, slot);
    }
    epochPos = (int) (slot % e);
    epochPosHop = (int) Math.floorMod(slot - hop, (long) e);
    touched += touchEvents();
    wheel.drain(slot, handler);
    int t = epochPos;
    int words = work.wordsPerRow();
    for (int c = 0; c < sched.channels(); c++) {
      int col = c * e + t;
      int s = sched.shiftOf(col);
      if (s == 0) {
        continue;
      }
      int linkBase = s << sh;
      for (int cl = 0; cl < classes; cl++) {
        touched += links.touch(cl * n + s);
        links.flush(cl * n + s);
      }
      for (int w = 0; w < words; w++) {
        long bits = work.word(col, w) | fresh.word(0, w);
        while (bits != 0) {
          int i = (w << 6) + Long.numberOfTrailingZeros(bits);
          bits &= bits - 1;
          if (sched.sends(col, i)) {
            int j = i + s;
            visit(i, j >= n ? j - n : j, linkBase | i);
          }
        }
      }
    }
    slot++;
  }

  /**
   * Read-only pass over the slot's events before they are handled: loads the hot word of the link
   * a forwarded cell joins or a feedback samples, and the flow record of an arriving cell, so the
   * misses overlap instead of stalling the events one after another. Changes nothing.
   */
  private int touchEvents() {
    int m = wheel.countAt(slot);
    int[] a = wheel.bucketAt(slot);
    int s = 0;
    for (int r = 0, end = m << 2; r < end; r += 4) {
      int kind = a[r];
      int type = kind & 3;
      int kc = kind >>> 3;
      int k = kc & ShoalLinks.NODE_MASK;
      int at;
      if (type == ARRIVE) {
        at = a[r + 3] & lowMask;
        s += fs[a[r + 1] << 2];
      } else if (type == FB_SEND) {
        at = a[r + 1] & lowMask;
      } else {
        continue;
      }
      if (at != k) {
        s += links.hotWord(links.link(at, k) + (kc >>> ShoalLinks.CLASS_SHIFT) * stride);
      }
    }
    return s;
  }

  /** Node i's slot to node j: releases, then one transmission. */
  private void visit(int i, int j, int link) {
    visits++;
    if (anyDead && fails.dead(i, j)) {
      return;
    }
    if (backpressure) {
      for (int c = 0; c < classes; c++) {
        sources.releaseWaiting(i, j, link + c * stride, slot);
      }
    }
    if (pairs.freshHead[i] >= 0) {
      sources.releaseFresh(i, j, link, slot);
    }
    for (int c = 0; c < classes; c++) {
      // strict priority among the class queues (Appendix C)
      if (links.qLength(link + c * stride) != 0) {
        transmit(i, j, link + c * stride);
        break;
      }
    }
  }

  private void transmit(int i, int j, int link) {
    transmissions++;
    int c = links.qHead(link) << 2;
    int[] cell = links.poolOf(link);
    int f = cell[c + ShoalLinks.C_FLOW];
    int seq = cell[c + ShoalLinks.C_SEQ];
    int tag = cell[c + ShoalLinks.C_TAG];
    boolean firstHop = tag < 0;
    links.popHead(i, j, link, firstHop && (tag & ShoalLinks.RESENT) == 0, slot);
    if (cellProbe != null) {
      cellProbe.sent(f, seq, i, j, firstHop, slot);
    }
    int kind = (firstHop ? ARRIVE | FIRST_HOP : ARRIVE) | ((tag & ShoalLinks.DST_MASK) << 3);
    if (corruption.active() && corruption.hits(slot, i, j)) {
      // Appendix D: j discards the cell and sets last-cell-dropped in its next cell to i; i resends
      long known = sched.nextSlot(j, i, slot + hop) + hop;
      wheel.schedule(known, (kind & ~3) | RETX, f, seq, (i << sh) | j);
      return;
    }
    wheel.schedule(slot + hop, kind, f, seq, (i << sh) | j);
  }

  /**
   * Corrupts each cell transmission independently with probability {@code rate} (Appendix D,
   * decision: the CRC catches every corruption; the receiver's conservative resend of its own last
   * cell — a duplicate the destination drops by sequence number — is not simulated, it only costs
   * one slot; empty cells are not counted). Deterministic in {@code seed}. Call before running.
   */
  public ShoalSimulator corruptCells(double rate, long seed) {
    this.corruption = new CellCorruption(rate, seed);
    return this;
  }

  /** Cell transmissions lost to corruption (and resent). */
  public long corruptedCells() {
    return corruption.count();
  }

  private void event(int kind, int x, int y, int z) {
    int type = kind & 3;
    if (type == ARRIVE) {
      arrive(x, y, z >>> sh, z & lowMask, kind);
    } else if (type == FB_SEND) {
      sendFeedback(x, kind >>> 3);
    } else if (type == FB_RECV) {
      sources.feedback(x, y, slot, epochPosHop);
    } else {
      int i = z >>> sh;
      int j = z & lowMask;
      int kc = kind >>> 3;
      boolean firstHop = (kind & FIRST_HOP) != 0;
      links.pushFront(i, j, links.link(i, j) + (kc >>> ShoalLinks.CLASS_SHIFT) * stride, x, y,
          kc | (firstHop ? ShoalLinks.LOCAL_CELL | ShoalLinks.RESENT : 0), slot);
    }
  }

  private void arrive(int f, int seq, int from, int at, int kind) {
    int kc = kind >>> 3;
    int k = kc & ShoalLinks.NODE_MASK;
    if (cellProbe != null) {
      cellProbe.arrived(f, seq, at, slot);
    }
    if (at == k) {
      int fb = f << 2;
      int cells = fs[fb + ShoalFlows.CELLS];
      deliveredBytesTo[at] += seq == cells - 1 ? Math.min(payload, fl.bytes[f] - (long) seq * payload) : payload;
      if (reorder != null) {
        reorder.arrived(f, seq);
      }
      if (++fs[fb + ShoalFlows.DELIVERED] == cells) {
        fl.endPs[f] = (slot - hop + 1) * slotPs + propPs;
        completed++;
      }
    } else {
      links.enqueueForward(at, k, links.link(at, k) + (kc >>> ShoalLinks.CLASS_SHIFT) * stride, f, seq, kc,
          slot);
    }
    if ((kind & FIRST_HOP) != 0 && backpressure) {
      long fbSlot = sched.nextSlot(at, from, slot, epochPos);
      int sf = (fs[(f << 2) + ShoalFlows.PAIR] << sh) | at;
      if (fbSlot == slot) {
        sendFeedback(sf, kc);
      } else {
        wheel.schedule(fbSlot, FB_SEND | (kc << 3), sf, 0, 0);
      }
    }
  }

  /**
   * Node j = sf's intermediate, in its slot to the source: the rate-limit feedback (Eq. 1 / Eq. 6;
   * Appendix C: summed over the cell's class and the higher ones). {@code kc}: destination | class.
   */
  private void sendFeedback(int sf, int kc) {
    int j = sf & lowMask;
    int k = kc & ShoalLinks.NODE_MASK;
    int fb = j == k ? 0 : links.ahead(links.link(j, k) + (kc >>> ShoalLinks.CLASS_SHIFT) * stride);
    wheel.schedule(slot + hop, FB_RECV, sf, fb, 0);
  }

  public long slot() {
    return slot;
  }

  public int completed() {
    return completed;
  }

  /** Largest Q_ij seen, in cells (Fig. 16 "max queue size"). */
  public int maxQueueCells() {
    return links.maxQueue();
  }

  /**
   * Largest total of cells in the Q queues of one node, Fig. 16 "max aggregate queue per node"
   * (R_jk holds flow ids, §3.3.3, not cells).
   */
  public int maxNodeQueueCells() {
    return links.maxNodeQueue();
  }

  /** Payload bytes delivered to each node so far. */
  public long[] deliveredBytesTo() {
    return deliveredBytesTo.clone();
  }

  /** Cells now in Q_ij. */
  public int queueLength(int i, int j) {
    return links.qLength(links.link(i, j));
  }

  /**
   * Tracks the destinations' reordering buffers from now on (Fig. 16); costs a hash-set operation
   * per out-of-order cell, so it is off unless asked for. Call before running.
   */
  public ShoalSimulator measureReordering() {
    reorder = new ReorderTracker(fl.size());
    return this;
  }

  /** Largest reordering buffer of one flow in payload bytes, or -1 when not measured. */
  public long maxReorderBytes() {
    return reorder == null ? -1 : (long) reorder.maxWaitingCells() * cfg.payloadBytes();
  }

  /** Work counters: cells sent (non-empty slots), node visits, waiting-subflow checks. */
  public long[] workCounters() {
    return new long[] {transmissions, visits, sources.waitChecks()};
  }

  public ShoalConfig config() {
    return cfg;
  }

  public ShoalFlows flows() {
    return fl;
  }

  /** Time of the start of the current slot in ps. */
  public long nowPs() {
    return slot * slotPs;
  }

  @Override
  public String toString() {
    return "ShoalSimulator[slot=" + slot + ", completed=" + completed + ", queued=" + links.liveCells() + ", work=" + Arrays.toString(workCounters())
        + ", " + Arrays.toString(new int[] {maxQueueCells(), maxNodeQueueCells()}) + "]";
  }
}
