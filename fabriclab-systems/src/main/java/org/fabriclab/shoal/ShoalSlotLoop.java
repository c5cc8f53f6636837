package org.fabriclab.shoal;

import org.fabriclab.sim.slotted.NodeBitSet;
import org.fabriclab.sim.slotted.SlotEventWheel;
import org.fabriclab.sim.slotted.SlotTriggers;

/**
 * The slot machinery behind {@link ShoalSimulator} (seed 003 §3.3): the state of one run and the
 * slot loop — admissions, the slot's events (a cell's arrival, the rate-limit feedback's send and
 * reception, a resent cell), then the schedule columns of every channel, visiting only the nodes
 * whose virtual link of that column has work. The model and its decisions are documented on
 * {@link ShoalSimulator}; this class holds everything a slot touches, so the hot path lives in one
 * place (its complexity per slot is stated there). Package-private; the simulator is its only
 * user.
 *
 * <p>Flows start at their start time, or — {@link ShoalFlows#triggered triggered} flows — when
 * {@link SlotTriggers} releases them: in the first slot at or after the end of their last
 * dependency, after that slot's events (a flow whose trigger ended in the slot's arrivals starts
 * in it), before its columns. A flow's end is reported to the triggers as it happens.
 */
final class ShoalSlotLoop {
  private static final int ARRIVE = 0;
  private static final int FB_SEND = 1;
  private static final int FB_RECV = 2;
  /** Appendix D: a corrupted cell goes back to the head of its queue once the sender knows. */
  private static final int RETX = 3;
  /** Event kind: type in bits 0-1, first-hop flag in bit 2 (ARRIVE), the cell's destination above. */
  private static final int FIRST_HOP = 4;

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
  final ShoalLinks links;
  /** Traffic classes (Appendix C) and the link-id distance between a pair's class queues. */
  private final int classes;
  private final int stride;
  private final NodeBitSet work;
  private final NodeBitSet fresh;
  private final SlotEventWheel wheel;
  private final ShoalPairs pairs;
  final ShoalSources sources;
  final long[] deliveredBytesTo;

  long slot;
  /** Sink of the column passes' reads ({@link ShoalLinks#touch}), so the JIT keeps them. */
  private int touched;
  /** slot mod E and (slot − hop) mod E for the slot being played. */
  private int epochPos;
  private int epochPosHop;
  private int nextFlow;
  /** Starts of triggered flows (null: flows start at their start time). */
  private final SlotTriggers triggers;
  int completed;
  long transmissions;
  long visits;
  ReorderTracker reorder;
  CellCorruption corruption = new CellCorruption(0, 0);

  /** Optional observer of every cell's life (null: off). */
  ShoalSimulator.CellProbe cellProbe;

  ShoalSlotLoop(ShoalConfig cfg, ShoalFlows flows, ShoalFailures failures, ShoalSimulator.QueueProbe probe) {
    this(cfg, flows, failures, probe, null);
  }

  ShoalSlotLoop(ShoalConfig cfg, ShoalFlows flows, ShoalFailures failures, ShoalSimulator.QueueProbe probe,
      SlotTriggers triggers) {
    if (flows.triggered != (triggers != null) || (triggers != null && triggers.flows() != flows.size())) {
      throw new IllegalArgumentException("triggered flows need triggers over the same flows, and only they");
    }
    this.triggers = triggers;
    this.nextFlow = triggers == null ? 0 : flows.size();
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
  void run(int maxCompleted, long maxSlots) {
    while (completed < maxCompleted && slot < maxSlots) {
      if (links.activeLinks() == 0 && wheel.pending() == 0 && pairs.freshCount() == 0) {
        long s = nextFlow < fl.size() ? startSlot(nextFlow) : triggers == null ? Long.MAX_VALUE : triggers.nextSlot();
        if (s == Long.MAX_VALUE) {
          return;
        }
        if (s > slot) {
          wheel.skipTo(s - 1);
          slot = s;
        }
      }
      step();
    }
  }

  /** Runs until slot {@code untilSlot} (exclusive). */
  void runUntil(long untilSlot) {
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
    if (triggers != null) {
      while (triggers.nextSlot() <= slot) {
        int f = triggers.poll();
        fl.startPs[f] = triggers.readyPs(f);
        sources.admit(f, slot);
      }
    }
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
        if (triggers != null) {
          triggers.flowEnded(f, fl.endPs[f]);
        }
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
}
