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
