package org.fabriclab.sim.flow;

import java.util.Arrays;

/**
 * Progressive filling (Bertsekas and Gallager, Data Networks, §6.5.2) of the connected components
 * of the "shares a link" relation that a change touches, as {@link MaxMinProgressiveFilling} runs
 * it: the search for the components, the component kept from the last search (fast mode), and the
 * filling itself — links wait in a {@link LinkShareHeap} keyed by their fair share (remaining
 * capacity / unfrozen flows); the least share is the next bottleneck, whose unfrozen flows freeze
 * at it.
 *
 * <p>Refilling a component with L links and F flows of at most h links costs O(F·h + (L + R) log
 * L), R the re-insertions: a link's share only grows while filling, so its key is raised lazily
 * when it is popped below its current share. In fast mode a link also leaves the heap as soon as
 * its last flow freezes, which makes it O(F·h + L + B log L), B the bottleneck links.
 *
 * <p>The middle layer of {@link MaxMinProgressiveFilling}, split by file for size: its scratch
 * arrays are fields of the object that runs the inner loops (here and in {@link
 * ThresholdRefill}).
 */
abstract sealed class ProgressiveRefill extends FlowSeats permits ThresholdRefill {
  final boolean fast;
  // scratch for one refill
  final double[] remCap;
  final int[] unfrozen;
  final int[] linkMark;
  int epoch;
  int[] compLinks = new int[64];
  int[] compFlows = new int[64];
  int[] stack = new int[64];
  final LinkShareHeap heap; // the links waiting to fill
  int[] changed = new int[64];
  int changedCount;
  long refills;
  long refilledFlows;
  long searchedLinks;
  // fast mode: the component found by the last search, kept in compLinks[0..keptLinks) and
  // compFlows[0..keptFlows) (keptPos: a seat's index there), its links and seats marked keptMark
  // (-1: none kept); see refillComponents()
  int keptMark = -1;
  int keptLinks;
  int keptFlows;
  int[] keptPos = new int[16];
  int sinceSearch;
  long keptRefills;

  ProgressiveRefill(double[] linkCapacity, int[][] paths, boolean fast) {
    super(linkCapacity, paths);
    this.fast = fast;
    int m = linkCapacity.length;
    remCap = new double[m];
    unfrozen = new int[m];
    linkMark = new int[m];
    heap = new LinkShareHeap(m);
  }

  /**
   * Seats flow {@code f} ({@link #link}); it joins the kept component if all its links are in
   * it, else ends it.
   */
  final void enter(int f, double startRate) {
    int st = link(f, startRate);
    if (keptPos.length < flowAt.length) {
      keptPos = Arrays.copyOf(keptPos, flowAt.length);
    }
    if (keptMark >= 0) { // joins the kept component if all its links are in it, else ends it
      int[] p = paths[f];
      int h = p.length;
      boolean inside = true;
      for (int i = 0; i < h && inside; i++) {
        inside = linkMark[p[i]] == keptMark;
      }
      if (inside) {
        seatMark[st] = keptMark;
        keptPos[st] = keptFlows;
        compFlows = push(compFlows, keptFlows++, st);
      } else {
        keptMark = -1;
      }
    }
  }

  /** Unseats flow {@code f} ({@link #unlink}), taking it out of the kept component first. */
  final void leave(int f) {
    int st = seatOf[f];
    if (keptMark >= 0 && seatMark[st] == keptMark) { // leaves the kept component
      int last = compFlows[--keptFlows];
      compFlows[keptPos[st]] = last;
      keptPos[last] = keptPos[st];
    }
    unlink(f);
  }

  /**
   * Refills every component that touches one of {@code seeds[0..ns)}. Finding the component is a
   * search over its links and flows, as costly as the filling itself. Fast mode keeps the last
   * component found: removing flows leaves a union of components, adding a flow whose links all
   * lie in it keeps it closed (every flow on its links is in it), so while every seed lies in it
   * the refill fills the kept set without searching — the same rates, a component's filling
   * depending only on its own links and flows (up to rounding where links of equal share freeze in
   * another order). A flow added with a link outside, a seed outside, or every 32nd refill
   * searches again (the kept set may have split into components the changes do not touch).
   */
  final void refillComponents(int[] seeds, int ns) {
    if (fast && keptMark >= 0 && sinceSearch < 32) {
      boolean inside = true;
      for (int i = 0; i < ns && inside; i++) {
        inside = linkMark[seeds[i]] == keptMark;
      }
      if (inside) {
        sinceSearch++;
        keptRefills++;
        refilledFlows += keptFlows;
        fill(compLinks, keptLinks, compFlows, keptFlows);
        return;
      }
    }
    epoch++;
    sinceSearch = 0;
    int nl = 0;
    int nf = 0;
    int sp = 0;
    for (int i = 0; i < ns; i++) {
      int l = seeds[i];
      if (linkMark[l] != epoch) {
        linkMark[l] = epoch;
        stack = push(stack, sp++, l);
      }
    }
    while (sp > 0) {
      int l = stack[--sp];
      compLinks = push(compLinks, nl++, l);
      int[] lf = linkFlows[l];
      for (int k = 0; k < linkCount[l]; k++) {
        int st = lf[k];
        if (seatMark[st] == epoch) {
          continue;
        }
        seatMark[st] = epoch;
        compFlows = push(compFlows, nf++, st);
        int[] r = seatRec[st];
        int h = r.length >>> 1;
        for (int i = 0; i < h; i++) {
          int l2 = r[i];
          if (linkMark[l2] != epoch) {
            linkMark[l2] = epoch;
            stack = push(stack, sp++, l2);
          }
        }
      }
    }
    refilledFlows += nf;
    searchedLinks += nl;
    if (fast) {
      keptMark = epoch;
      keptLinks = nl;
      keptFlows = nf;
      for (int i = 0; i < nf; i++) {
        keptPos[compFlows[i]] = i;
      }
    }
    fill(compLinks, nl, compFlows, nf);
  }

  /** Progressive filling of the flows {@code fs[0..nf)}, which cross exactly the links {@code ls[0..nl)}. */
  final void fill(int[] ls, int nl, int[] fs, int nf) {
    if (fast) {
      fillFast(ls, nl, fs, nf);
      return;
    }
    heap.reset(0);
    for (int i = 0; i < nl; i++) {
      int l = ls[i];
      remCap[l] = capacity[l];
      unfrozen[l] = linkCount[l];
      if (unfrozen[l] > 0) {
        heap.push(share(l), l);
      }
    }
    for (int i = 0; i < nf; i++) {
      seatFrozen[fs[i]] = false;
    }
    // one heap entry per link with unfrozen flows, keyed at most its current share (shares only
    // grow while filling): a popped entry below its link's share goes back with the new key
    while (heap.size() > 0) {
      double key = heap.topKey();
      int l = heap.topLink();
      if (unfrozen[l] == 0) {
        heap.pop();
        continue;
      }
      double share = share(l);
      if (key < share) {
        heap.pop();
        heap.push(share, l);
        continue;
      }
      heap.pop();
      for (int k = 0; k < linkCount[l]; k++) {
        int st = linkFlows[l][k];
        if (seatFrozen[st]) {
          continue;
        }
        seatFrozen[st] = true;
        freeze(st, share);
        int[] r = seatRec[st];
        int h = r.length >>> 1;
        for (int i = 0; i < h; i++) {
          int l2 = r[i];
          remCap[l2] -= share;
          --unfrozen[l2];
        }
      }
    }
  }

  /**
   * The same filling with an indexed heap: built in O(L) (Floyd), a stale top re-keyed in place,
   * and a link taken out as soon as its last flow freezes (most links are not a bottleneck: on a
   * fat-tree only one of a flow's ~6 links is, and these dead links would otherwise each cost a
   * pop from the top; taken out where they sit — deep, their shares being large — they cost
   * little).
   */
  final void fillFast(int[] ls, int nl, int[] fs, int nf) {
    heap.reset(nl);
    for (int i = 0; i < nl; i++) {
      int l = ls[i];
      remCap[l] = capacity[l];
      unfrozen[l] = linkCount[l];
      if (unfrozen[l] > 0) {
        heap.addUnordered(share(l), l);
      }
    }
    heap.heapify();
    for (int i = 0; i < nf; i++) {
      seatFrozen[fs[i]] = false;
    }
    drain();
  }

  /**
   * {@link #fillFast} over links whose {@code remCap} and {@code unfrozen} are already set (the
   * flows below θ counted as frozen, the others' {@code seatFrozen} cleared; see {@link
   * ThresholdRefill#refillAbove}): a flow on a bottleneck link is frozen unless it is frozen
   * already, which every flow kept below θ is (every filling freezes all its flows).
   */
  final void fillPrepared(int[] ls, int nl) {
    heap.reset(nl);
    for (int i = 0; i < nl; i++) {
      int l = ls[i];
      heap.addUnordered(share(l), l);
    }
    heap.heapify();
    drain();
  }

  /** The heap loop of {@link #fillFast}: pops bottleneck links until the heap is empty. */
  private void drain() {
    while (heap.size() > 0) {
      int l = heap.topLink();
      double share = share(l);
      if (heap.topKey() < share) {
        heap.raiseTop(share);
        continue;
      }
      heap.pop();
      int[] lf = linkFlows[l];
      for (int k = 0; k < linkCount[l]; k++) {
        int st = lf[k];
        if (seatFrozen[st]) {
          continue;
        }
        seatFrozen[st] = true;
        freeze(st, share);
        int[] r = seatRec[st];
        int h = r.length >>> 1;
        for (int i = 0; i < h; i++) {
          int l2 = r[i];
          remCap[l2] -= share;
          if (--unfrozen[l2] == 0) {
            heap.removeLink(l2);
          }
        }
      }
    }
  }

  /** Seat {@code st}'s flow gets {@code share}; listed as changed if that differs. */
  private void freeze(int st, double share) {
    if (seatRate[st] != share) {
      seatRate[st] = share;
      int f = flowAt[st];
      rate[f] = share;
      changed = push(changed, changedCount++, f);
    }
  }

  private double share(int l) {
    return Math.max(0, remCap[l]) / unfrozen[l];
  }
}
