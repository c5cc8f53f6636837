package org.fabriclab.sim.probe;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fabriclab.table.Table;

/**
 * FCT statistics of completed flows, overall and by size bin (&lt; 100 KB, 100 KB – 10 MB,
 * &ge; 10 MB, as in the benchmark README): count, mean, nearest-rank median / p99 / p99.9 in ms.
 * O(f log f).
 */
public final class FctSummary {
  /** One row of statistics. */
  public record Stats(String bin, int flows, int completed, double meanMs, double medianMs,
      double p99Ms, double p999Ms) {}

  private FctSummary() {}

  /** Nearest-rank percentile of sorted values: the ceil(q·n)-th smallest (q in (0,1]). */
  public static double nearestRank(double[] sorted, double q) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int rank = (int) Math.ceil(q * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
  }

  public static Stats stats(FlowRecords r, String bin, long minBytes, long maxBytesExclusive) {
    double[] v = new double[r.flows()];
    int n = 0;
    int flows = 0;
    for (int i = 0; i < r.flows(); i++) {
      long s = r.trace().sizeBytes(i);
      if (s < minBytes || s >= maxBytesExclusive) {
        continue;
      }
      flows++;
      if (r.fctPs(i) >= 0) {
        v[n++] = r.fctPs(i) / 1e9;
      }
    }
    double[] d = Arrays.copyOf(v, n);
    Arrays.sort(d);
    double sum = 0;
    for (double x : d) {
      sum += x;
    }
    return new Stats(bin, flows, n, n == 0 ? Double.NaN : sum / n, nearestRank(d, 0.5),
        nearestRank(d, 0.99), nearestRank(d, 0.999));
  }

  /**
   * Overall and per-bin statistics as a table; bins are named as in the CLI's CSV ({@code all},
   * {@code small}, {@code medium}, {@code large}) followed by their byte range. A statistic of a
   * bin without a completed flow is an empty cell ({@code null}), not NaN.
   */
  public static Table table(FlowRecords r) {
    Table.Builder b =
        Table.builder("fct-summary")
            .stringColumn("bin").longColumn("flows").longColumn("completed")
            .doubleColumn("fctMeanMs").doubleColumn("fctMedianMs").doubleColumn("fctP99Ms")
            .doubleColumn("fctP999Ms");
    for (Stats s : new Stats[] {
        stats(r, "all", 0, Long.MAX_VALUE),
        stats(r, "small <100KB", 0, 100_000),
        stats(r, "medium 100KB-10MB", 100_000, 10_000_000),
        stats(r, "large >=10MB", 10_000_000, Long.MAX_VALUE)}) {
      b.row(s.bin(), s.flows(), s.completed(), orNull(s.meanMs()), orNull(s.medianMs()),
          orNull(s.p99Ms()), orNull(s.p999Ms()));
    }
    return b.build();
  }

  private static Double orNull(double v) {
    return Double.isNaN(v) ? null : v;
  }

  /** The headline numbers as an ordered map (the CLI's --json object starts from it). */
  public static Map<String, Object> headline(FlowRecords r) {
    Stats s = stats(r, "all", 0, Long.MAX_VALUE);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("flows", r.flows());
    m.put("completed", r.completed());
    m.put("fctMeanMs", s.meanMs());
    m.put("fctMedianMs", s.medianMs());
    m.put("fctP99Ms", s.p99Ms());
    m.put("fctP999Ms", s.p999Ms());
    return m;
  }
}
