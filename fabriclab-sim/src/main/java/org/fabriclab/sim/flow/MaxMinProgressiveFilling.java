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
 * filling, so a link's key is raised lazily when it is popped below its current share.
 */
public final class MaxMinProgressiveFilling {
  private final boolean canonical;
  private final double[] capacity;
  private final int[][] paths;
  private final double[] rate;
  private final boolean[] active;
  // per link: active flows on it (unordered), and each flow's slot in the link's list per hop
  private int[][] linkFlows;
  private final int[] linkCount;
  private final int[][] slot;
  // scratch for one refill
  private final double[] remCap;
  private final int[] unfrozen;
  private final int[] linkMark;
  private final int[] flowMark;
  private final boolean[] frozen;
  private int epoch;
  private int[] compLinks = new int[64];
  private int[] compFlows = new int[64];
  private int[] stack = new int[64];
  private double[] heapKey = new double[64];
  private int[] batchSeeds = new int[64];
  private int[] heapLink = new int[64];
  private int[] changed = new int[64];
  private int changedCount;
  private long refills;
  // every active flow and every link with an active flow, each with its index in the list
  private final int[] activeFlows;
  private final int[] activeFlowPos;
  private int activeFlowCount;
  private final int[] usedLinks;
  private final int[] usedLinkPos;
  private int usedLinkCount;
  // whole-fabric refills: see refill()
  private int lastComponentFlows;
  private int sinceMeasured;
  private long wholeRefills;

  /**
   * @param linkCapacity capacity of every link (any unit; rates come out in the same unit)
   * @param paths the links of every flow (not copied; must not change)
   */
  public MaxMinProgressiveFilling(double[] linkCapacity, int[][] paths) {
    this(linkCapacity, paths, false);
  }

  /**
   * @param canonical {@code false}: the original refill, whose freezing order among links of
   *     equal share follows the heap's arrangement (kept so that the exact engines reproduce their
   *     earlier outputs bit for bit). {@code true}: links pop in (share, link id) order, which
   *     makes a component's arithmetic independent of what else is in the heap, so the refill may
   *     skip the component search and refill every active flow when one component holds most of
   *     them (see {@link #refill}), with rates bit for bit those of the component refill; and a
   *     stale top is re-keyed in place. Same max-min rates either way; only the rounding of
   *     equal-share links' order differs.
   */
  public MaxMinProgressiveFilling(double[] linkCapacity, int[][] paths, boolean canonical) {
    this.canonical = canonical;
    capacity = linkCapacity;
    this.paths = paths;
    int m = linkCapacity.length;
    int n = paths.length;
    rate = new double[n];
    active = new boolean[n];
    frozen = new boolean[n];
    flowMark = new int[n];
    slot = new int[n][];
    linkFlows = new int[m][];
    linkCount = new int[m];
    remCap = new double[m];
    unfrozen = new int[m];
    linkMark = new int[m];
    activeFlows = new int[Math.max(1, n)];
    activeFlowPos = new int[Math.max(1, n)];
    usedLinks = new int[Math.max(1, m)];
    usedLinkPos = new int[Math.max(1, m)];
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

  /** Of {@link #refills()}, those done over every active flow at once (see {@link #refill}). */
  public long wholeRefills() {
    return wholeRefills;
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
    link(f);
    refill(paths[f]);
  }

  private void link(int f) {
    int[] p = paths[f];
    slot[f] = new int[p.length];
    activeFlowPos[f] = activeFlowCount;
    activeFlows[activeFlowCount++] = f;
    for (int i = 0; i < p.length; i++) {
      int l = p[i];
      if (linkCount[l] == 0) {
        usedLinkPos[l] = usedLinkCount;
        usedLinks[usedLinkCount++] = l;
      }
      if (linkFlows[l] == null) {
        linkFlows[l] = new int[4];
      } else if (linkCount[l] == linkFlows[l].length) {
        linkFlows[l] = Arrays.copyOf(linkFlows[l], 2 * linkCount[l]);
      }
      slot[f][i] = linkCount[l];
      linkFlows[l][linkCount[l]++] = f;
    }
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
      link(f);
      seeds += paths[f].length;
    }
    int k = seedsOf(fs, count, seeds); // may grow batchSeeds: read it after
    refill(batchSeeds, k);
  }

  /** Removes {@code count} flows ({@code fs[0..count)}) with one refill of what they leave. */
  public void removeAll(int[] fs, int count) {
    int seeds = 0;
    for (int i = 0; i < count; i++) {
      int f = fs[i];
      if (!active[f]) {
        throw new IllegalStateException("flow " + f + " not active");
      }
      active[f] = false;
      rate[f] = 0;
      unlink(f);
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
    for (int i = 0; i < nr; i++) {
      int f = removed[i];
      if (!active[f]) {
        throw new IllegalStateException("flow " + f + " not active");
      }
      active[f] = false;
      rate[f] = 0;
      unlink(f);
      seeds += paths[f].length;
    }
    for (int i = 0; i < na; i++) {
      int f = added[i];
      if (active[f]) {
        throw new IllegalStateException("flow " + f + " already active");
      }
      active[f] = true;
      link(f);
      seeds += paths[f].length;
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
    active[f] = false;
    rate[f] = 0;
    unlink(f);
    refill(paths[f]);
  }

  private void unlink(int f) {
    int[] p = paths[f];
    int movedFlow = activeFlows[--activeFlowCount];
    activeFlows[activeFlowPos[f]] = movedFlow;
    activeFlowPos[movedFlow] = activeFlowPos[f];
    for (int i = 0; i < p.length; i++) {
      int l = p[i];
      int s = slot[f][i];
      if (linkCount[l] == 1) {
        int movedLink = usedLinks[--usedLinkCount];
        usedLinks[usedLinkPos[l]] = movedLink;
        usedLinkPos[movedLink] = usedLinkPos[l];
      }
      int last = linkFlows[l][--linkCount[l]];
      linkFlows[l][s] = last;
      if (last != f) {
        int[] lp = paths[last];
        for (int j = 0; j < lp.length; j++) {
          if (lp[j] == l) {
            slot[last][j] = s;
            break;
          }
        }
      }
    }
    slot[f] = null;
  }

  /** Refills every component that touches one of {@code seeds}. */
  private void refill(int[] seeds) {
    refill(seeds, seeds.length);
  }

  /**
   * Refills every component that touches one of {@code seeds[0..ns)}. Finding the component is a
   * search over its links and flows, as costly as the filling itself; when the last component
   * found held at least half of the active flows (a fabric where everything shares a few core
   * links), it refills every active flow instead, without the search — the same rates: a
   * component's filling depends only on its own links and flows (up to rounding where links tie,
   * whose freezing order may then differ). Every 32nd such refill searches again, to notice when
   * the flows have split into smaller components.
   */
  private void refill(int[] seeds, int ns) {
    refills++;
    epoch++;
    changedCount = 0;
    if (canonical && activeFlowCount >= 64 && 2 * lastComponentFlows >= activeFlowCount && ++sinceMeasured < 32) {
      wholeRefills++;
      fill(usedLinks, usedLinkCount, activeFlows, activeFlowCount);
      return;
    }
    sinceMeasured = 0;
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
      for (int k = 0; k < linkCount[l]; k++) {
        int f = linkFlows[l][k];
        if (flowMark[f] == epoch) {
          continue;
        }
        flowMark[f] = epoch;
        compFlows = push(compFlows, nf++, f);
        for (int l2 : paths[f]) {
          if (linkMark[l2] != epoch) {
            linkMark[l2] = epoch;
            stack = push(stack, sp++, l2);
          }
        }
      }
    }
    lastComponentFlows = nf;
    fill(compLinks, nl, compFlows, nf);
  }

  /** Progressive filling of the flows {@code fs[0..nf)}, which cross exactly the links {@code ls[0..nl)}. */
  private void fill(int[] ls, int nl, int[] fs, int nf) {
    int hs = 0;
    for (int i = 0; i < nl; i++) {
      int l = ls[i];
      remCap[l] = capacity[l];
      unfrozen[l] = linkCount[l];
      if (unfrozen[l] > 0) {
        hs = heapPush(hs, share(l), l);
      }
    }
    for (int i = 0; i < nf; i++) {
      frozen[fs[i]] = false;
    }
    // one heap entry per link with unfrozen flows, keyed at most its current share (shares only
    // grow while filling): a popped entry below its link's share goes back with the new key
    while (hs > 0) {
      double key = heapKey[0];
      int l = heapLink[0];
      if (unfrozen[l] == 0) {
        hs = heapPop(hs);
        continue;
      }
      double share = share(l);
      if (key < share) {
        if (canonical) {
          siftDownTop(hs, share, l); // the top goes back with its new key
        } else {
          hs = heapPop(hs);
          hs = heapPush(hs, share, l);
        }
        continue;
      }
      hs = heapPop(hs);
      for (int k = 0; k < linkCount[l]; k++) {
        int f = linkFlows[l][k];
        if (frozen[f]) {
          continue;
        }
        frozen[f] = true;
        if (rate[f] != share) {
          changed = push(changed, changedCount++, f);
        }
        rate[f] = share;
        for (int l2 : paths[f]) {
          remCap[l2] -= share;
          --unfrozen[l2];
        }
      }
    }
  }

  private double share(int l) {
    return Math.max(0, remCap[l]) / unfrozen[l];
  }

  private static int[] push(int[] a, int i, int v) {
    if (i == a.length) {
      a = Arrays.copyOf(a, 2 * a.length);
    }
    a[i] = v;
    return a;
  }

  private int heapPush(int size, double key, int link) {
    if (size == heapKey.length) {
      heapKey = Arrays.copyOf(heapKey, 2 * size);
      heapLink = Arrays.copyOf(heapLink, 2 * size);
    }
    int i = size;
    while (i > 0) {
      int p = (i - 1) >>> 1;
      if (canonical ? heapKey[p] < key || (heapKey[p] == key && heapLink[p] < link) : heapKey[p] <= key) {
        break;
      }
      heapKey[i] = heapKey[p];
      heapLink[i] = heapLink[p];
      i = p;
    }
    heapKey[i] = key;
    heapLink[i] = link;
    return size + 1;
  }

  private int heapPop(int size) {
    int last = size - 1;
    siftDownTop(last, heapKey[last], heapLink[last]);
    return last;
  }

  /** Puts ({@code key}, {@code link}) at the top of a heap of {@code size} entries and sifts it down. */
  private void siftDownTop(int size, double key, int link) {
    int last = size;
    int i = 0;
    while (true) {
      int c = 2 * i + 1;
      if (c >= last) {
        break;
      }
      if (c + 1 < last && (heapKey[c + 1] < heapKey[c]
          || (canonical && heapKey[c + 1] == heapKey[c] && heapLink[c + 1] < heapLink[c]))) {
        c++;
      }
      if (canonical ? key < heapKey[c] || (key == heapKey[c] && link < heapLink[c]) : key <= heapKey[c]) {
        break;
      }
      heapKey[i] = heapKey[c];
      heapLink[i] = heapLink[c];
      i = c;
    }
    heapKey[i] = key;
    heapLink[i] = link;
  }
}
