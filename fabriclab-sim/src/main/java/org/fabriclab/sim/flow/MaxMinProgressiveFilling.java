package org.fabriclab.sim.flow;

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
 * ThresholdRefill#refillAbove} for the rule and its proof.
 *
 * <p>After every refill {@link #changed} lists the flows whose rate changed, so that callers keep
 * their own per-flow state (bytes left, completion times) up to date without a scan of all active
 * flows.
 *
 * <p>The implementation is in layers, one per file, each the superclass of the next so that the
 * refill's inner loops read every array as a field of their own object: {@link FlowSeats} (the
 * per-flow rates, the dense seats of the active flows and the per-link lists of their seats),
 * {@link ProgressiveRefill} (the component search, the kept component and the filling), {@link
 * ThresholdRefill} (incremental mode's threshold search), and this class (the public change
 * methods: activation, θ and the refill's seed links).
 */
public final class MaxMinProgressiveFilling extends ThresholdRefill {
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
    super(linkCapacity, paths, fast, incremental);
  }

  /**
   * The max-min fair rates of all flows of {@code paths} at once: one filling of a new instance,
   * no incremental state kept (the one implementation for callers that need one allocation, e.g.
   * the water-filling references of the systems). A flow's links may be a path or every link of a
   * multicast tree (its rate is then bounded on each of them); a flow without links is limited by
   * nothing and gets {@code +∞}. Cost: one refill, O(F·h + (L + R) log L) (class comment).
   *
   * @param linkCapacity capacity of every link (any unit; rates come out in the same unit)
   * @param paths the links of every flow (not copied)
   */
  public static double[] rates(double[] linkCapacity, int[][] paths) {
    MaxMinProgressiveFilling mm = new MaxMinProgressiveFilling(linkCapacity, paths);
    int[] on = new int[paths.length];
    int k = 0;
    for (int f = 0; f < paths.length; f++) {
      if (paths[f].length > 0) {
        on[k++] = f;
      }
    }
    mm.addAll(on, k);
    double[] out = mm.rate.clone();
    for (int f = 0; f < paths.length; f++) {
      if (paths[f].length == 0) {
        out[f] = Double.POSITIVE_INFINITY;
      }
    }
    return out;
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
}
