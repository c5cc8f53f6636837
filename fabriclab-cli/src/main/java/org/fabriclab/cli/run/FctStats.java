package org.fabriclab.cli.run;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.probe.FctSummary;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.table.Table;

/**
 * Flow completion times by size bin, in integer nanoseconds (the mean rounded to the nearest
 * nanosecond), and slowdown. Bins as the
 * benchmark README and {@link FctSummary}: {@code small} &lt; 100 KB, {@code medium} 100 KB – 10 MB,
 * {@code large} &ge; 10 MB, plus {@code all}. Percentiles are nearest-rank (an actual flow's
 * FCT). Slowdown = FCT / ideal FCT, where the ideal is the flow's bytes serialised at its sender's
 * link rate (decision: propagation delay is left out of the ideal, so the slowdown of a tiny
 * flow also counts its path's latency). O(f log f).
 */
public final class FctStats {
  /** Bin names and byte ranges [min, max). */
  public static final List<String> BINS = List.of("all", "small", "medium", "large");
  private static final long[][] RANGES = {
    {0, Long.MAX_VALUE}, {0, 100_000}, {100_000, 10_000_000}, {10_000_000, Long.MAX_VALUE}};
  /** Per-bin metric names (each followed by {@code .bin}). */
  public static final List<String> METRICS = List.of("flows", "completedFlows", "fctMeanNs",
      "fctP50Ns", "fctP99Ns", "fctP999Ns", "slowdownMean", "slowdownP99");

  private FctStats() {}

  /** {@code metric.bin -> value} (Long or Double; NaN when a bin has no completed flow). */
  public static Map<String, Number> of(Topology t, FlowRecords r) {
    Map<String, Number> m = new LinkedHashMap<>();
    int n = r.flows();
    for (int b = 0; b < BINS.size(); b++) {
      long[] fct = new long[n];
      double[] slow = new double[n];
      int done = 0;
      int flows = 0;
      for (int i = 0; i < n; i++) {
        long size = r.trace().sizeBytes(i);
        if (size < RANGES[b][0] || size >= RANGES[b][1]) {
          continue;
        }
        flows++;
        long ps = r.fctPs(i);
        if (ps < 0) {
          continue;
        }
        int host = t.server(r.trace().src(i));
        long bps = t.capacityBps(t.firstLink(host));
        double idealNs = Math.max(1e-9, size * 8e9 / bps);
        fct[done] = Math.round(ps / 1000.0);
        slow[done] = (ps / 1000.0) / idealNs;
        done++;
      }
      long[] f = Arrays.copyOf(fct, done);
      double[] s = Arrays.copyOf(slow, done);
      Arrays.sort(f);
      Arrays.sort(s);
      String bin = "." + BINS.get(b);
      m.put("flows" + bin, (long) flows);
      m.put("completedFlows" + bin, (long) done);
      m.put("fctMeanNs" + bin, done == 0 ? (Number) Double.NaN
          : (Number) Math.round(Arrays.stream(f).asDoubleStream().sum() / done));
      m.put("fctP50Ns" + bin, rank(f, 0.5));
      m.put("fctP99Ns" + bin, rank(f, 0.99));
      m.put("fctP999Ns" + bin, rank(f, 0.999));
      m.put("slowdownMean" + bin, done == 0 ? Double.NaN : Arrays.stream(s).sum() / done);
      m.put("slowdownP99" + bin, FctSummary.nearestRank(s, 0.99));
    }
    return m;
  }

  private static Number rank(long[] sorted, double q) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int k = (int) Math.ceil(q * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length, k) - 1)];
  }

  /**
   * The statistics as a table, one row per bin (for per-point files and reports): {@code bin}, its
   * byte range [{@code minBytes}, {@code maxBytesExclusive}) (empty: no upper bound), then
   * {@link #METRICS}. A statistic of a bin without a completed flow is an empty cell, not NaN.
   */
  public static Table table(Map<String, Number> m) {
    Table.Builder tb = Table.builder("fct-by-size").stringColumn("bin").longColumn("minBytes")
        .longColumn("maxBytesExclusive");
    for (String x : METRICS) {
      if (x.startsWith("slowdown")) {
        tb.doubleColumn(x);
      } else {
        tb.longColumn(x);
      }
    }
    for (int b = 0; b < BINS.size(); b++) {
      String bin = BINS.get(b);
      Object[] row = new Object[METRICS.size() + 3];
      row[0] = bin;
      row[1] = RANGES[b][0];
      row[2] = RANGES[b][1] == Long.MAX_VALUE ? null : (Object) RANGES[b][1];
      for (int i = 0; i < METRICS.size(); i++) {
        Number v = m.get(METRICS.get(i) + "." + bin);
        row[i + 3] = v instanceof Long l ? l : v != null && Double.isFinite(v.doubleValue()) ? v : null;
      }
      tb.row(row);
    }
    return tb.build();
  }
}
