package org.fabriclab.sim.flow;

import java.util.Arrays;

/**
 * The exact incremental refill of {@link MaxMinProgressiveFilling}'s incremental mode: of the
 * components of the "shares a link" relation that a change touches, only the flows at or above
 * the lowest level θ that the change can reach are searched and re-frozen by progressive filling
 * (Bertsekas and Gallager, Data Networks, §6.5.2); the others keep their rates. The rule and its
 * proof are at {@link #refillAbove}; the lower bound of θ for added flows at {@link #addedBound}.
 *
 * <p>Cost of a refill: O(Σ over the links found of their flows + the flows found · h + heap),
 * usually far below the whole component's; {@link #addedBound} costs O(h · n log n) per added
 * flow, n the flows of a link.
 *
 * <p>The upper layer of the refill of {@link MaxMinProgressiveFilling}, split by file for size:
 * the search reads the seats and links of {@link FlowSeats} and fills with {@link
 * ProgressiveRefill#fillPrepared} directly (no indirection).
 */
abstract sealed class ThresholdRefill extends ProgressiveRefill permits MaxMinProgressiveFilling {
  final boolean incremental;
  // incremental mode: flows of the refilled components whose old rate is below theta keep it
  // (see refillAbove); set by each public change method before its refill
  double theta = Double.POSITIVE_INFINITY;
  private double[] sortScratch = new double[16];
  // incremental mode: the search's state (refillAbove, searchLink)
  private static final int GATHER = 16;
  private final int[] gatherLink = new int[GATHER];
  private final int[][] gatherFlows = new int[GATHER][];
  private final int[] gatherCount = new int[GATHER];
  private int foundLinks;
  private int foundFlows;
  private int stackSize;

  ThresholdRefill(double[] linkCapacity, int[][] paths, boolean fast, boolean incremental) {
    super(linkCapacity, paths, fast || incremental);
    this.incremental = incremental;
  }

  /**
   * Incremental mode: lowers {@link #theta} to a lower bound of added flow {@code f}'s new rate:
   * the least over its links of the level at which the link would fill with its other flows at
   * their current rates where below that level ({@link #fillLevel}). Valid: let y be the least new
   * rate of an added flow, and l the link that froze it, filled at level y; below y the new
   * filling freezes the same flows at the same rates as the old one (the rule of {@link
   * #refillAbove} with threshold y), so at y link l holds its flows of old rate below y at those
   * rates and all its others at y, i.e. y is a level at which l fills with the current rates, at
   * least the least such level. O(h · n log n), n the flows of a link.
   */
  final void addedBound(int f) {
    if (!incremental) {
      return;
    }
    for (int l : paths[f]) {
      theta = Math.min(theta, fillLevel(l));
    }
  }

  /**
   * The least level x at which link {@code l} fills when each of its flows sends min(x, its
   * current rate) (flows added in this batch: x): water-filling of the sorted rates.
   */
  private double fillLevel(int l) {
    int n = linkCount[l];
    if (sortScratch.length < n) {
      sortScratch = new double[Math.max(n, 2 * sortScratch.length)];
    }
    int[] lf = linkFlows[l];
    for (int k = 0; k < n; k++) {
      sortScratch[k] = seatRate[lf[k]];
    }
    Arrays.sort(sortScratch, 0, n);
    double rem = capacity[l];
    int left = n;
    for (int k = 0; k < n; k++) {
      double r = sortScratch[k];
      if (r * left >= rem) {
        break;
      }
      rem -= r;
      left--;
    }
    return left == 0 ? Double.POSITIVE_INFINITY : Math.max(0, rem) / left;
  }

  /**
   * The exact incremental refill. Rule: let θ be the least of the removed flows' old rates and of
   * the added flows' new rates (bounded from below by {@link #addedBound}). Then (1) every flow
   * whose old rate is below θ keeps it, and (2) the flows at or above θ change only within the
   * components, of the "shares a link" relation restricted to them, that reach a link of a changed
   * flow.
   *
   * <p>Proof. (1) Compare the progressive fillings of the old and the new flow set, water level
   * x rising from 0. By induction over the levels below θ at which links fill, both fill the same
   * links and freeze the same flows at the same levels: a link on no changed flow has the same
   * frozen load and unfrozen count in both; a link on a removed flow did not fill below that
   * flow's old rate (≥ θ) in the old filling, and carries less in the new one unless it also
   * carries an added flow; a link on an added flow does not fill below that flow's new rate
   * (≥ θ) in the new one, since filling a link freezes its flows at that level. (2) At level θ
   * both fillings hold the flows below θ frozen at the same rates and every other flow at θ; what
   * follows is a progressive filling of the others over the capacities left, which splits into
   * the components of the others' relation. A component reaching no changed flow's link has the
   * same links, flows and capacities left in both, and in the old relation too it is a whole
   * component (the removed flows cross none of its links), so it fills the same.
   *
   * <p>So the search starts from the changed flows' links, crosses only flows at or above θ
   * (added flows carry +∞ until filled) and sums, per link, the rates of the flows below θ it
   * meets (their capacity stays taken); the filling then runs over the flows found with those
   * capacities left (from level 0: no link of theirs fills below θ, so the result is the same).
   * Cost: O(Σ over the links found of their flows + the flows found · h + heap), usually far
   * below the whole component's. Same rates as a from-scratch refill up to rounding (capacity
   * left is a sum instead of a running difference). Tested against brute-force water-filling.
   */
  final void refillAbove(int[] seeds, int ns) {
    // any lower threshold is as exact; the margin keeps a flow whose rate equals θ but came out
    // a few ulps below it (frozen at another link of the same level) out of the kept ones
    double th = theta * (1 - 1e-9);
    epoch++;
    foundLinks = 0;
    foundFlows = 0;
    stackSize = 0;
    for (int i = 0; i < ns; i++) {
      int l = seeds[i];
      if (linkMark[l] != epoch) {
        linkMark[l] = epoch;
        stack = push(stack, stackSize++, l);
      }
    }
    while (stackSize > 0) {
      // the links are taken GATHER at a time and their lists fetched first: independent loads,
      // whose cache misses overlap (the search is bound by them)
      int nb = Math.min(stackSize, GATHER);
      for (int b = 0; b < nb; b++) {
        int l = stack[--stackSize];
        gatherLink[b] = l;
        gatherFlows[b] = linkFlows[l];
        gatherCount[b] = linkCount[l];
      }
      for (int b = 0; b < nb; b++) {
        searchLink(gatherLink[b], gatherFlows[b], gatherCount[b], th);
      }
    }
    refilledFlows += foundFlows;
    fillPrepared(compLinks, foundLinks);
  }

  /** One link of {@link #refillAbove}'s search: its flows below {@code th} counted, the others found. */
  private void searchLink(int l, int[] lf, int cnt, double th) {
    {
      double kept = 0;
      int above = 0;
      for (int k = 0; k < cnt; k++) {
        int st = lf[k];
        double r = seatRate[st];
        if (r < th) {
          kept += r;
          continue;
        }
        above++;
        if (seatMark[st] == epoch) {
          continue;
        }
        seatMark[st] = epoch;
        seatFrozen[st] = false;
        compFlows = push(compFlows, foundFlows++, st);
        int[] rec = seatRec[st];
        int h = rec.length >>> 1;
        for (int i = 0; i < h; i++) {
          int l2 = rec[i];
          if (linkMark[l2] != epoch) {
            linkMark[l2] = epoch;
            stack = push(stack, stackSize++, l2);
          }
        }
      }
      searchedLinks++;
      if (above > 0) {
        remCap[l] = capacity[l] - kept;
        unfrozen[l] = above;
        compLinks = push(compLinks, foundLinks++, l);
      }
    }
  }
}
