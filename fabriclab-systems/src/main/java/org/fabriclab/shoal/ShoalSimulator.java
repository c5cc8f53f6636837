package org.fabriclab.shoal;

import java.util.Arrays;
import org.fabriclab.progress.Progress;

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
 * <p>Structure: this class is the public face (construction, runs, probes, results);
 * {@link ShoalSlotLoop} runs the slot loop, the transmissions and the cell/feedback events;
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
  private final ShoalConfig cfg;
  private final ShoalFlows fl;
  private final ShoalSlotLoop loop;

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

  /** Observes every cell's release, transmissions and arrivals; call before running. */
  public ShoalSimulator cellProbe(CellProbe p) {
    loop.cellProbe = p;
    loop.sources.cellProbe(p);
    return this;
  }

  public ShoalSimulator(ShoalConfig cfg, ShoalFlows flows, boolean[] failedNodes, QueueProbe probe) {
    this(cfg, flows, ShoalFailures.nodes(cfg.nodes(), failedNodes), probe);
  }

  /** A rack with failed components (§3.5); flows must join live nodes that have a usable subflow. */
  public ShoalSimulator(ShoalConfig cfg, ShoalFlows flows, ShoalFailures failures, QueueProbe probe) {
    this.cfg = cfg;
    this.fl = flows;
    this.loop = new ShoalSlotLoop(cfg, flows, failures, probe);
  }

  /**
   * A rack of live nodes whose {@link ShoalFlows#triggered triggered} flows start when {@code
   * triggers} releases them: flows that start when others end and fixed-delay steps between them
   * (a collective's schedule); each flow's end is reported to {@code triggers}.
   */
  public ShoalSimulator(ShoalConfig cfg, ShoalFlows flows, org.fabriclab.sim.slotted.SlotTriggers triggers) {
    this.cfg = cfg;
    this.fl = flows;
    this.loop = new ShoalSlotLoop(cfg, flows, ShoalFailures.nodes(cfg.nodes(), new boolean[cfg.nodes()]), null,
        triggers);
  }

  /** Runs until every flow has finished or {@code maxCompleted} flows have, or the slot limit. */
  public void run(int maxCompleted, long maxSlots) {
    loop.run(maxCompleted, maxSlots);
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
      loop.run(maxCompleted, maxSlots);
      return;
    }
    progress.begin("shoal sim", Math.min(maxCompleted, fl.size()));
    int reported = loop.completed;
    try {
      while (loop.completed < maxCompleted && loop.slot < maxSlots) {
        long before = loop.slot;
        loop.run(maxCompleted, Math.min(maxSlots, loop.slot + chunkSlots));
        if (loop.completed > reported) {
          progress.advance(loop.completed - reported);
          reported = loop.completed;
        }
        if (loop.slot == before) {
          return; // every flow has finished
        }
      }
    } finally {
      progress.end();
    }
  }

  /** Runs until slot {@code untilSlot} (exclusive). */
  public void runUntil(long untilSlot) {
    loop.runUntil(untilSlot);
  }

  /**
   * Corrupts each cell transmission independently with probability {@code rate} (Appendix D,
   * decision: the CRC catches every corruption; the receiver's conservative resend of its own last
   * cell — a duplicate the destination drops by sequence number — is not simulated, it only costs
   * one slot; empty cells are not counted). Deterministic in {@code seed}. Call before running.
   */
  public ShoalSimulator corruptCells(double rate, long seed) {
    loop.corruption = new CellCorruption(rate, seed);
    return this;
  }

  /** Cell transmissions lost to corruption (and resent). */
  public long corruptedCells() {
    return loop.corruption.count();
  }

  public long slot() {
    return loop.slot;
  }

  public int completed() {
    return loop.completed;
  }

  /** Largest Q_ij seen, in cells (Fig. 16 "max queue size"). */
  public int maxQueueCells() {
    return loop.links.maxQueue();
  }

  /**
   * Largest total of cells in the Q queues of one node, Fig. 16 "max aggregate queue per node"
   * (R_jk holds flow ids, §3.3.3, not cells).
   */
  public int maxNodeQueueCells() {
    return loop.links.maxNodeQueue();
  }

  /** Payload bytes delivered to each node so far. */
  public long[] deliveredBytesTo() {
    return loop.deliveredBytesTo.clone();
  }

  /** Cells now in Q_ij. */
  public int queueLength(int i, int j) {
    return loop.links.qLength(loop.links.link(i, j));
  }

  /**
   * Tracks the destinations' reordering buffers from now on (Fig. 16); costs a hash-set operation
   * per out-of-order cell, so it is off unless asked for. Call before running.
   */
  public ShoalSimulator measureReordering() {
    loop.reorder = new ReorderTracker(fl.size());
    return this;
  }

  /** Largest reordering buffer of one flow in payload bytes, or -1 when not measured. */
  public long maxReorderBytes() {
    return loop.reorder == null ? -1 : (long) loop.reorder.maxWaitingCells() * cfg.payloadBytes();
  }

  /** Work counters: cells sent (non-empty slots), node visits, waiting-subflow checks. */
  public long[] workCounters() {
    return new long[] {loop.transmissions, loop.visits, loop.sources.waitChecks()};
  }

  public ShoalConfig config() {
    return cfg;
  }

  public ShoalFlows flows() {
    return fl;
  }

  /** Time of the start of the current slot in ps. */
  public long nowPs() {
    return loop.slot * cfg.slotPs();
  }

  @Override
  public String toString() {
    return "ShoalSimulator[slot=" + loop.slot + ", completed=" + loop.completed + ", queued=" + loop.links.liveCells() + ", work=" + Arrays.toString(workCounters())
        + ", " + Arrays.toString(new int[] {maxQueueCells(), maxNodeQueueCells()}) + "]";
  }
}
