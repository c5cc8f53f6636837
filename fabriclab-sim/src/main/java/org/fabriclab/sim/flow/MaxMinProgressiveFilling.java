package org.fabriclab.sim.flow;

import java.util.Arrays;

/**
 * Max-min fair rates by progressive filling (Bertsekas and Gallager, Data Networks, §6.5.2), kept
 * up to date incrementally as flows arrive and leave. Each flow crosses a fixed set of links (its
 * path; a multicast tree's links work the same way: the flow's rate is then its tree's bottleneck).
 *
 * <p>Incremental: a max-min allocation splits over the connected components of the "shares a
 * link" relation, so after an arrival or departure only the component(s) touching the changed
 * flow's links are refilled; other flows keep their rates. Refilling a component with L links and
 * F flows of at most h links costs O(F·h + (L + R) log L), R the re-insertions: links wait in a
 * heap keyed by their fair share (remaining capacity / unfrozen flows), which only grows while
 * filling, so a link's key is raised lazily when it is popped below its current share. In fast mode
 * (see the constructor) a link also leaves the heap as soon as its last flow freezes, which makes it
 * O(F·h + L + B log L), B the bottleneck links; the per-flow state of the refill is kept per active
 * flow (dense seats), not per flow of the whole run.
 *
 * <p>Incremental mode (see the four-argument constructor; {@link FluidTransfers} uses it) goes
 * further: of the components touched, only the flows at or above the lowest level a change can
 * reach are searched and re-frozen, the others keep their rates — exact, see {@link
 * #refillAbove} for the rule and its proof.
 *
 * <p>After every refill {@link #changed} lists the flows whose rate changed, so that callers keep
 * their own per-flow state (bytes left, completion times) up to date without a scan of all active
 * flows.
 */
public final class MaxMinProgressiveFilling extends ProgressiveRefill {
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
  private int[] batchSeeds = new int[64];

  /**
   * @param linkCapacity capacity of every link (any unit; rates come out in the same unit)
   * @param paths the links of every flow (not copied; must not change)
   */
  public MaxMinProgressiveFilling(double[] linkCapacity, int[][] paths) {
    this(linkCapacity, paths, false);
  }

  /**
   * @param fast {@code false}: the original refill (kept so that the exact engines reproduce
   *     their earlier outputs bit for bit). {@code true}: the refill may skip the component search
   *     and refill the component kept from the last search (see {@link
   *     ProgressiveRefill#refillComponents}), and fills with an indexed heap ({@link
   *     ProgressiveRefill#fillFast}). The same max-min rates either way, up
   *     to rounding: links of equal share may freeze in another order, so a flow's rate may differ
   *     in its last bits.
   */
  public MaxMinProgressiveFilling(double[] linkCapacity, int[][] paths, boolean fast) {
    this(linkCapacity, paths, fast, false);
  }

  /**
   * @param incremental {@code true} (implies fast): the exact incremental refill of {@link
   *     ThresholdRefill#refillAbove} — only the flows whose rate can change are searched and re-frozen; the same
   *     max-min rates up to rounding.
   */
  public MaxMinProgressiveFilling(double[] linkCapacity, int[][] paths, boolean fast, boolean incremental) {
    super(linkCapacity, paths, fast || incremental);
    this.incremental = incremental;
  }

  public double rate(int flow) {
    return rate[flow];
  }

  public boolean isActive(int flow) {
    return active[flow];
  }

  /** Component refills done so far. */
  public long refills() {
    return refills;
  }

  /** Flows re-frozen over all refills (each refill's component, or in incremental mode its flows at or above θ). */
  public long refilledFlows() {
    return refilledFlows;
  }

  /** Links whose flows a refill's search scanned, over all refills. */
  public long searchedLinks() {
    return searchedLinks;
  }

  /**
   * Of {@link #refills()}, those of the kept component, without a search (see {@link
   * ProgressiveRefill#refillComponents}).
   */
  public long keptRefills() {
    return keptRefills;
  }

  /** Number of flows of the paths given at construction (active or not). */
  public int flowCount() {
    return paths.length;
  }

  /**
   * How many flows got a different rate in the last refill ({@link #add}, {@link #remove},
   * {@link #addAll}, {@link #removeAll}, {@link #update}): flows that stayed active and changed,
   * and flows just added with a rate above 0. Flows just removed are not listed (their rate is 0).
   * Lets a caller that keeps per-flow state touch only these instead of every active flow.
   */
  public int changedCount() {
    return changedCount;
  }

  /** The {@code i}-th flow whose rate changed in the last refill, {@code 0 <= i < changedCount()}. */
  public int changed(int i) {
    return changed[i];
  }

  /** Adds a flow and refills its component. */
  public void add(int f) {
    if (active[f]) {
      throw new IllegalStateException("flow " + f + " already active");
    }
    active[f] = true;
    seat(f);
    theta = Double.POSITIVE_INFINITY;
    addedBound(f);
    refill(paths[f]);
  }

  /** Seats flow {@code f} ({@link #enter}); in incremental mode at rate +∞. */
  private void seat(int f) {
    // incremental mode: +inf marks a flow added in this batch (never kept at its old rate)
    enter(f, incremental ? Double.POSITIVE_INFINITY : 0);
  }

  /**
   * Adds {@code count} flows ({@code fs[0..count)}) and refills the components they touch once:
   * the same rates as adding them one by one, at the cost of one refill.
   */
  public void addAll(int[] fs, int count) {
    int seeds = 0;
    for (int i = 0; i < count; i++) {
      int f = fs[i];
      if (active[f]) {
        throw new IllegalStateException("flow " + f + " already active");
      }
      active[f] = true;
      seat(f);
      seeds += paths[f].length;
    }
    theta = Double.POSITIVE_INFINITY;
    for (int i = 0; i < count; i++) {
      addedBound(fs[i]);
    }
    int k = seedsOf(fs, count, seeds); // may grow batchSeeds: read it after
    refill(batchSeeds, k);
  }

  /** Removes {@code count} flows ({@code fs[0..count)}) with one refill of what they leave. */
  public void removeAll(int[] fs, int count) {
    int seeds = 0;
    theta = Double.POSITIVE_INFINITY;
    for (int i = 0; i < count; i++) {
      int f = fs[i];
      if (!active[f]) {
        throw new IllegalStateException("flow " + f + " not active");
      }
      theta = Math.min(theta, seatRate[seatOf[f]]);
      active[f] = false;
      rate[f] = 0;
      leave(f);
      seeds += paths[f].length;
    }
    int k = seedsOf(fs, count, seeds); // may grow batchSeeds: read it after
    refill(batchSeeds, k);
  }

  /**
   * Removes {@code removed[0..nr)} and adds {@code added[0..na)} with one refill of every
   * component they touch: the same rates as doing it flow by flow, at the cost of one refill.
   * Allocation-free once its scratch arrays have grown to the batch size.
   */
  public void update(int[] removed, int nr, int[] added, int na) {
    int seeds = 0;
    theta = Double.POSITIVE_INFINITY;
    for (int i = 0; i < nr; i++) {
      int f = removed[i];
      if (!active[f]) {
        throw new IllegalStateException("flow " + f + " not active");
      }
      theta = Math.min(theta, seatRate[seatOf[f]]);
      active[f] = false;
      rate[f] = 0;
      leave(f);
      seeds += paths[f].length;
    }
    for (int i = 0; i < na; i++) {
      int f = added[i];
      if (active[f]) {
        throw new IllegalStateException("flow " + f + " already active");
      }
      active[f] = true;
      seat(f);
      seeds += paths[f].length;
    }
    for (int i = 0; i < na; i++) {
      addedBound(added[i]);
    }
    if (batchSeeds.length < seeds) {
      batchSeeds = new int[Math.max(seeds, 2 * batchSeeds.length)];
    }
    int k = 0;
    for (int i = 0; i < nr; i++) {
      for (int l : paths[removed[i]]) {
        batchSeeds[k++] = l;
      }
    }
    for (int i = 0; i < na; i++) {
      for (int l : paths[added[i]]) {
        batchSeeds[k++] = l;
      }
    }
    refill(batchSeeds, k);
  }

  /** Copies the links of {@code fs[0..count)} into {@link #batchSeeds}; returns how many. */
  private int seedsOf(int[] fs, int count, int total) {
    if (batchSeeds.length < total) {
      batchSeeds = new int[Math.max(total, 2 * batchSeeds.length)];
    }
    int k = 0;
    for (int i = 0; i < count; i++) {
      for (int l : paths[fs[i]]) {
        batchSeeds[k++] = l;
      }
    }
    return k;
  }

  /** Removes a flow and refills the component(s) it leaves behind. */
  public void remove(int f) {
    if (!active[f]) {
      throw new IllegalStateException("flow " + f + " not active");
    }
    theta = seatRate[seatOf[f]];
    active[f] = false;
    rate[f] = 0;
    leave(f);
    refill(paths[f]);
  }

  /** Refills every component that touches one of {@code seeds}. */
  private void refill(int[] seeds) {
    refill(seeds, seeds.length);
  }

  /**
   * Refills every component that touches one of {@code seeds[0..ns)}: in incremental mode only
   * its flows at or above θ ({@link #refillAbove}), else whole components ({@link
   * #refillComponents}, which may refill the component kept from the last search).
   */
  private void refill(int[] seeds, int ns) {
    refills++;
    changedCount = 0;
    if (incremental) {
      refillAbove(seeds, ns);
      return;
    }
    refillComponents(seeds, ns);
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
