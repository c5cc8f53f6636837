package org.fabriclab.shoal;

import org.fabriclab.sim.slotted.NodeBitSet;

/**
 * The source side of Shoal's node stack (seed 003 §3.3.2–3.3.3) for {@link ShoalSimulator}:
 * admission of application flows into their node pair's flow, the release of a pair's next cell
 * into Q_ij (or R_ij) at node i's slot to intermediate j — from the link's list of subflows whose
 * rate-limit feedback made them eligible (Eq. 2), or for a fresh flow on a subflow not yet in use —
 * the 2^age selective release of new flows, and the reception of the feedback (Eq. 1/6) that puts
 * a subflow on its link's waiting list. The decisions are documented on {@link ShoalSimulator}.
 *
 * <p>Release at i's slot t to j: a waiting subflow is released when t + L·E ≥ its eligible slot (L =
 * cells ahead of the released cell at i), a fresh pair on any subflow it does not use yet
 * (backpressure on) or always (off); with selective release a pair of age a epochs releases only if
 * L ≤ 2^a. O(1) per released cell and per waiting entry checked. Package-private.
 */
final class ShoalSources {
  private final ShoalFlows fl;
  private final int[] fs;
  private final ShoalLinks links;
  private final ShoalPairs pairs;
  private final NodeBitSet fresh;
  private final FabricSchedule sched;
  private final ShoalFailures fails;
  private final boolean anyDead;
  private final int usable;
  private final boolean backpressure;
  private final boolean readyQueues;
  private final boolean selective;
  private final int sh;
  private final int lowMask;
  private final int e;
  private final int hop;
  private final int stride;
  private long waitChecks;
  private ShoalSimulator.CellProbe probe;

  ShoalSources(ShoalConfig cfg, ShoalFlows fl, ShoalLinks links, ShoalPairs pairs, NodeBitSet fresh,
      ShoalFailures fails, int sh) {
    this.fl = fl;
    this.fs = fl.state;
    this.links = links;
    this.pairs = pairs;
    this.fresh = fresh;
    this.sched = cfg.schedule();
    this.fails = fails;
    this.anyDead = fails.anyDead();
    this.usable = cfg.nodes() - 1;
    this.backpressure = cfg.backpressure();
    this.readyQueues = cfg.readyQueues();
    this.selective = cfg.selectiveRelease();
    this.sh = sh;
    this.lowMask = (1 << sh) - 1;
    this.e = sched.epochSlots();
    this.hop = cfg.hopSlots();
    this.stride = links.stride;
  }

  void cellProbe(ShoalSimulator.CellProbe p) {
    this.probe = p;
  }

  /** Waiting entries checked so far (a work counter). */
  long waitChecks() {
    return waitChecks;
  }

  /** Flow f starts at slot: it joins its pair's flow (in order); an idle pair becomes fresh. */
  void admit(int f, long slot) {
    int i = fl.src[f];
    int k = fl.dst[f];
    int c = fl.cls[f];
    int p = pairs.pairOf(i, k, c);
    boolean wasIdle;
    int[] pr = pairs.pr;
    if (p < 0) {
      p = pairs.allocate(i, k, c, slot);
      pr = pairs.pr;
      wasIdle = true;
    } else {
      wasIdle = pr[(p << 3) + ShoalPairs.UNSENT] == 0;
      if (wasIdle) {
        pairs.start[p] = slot;
      }
    }
    int b = p << 3;
    fs[(f << 2) + ShoalFlows.PAIR] = p;
    fl.next[f] = -1;
    if (pr[b + ShoalPairs.HEAD] < 0) {
      pr[b + ShoalPairs.HEAD] = f;
    } else {
      fl.next[pr[b + ShoalPairs.TAIL]] = f;
    }
    pr[b + ShoalPairs.TAIL] = f;
    pr[b + ShoalPairs.UNSENT] += fs[(f << 2) + ShoalFlows.CELLS];
    if (wasIdle && pr[b + ShoalPairs.INFRESH] == 0 && pr[b + ShoalPairs.BUSY] < usableOf(p)) {
      pairs.pushFresh(p);
      fresh.set(0, i);
    }
  }

  private boolean selectiveBlocks(int p, int link, long slot) {
    if (!selective) {
      return false;
    }
    // age = (slot − start) / E epochs blocks iff age < 30 and L > 2^age, i.e. age < min(⌈log2 L⌉, 30)
    // (none for L ≤ 1): a comparison instead of a 64-bit division
    int a = links.ahead(link);
    if (a <= 1) {
      return false;
    }
    int bits = Math.min(32 - Integer.numberOfLeadingZeros(a - 1), 30);
    return slot - pairs.start[p] < (long) bits * e;
  }

  /** Eq. 2 at node i's slot to j: releases the eligible waiting subflows of link (i, j). */
  void releaseWaiting(int i, int j, int link, long slot) {
    int r = links.waitHead(link);
    if (r < 0) {
      return;
    }
    long horizon = slot + (long) links.ahead(link) * e;
    int prev = -1;
    while (r >= 0 && links.waitEligible(link, r) <= horizon) {
      waitChecks++;
      int next = links.waitNext(link, r);
      int p = links.waitSubflow(link, r) >>> sh;
      if (selectiveBlocks(p, link, slot)) {
        prev = r;
      } else {
        links.removeWaiter(link, i, j, r, prev);
        if (pairs.unsent(p) > 0) {
          releaseCell(p, i, j, link, slot);
          horizon = slot + (long) links.ahead(link) * e;
        } else {
          pairs.setIdle(p, j);
          maybeFree(p);
        }
      }
      r = next;
    }
  }

  /** Node i's slot to j: fresh pairs of i release a cell on subflow j if they do not use it yet. */
  void releaseFresh(int i, int j, int baseLink, long slot) {
    int p = pairs.freshHead[i];
    int prev = -1;
    while (p >= 0) {
      int nextP = pairs.freshNext(p);
      int link = baseLink + pairs.cls[p] * stride;
      if (pairs.unsent(p) > 0) {
        boolean free = (!backpressure || !pairs.isBusy(p, j))
            && (!anyDead || !fails.dead(j, pairs.dstOf(p)) || j == pairs.dstOf(p));
        if (free && !selectiveBlocks(p, link, slot)) {
          if (backpressure) {
            pairs.setBusy(p, j);
          }
          releaseCell(p, i, j, link, slot);
        }
      }
      if (pairs.unsent(p) == 0 || (backpressure && pairs.busyCount(p) >= usableOf(p))) {
        pairs.unlinkFresh(i, p, prev);
        maybeFree(p);
      } else {
        prev = p;
      }
      p = nextP;
    }
    if (pairs.freshHead[i] < 0) {
      fresh.clear(0, i);
    }
  }

  /** Takes the pair's next cell and puts it into Q_ij (or R_ij). */
  private void releaseCell(int p, int i, int j, int link, long slot) {
    int[] pr = pairs.pr;
    int b = p << 3;
    int f = pr[b + ShoalPairs.HEAD];
    int fb = f << 2;
    int seq = fs[fb + ShoalFlows.RELEASED]++;
    if (seq + 1 == fs[fb + ShoalFlows.CELLS]) {
      int nf = fl.next[f];
      pr[b + ShoalPairs.HEAD] = nf;
      if (nf < 0) {
        pr[b + ShoalPairs.TAIL] = -1;
      }
    }
    pr[b + ShoalPairs.UNSENT]--;
    int ahead = probe == null ? 0 : links.ahead(link);
    int inQ = probe == null ? 0 : links.qLength(link);
    links.releaseLocal(i, j, link, f, seq, pr[b + ShoalPairs.DST] | (pairs.cls[p] << ShoalLinks.CLASS_SHIFT),
        readyQueues, slot);
    if (probe != null) {
      probe.released(f, seq, i, j, inQ, ahead - inQ, slot);
    }
  }

  /**
   * Rate-limit feedback fb of subflow sf arrives at the source in {@code slot} ({@code epochPosHop}
   * = (slot − hop) mod E): the subflow waits on its first link until the slot of Eq. 2.
   */
  void feedback(int sf, int fb, long slot, int epochPosHop) {
    int p = sf >>> sh;
    int j = sf & lowMask;
    if (pairs.unsent(p) == 0) {
      pairs.setIdle(p, j);
      maybeFree(p);
      return;
    }
    int i = pairs.srcOf(p);
    long eligible = slot;
    if (fb > 0) {
      // the slot in which the fb-th cell ahead (counted when j sampled Q_jk, hop slots ago)
      // leaves Q_jk: Q_jk sends one cell in each of j's slots to k
      long drained = sched.nextSlot(j, pairs.dstOf(p), slot - hop, epochPosHop) + (long) (fb - 1) * e;
      eligible = Math.max(slot, drained - hop + 1);
    }
    int link = links.link(i, j) + pairs.cls[p] * stride;
    links.addWaiter(link, i, j, sf, eligible);
  }

  /** Subflows of pair p whose two virtual links live. */
  int usableOf(int p) {
    return anyDead ? pairs.usable[p] : usable;
  }

  private void maybeFree(int p) {
    if (pairs.unsent(p) == 0 && pairs.busyCount(p) == 0 && !pairs.inFresh(p)) {
      pairs.free(p);
    }
  }
}
