package org.fabriclab.shoal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where a short flow's completion time goes (a diagnostic for seed 003 §7.3, "Impact of epoch
 * size"): a {@link ShoalSimulator.CellProbe} that follows every cell of the flows of at most
 * {@code maxBytes} and splits each finished flow's FCT along its <em>last delivered cell</em>
 * into parts that sum to the FCT exactly (ps):
 * <ol start="0">
 *   <li>{@code admit}: from the flow's start to the start of the next slot;</li>
 *   <li>{@code pairHol}: until the last cell of the pair's previous application flow is released
 *       (they are segmented in order, §3.3.2: a Shoal flow is a node pair);</li>
 *   <li>{@code firstCell}: from then until its first cell is released (selective release, §3.3.3,
 *       holds a young flow off crowded links: 0 when some link has at most one cell ahead);</li>
 *   <li>{@code pacing}: from the first release to the last cell's release (selective release,
 *       §3.3.3, and Eq. 2's one-cell-per-subflow backpressure: the rounds of a subflow);</li>
 *   <li>{@code srcAlign}: from that release to the source's next slot to the cell's intermediate j
 *       (epoch alignment; 0 when released in that slot);</li>
 *   <li>{@code srcQueue}: further epochs in R_ij/Q_ij behind other cells;</li>
 *   <li>{@code hop1}: the first hop (0 for a cell on the direct subflow);</li>
 *   <li>{@code intAlign}: from its arrival at j to j's next slot to the destination;</li>
 *   <li>{@code intQueue}: further epochs in Q_jk;</li>
 *   <li>{@code lastHop}: from the slot of the last transmission to the flow's end.</li>
 * </ol>
 * Also per flow: cells, subflows used, the round of the last cell (how many cells its subflow
 * carried up to and including it) and the cells ahead of it at its release, len(Q_ij) +
 * len(R_ij), and of them len(R_ij): with ready queues (§3.3.3) each local cell in R_ij joins Q_ij
 * only when the previous local cell has left, behind the forwarded cells then in Q_ij, so the
 * last cell's srcQueue exceeds its cells ahead when R_ij is not empty. Memory: per-cell slots only while a tracked flow
 * runs; O(flows) after. Not for runs with cell corruption (a resent cell keeps its last send).
 */
public final class ShoalFctBreakdown implements ShoalSimulator.CellProbe {
  /** Names of the parts, in order. */
  public static final List<String> PARTS = List.of("admit", "pairHol", "firstCell", "pacing", "srcAlign", "srcQueue",
      "hop1", "intAlign", "intQueue", "lastHop");

  private final ShoalFlows fl;
  private final FabricSchedule sched;
  private final long slotPs;
  private final int hop;
  private final long propPs;
  private final long maxBytes;
  private final int nodes;
  /** Per tracked running flow: per cell {release, intermediate, send1, arrive1, send2, ahead, inR}. */
  private final int[][] cells;
  private final int[] prevOfPair;
  private final int[] lastRelease;
  private final int[] aheadAtRelease;
  private final int[] localAhead;
  private final int[] delivered;
  private final int[] firstRelease;
  private final long[][] parts;
  private final int[] rounds;
  private final int[] subflows;
  private final boolean[] done;

  public ShoalFctBreakdown(ShoalConfig cfg, ShoalFlows flows, long maxBytes) {
    this.fl = flows;
    this.sched = cfg.schedule();
    this.slotPs = cfg.slotPs();
    this.hop = cfg.hopSlots();
    this.propPs = cfg.propagationPs();
    this.maxBytes = maxBytes;
    this.nodes = cfg.nodes();
    int n = flows.size();
    cells = new int[n][];
    prevOfPair = new int[n];
    lastRelease = new int[n];
    aheadAtRelease = new int[n];
    localAhead = new int[n];
    java.util.HashMap<Long, Integer> lastOf = new java.util.HashMap<>();
    for (int f = 0; f < n; f++) {
      Integer p = lastOf.put((long) flows.src(f) * (1L << 32) + flows.dst(f) * 4L + flows.trafficClass(f), f);
      prevOfPair[f] = p == null ? -1 : p;
    }
    delivered = new int[n];
    firstRelease = new int[n];
    Arrays.fill(firstRelease, -1);
    parts = new long[PARTS.size()][n];
    rounds = new int[n];
    subflows = new int[n];
    done = new boolean[n];
  }

  private static final int W = 7;

  private int[] rec(int f) {
    if (fl.bytes(f) > maxBytes) {
      return null;
    }
    if (cells[f] == null && !done[f]) {
      cells[f] = new int[fl.cells(f) * W];
    }
    return cells[f];
  }

  @Override
  public void released(int f, int seq, int i, int j, int inQ, int inR, long slot) {
    int ahead = inQ + inR;
    lastRelease[f] = Math.toIntExact(slot);
    int[] r = rec(f);
    if (r == null) {
      return;
    }
    if (firstRelease[f] < 0) {
      firstRelease[f] = Math.toIntExact(slot);
    }
    r[seq * W] = Math.toIntExact(slot);
    r[seq * W + 1] = j;
    r[seq * W + 5] = ahead;
    r[seq * W + 6] = inR;
  }

  @Override
  public void sent(int f, int seq, int from, int to, boolean firstHop, long slot) {
    int[] r = rec(f);
    if (r != null) {
      r[seq * W + (firstHop ? 2 : 4)] = Math.toIntExact(slot);
    }
  }

  @Override
  public void arrived(int f, int seq, int at, long slot) {
    int[] r = rec(f);
    if (r == null) {
      return;
    }
    if (at != fl.dst(f)) {
      r[seq * W + 3] = Math.toIntExact(slot);
      return;
    }
    if (++delivered[f] == fl.cells(f)) {
      finish(f, seq, r, slot);
    }
  }

  private void finish(int f, int seq, int[] r, long arriveSlot) {
    int src = fl.src(f);
    int k = fl.dst(f);
    long endPs = (arriveSlot - hop + 1) * slotPs + propPs;
    long startSlot = (fl.startPs(f) + slotPs - 1) / slotPs;
    int c = seq * W;
    int rel = r[c];
    int j = r[c + 1];
    int send1 = r[c + 2];
    set(0, f, startSlot * slotPs - fl.startPs(f));
    int prev = prevOfPair[f];
    long hol = prev < 0 ? startSlot : Math.min(firstRelease[f], Math.max(startSlot, lastRelease[prev]));
    set(1, f, (hol - startSlot) * slotPs);
    set(2, f, (firstRelease[f] - hol) * slotPs);
    set(3, f, (long) (rel - firstRelease[f]) * slotPs);
    long srcSlot = sched.nextSlot(src, j, rel);
    set(4, f, (srcSlot - rel) * slotPs);
    set(5, f, (send1 - srcSlot) * slotPs);
    aheadAtRelease[f] = r[c + 5];
    localAhead[f] = r[c + 6];
    long lastSend = send1;
    if (j != k) {
      int arr1 = r[c + 3];
      int send2 = r[c + 4];
      long intSlot = sched.nextSlot(j, k, arr1);
      set(6, f, (long) (arr1 - send1) * slotPs);
      set(7, f, (intSlot - arr1) * slotPs);
      set(8, f, (send2 - intSlot) * slotPs);
      lastSend = send2;
    }
    set(9, f, endPs - lastSend * slotPs);
    int round = 0;
    boolean[] used = new boolean[nodes];
    int distinct = 0;
    for (int s = 0; s < fl.cells(f); s++) {
      int jj = r[s * W + 1];
      if (!used[jj]) {
        used[jj] = true;
        distinct++;
      }
      if (jj == j && r[s * W] <= rel) {
        round++;
      }
    }
    rounds[f] = round;
    subflows[f] = distinct;
    done[f] = true;
    cells[f] = null;
  }

  private void set(int part, int f, long ps) {
    parts[part][f] = ps;
  }

  /** Whether flow f was tracked and finished. */
  public boolean finished(int f) {
    return done[f];
  }

  /** Part {@code part} ({@link #PARTS}) of flow f's FCT in ps (0 unless {@link #finished}). */
  public long partPs(int f, int part) {
    return parts[part][f];
  }

  /** Cells on the last cell's subflow up to and including it. */
  public int round(int f) {
    return rounds[f];
  }

  /** Cells in Q_ij + R_ij ahead of the flow's last delivered cell when it was released. */
  public int aheadOfLast(int f) {
    return aheadAtRelease[f];
  }

  /** Of {@link #aheadOfLast}, the cells in R_ij (other local cells, each to pass through Q_ij first). */
  public int localAheadOfLast(int f) {
    return localAhead[f];
  }

  /** Distinct intermediates (subflows) the flow's cells used. */
  public int subflowsUsed(int f) {
    return subflows[f];
  }

  /** Mean parts (µs) of the finished tracked flows whose FCT rank lies in [fromQ, toQ] (0..1). */
  public Summary band(double fromQ, double toQ) {
    List<Integer> ids = new ArrayList<>();
    for (int f = 0; f < fl.size(); f++) {
      if (done[f]) {
        ids.add(f);
      }
    }
    ids.sort((a, b) -> Long.compare(fl.fctPs(a), fl.fctPs(b)));
    int m = ids.size();
    int lo = Math.max(0, (int) Math.ceil(fromQ * m) - 1);
    int hi = Math.min(m - 1, Math.max(lo, (int) Math.ceil(toQ * m) - 1));
    double[] mean = new double[PARTS.size()];
    double fct = 0;
    double cellsSum = 0;
    double roundSum = 0;
    double subSum = 0;
    double aheadSum = 0;
    double localSum = 0;
    double bytes = 0;
    int cnt = 0;
    for (int x = lo; x <= hi && m > 0; x++) {
      int f = ids.get(x);
      for (int p = 0; p < mean.length; p++) {
        mean[p] += parts[p][f] / 1e6;
      }
      fct += fl.fctPs(f) / 1e6;
      cellsSum += fl.cells(f);
      roundSum += rounds[f];
      subSum += subflows[f];
      aheadSum += aheadAtRelease[f];
      localSum += localAhead[f];
      bytes += fl.bytes(f);
      cnt++;
    }
    for (int p = 0; p < mean.length && cnt > 0; p++) {
      mean[p] /= cnt;
    }
    return new Summary(cnt, cnt == 0 ? 0 : fct / cnt, mean, cnt == 0 ? 0 : bytes / cnt,
        cnt == 0 ? 0 : cellsSum / cnt, cnt == 0 ? 0 : roundSum / cnt, cnt == 0 ? 0 : subSum / cnt,
        cnt == 0 ? 0 : aheadSum / cnt, cnt == 0 ? 0 : localSum / cnt);
  }

  /**
   * Means over a band of flows: FCT and its parts in µs, bytes, cells, last round, subflows used,
   * cells ahead of the last cell at its release (all, and those in R_ij).
   */
  public record Summary(int flows, double fctUs, double[] partsUs, double bytes, double cells, double round,
      double subflows, double ahead, double localAhead) {
    @Override
    public String toString() {
      StringBuilder b = new StringBuilder(String.format("%d flows, FCT %.2f us =", flows, fctUs));
      for (int p = 0; p < partsUs.length; p++) {
        b.append(String.format(" %s %.2f", PARTS.get(p), partsUs[p]));
      }
      return b.append(String.format("; %.0f B, %.1f cells, last round %.2f, %.1f subflows, %.2f cells ahead "
          + "(%.2f in R)", bytes, cells, round, subflows, ahead, localAhead)).toString();
    }
  }
}
