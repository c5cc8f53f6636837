package org.fabriclab.shoal;

import java.util.Arrays;

/**
 * The metrics of seed 003 §6.2/§7: destination throughput (useful payload bytes received per
 * destination, §6.2), short-flow (≤ 100 KB) FCT percentiles and long-flow (≥ 1 MB) mean goodput
 * (§7.3: payload bytes / FCT, so the 8 B header is accounted for). Only finished flows count.
 */
public final class ShoalMetrics {
  public static final long SHORT_MAX_BYTES = 100_000;
  public static final long LONG_MIN_BYTES = 1_000_000;

  private ShoalMetrics() {}

  /**
   * The load a flow sample actually offers, as a fraction of the rack's bandwidth: Σ bytes·8 /
   * (span · N · R), span = the last flow's start (arrivals start at time 0). §7.3 sets L with the
   * size distribution's mean; a Pareto(1.05) sample's mean is far below it and grows with the
   * sample, so this can differ much from L. NaN when every flow starts at 0.
   */
  public static double offeredLoad(ShoalFlows fl, int nodes, double nodeGbps) {
    long span = 0;
    double bits = 0;
    for (int f = 0; f < fl.size(); f++) {
      span = Math.max(span, fl.startPs(f));
      bits += 8.0 * fl.bytes(f);
    }
    return span == 0 ? Double.NaN : bits / (span * 1e-12 * nodes * nodeGbps * 1e9);
  }

  /**
   * Mean over destinations that have flows of delivered payload bits / (last delivery − first
   * start) at that destination, in Gb/s; measured over finished flows.
   */
  public static double destinationThroughputGbps(ShoalFlows fl, int nodes) {
    long[] bytes = new long[nodes];
    long[] first = new long[nodes];
    long[] last = new long[nodes];
    Arrays.fill(first, Long.MAX_VALUE);
    for (int f = 0; f < fl.size(); f++) {
      if (fl.endPs(f) < 0) {
        continue;
      }
      int d = fl.dst(f);
      bytes[d] += fl.bytes(f);
      first[d] = Math.min(first[d], fl.startPs(f));
      last[d] = Math.max(last[d], fl.endPs(f));
    }
    double sum = 0;
    int m = 0;
    for (int d = 0; d < nodes; d++) {
      if (bytes[d] > 0) {
        sum += bytes[d] * 8.0 / (last[d] - first[d]) * 1000; // bits/ps -> Gb/s
        m++;
      }
    }
    return m == 0 ? 0 : sum / m;
  }

  /** The p-quantile (0..1, nearest rank) of the FCTs of finished flows of ≤ 100 KB, in µs; NaN if none. */
  public static double shortFctUs(ShoalFlows fl, double p) {
    double[] v = fcts(fl, 1, SHORT_MAX_BYTES);
    if (v.length == 0) {
      return Double.NaN;
    }
    Arrays.sort(v);
    int idx = (int) Math.ceil(p * v.length) - 1;
    return v[Math.max(0, Math.min(v.length - 1, idx))];
  }

  /**
   * The fraction of finished short flows (≤ 100 KB) whose FCT exceeds {@code us} µs; NaN if none. With
   * a transport's retransmission-timeout floor as {@code us}, it tells whether the 99.9th percentile
   * lies on a timeout (the fraction ≥ 0.001) or below it.
   */
  public static double shortShareSlowerThan(ShoalFlows fl, double us) {
    double[] v = fcts(fl, 1, SHORT_MAX_BYTES);
    int slow = 0;
    for (double x : v) {
      slow += x > us ? 1 : 0;
    }
    return v.length == 0 ? Double.NaN : slow / (double) v.length;
  }

  /**
   * The largest number of flows active at once towards one destination (a flow is active from its
   * start until its end, or for ever when it did not finish): Eq. 5 of §3.3.3 bounds every queue
   * Q_ij by this number plus one. A sweep over 2F sorted events: O(F log F).
   */
  public static int maxConcurrentToOneDestination(ShoalFlows fl, int nodes) {
    int n = fl.size();
    long[] key = new long[2 * n];
    int[] dst = new int[2 * n];
    int[] delta = new int[2 * n];
    Integer[] order = new Integer[2 * n];
    for (int f = 0; f < n; f++) {
      key[2 * f] = fl.startPs(f);
      dst[2 * f] = fl.dst(f);
      delta[2 * f] = 1;
      key[2 * f + 1] = fl.endPs(f) < 0 ? Long.MAX_VALUE : fl.endPs(f);
      dst[2 * f + 1] = fl.dst(f);
      delta[2 * f + 1] = -1;
      order[2 * f] = 2 * f;
      order[2 * f + 1] = 2 * f + 1;
    }
    // ends before starts at the same instant: a flow that ends as another starts does not overlap it
    Arrays.sort(order, (x, y) -> key[x] != key[y] ? Long.compare(key[x], key[y]) : Integer.compare(delta[x], delta[y]));
    int[] active = new int[nodes];
    int best = 0;
    for (int e : order) {
      active[dst[e]] += delta[e];
      best = Math.max(best, active[dst[e]]);
    }
    return best;
  }

  /** Mean FCT (µs) of finished flows with bytes in [lo, hi]. */
  public static double meanFctUs(ShoalFlows fl, long lo, long hi) {
    double[] v = fcts(fl, lo, hi);
    return v.length == 0 ? Double.NaN : Arrays.stream(v).average().orElse(Double.NaN);
  }

  /** Mean goodput (Gb/s) of finished flows of ≥ 1 MB; NaN if none. */
  public static double longGoodputGbps(ShoalFlows fl) {
    double sum = 0;
    int m = 0;
    for (int f = 0; f < fl.size(); f++) {
      if (fl.endPs(f) >= 0 && fl.bytes(f) >= LONG_MIN_BYTES) {
        sum += fl.bytes(f) * 8.0 / fl.fctPs(f) * 1000;
        m++;
      }
    }
    return m == 0 ? Double.NaN : sum / m;
  }

  private static double[] fcts(ShoalFlows fl, long lo, long hi) {
    int m = 0;
    for (int f = 0; f < fl.size(); f++) {
      if (fl.endPs(f) >= 0 && fl.bytes(f) >= lo && fl.bytes(f) <= hi) {
        m++;
      }
    }
    double[] v = new double[m];
    m = 0;
    for (int f = 0; f < fl.size(); f++) {
      if (fl.endPs(f) >= 0 && fl.bytes(f) >= lo && fl.bytes(f) <= hi) {
        v[m++] = fl.fctPs(f) / 1e6;
      }
    }
    return v;
  }
}
