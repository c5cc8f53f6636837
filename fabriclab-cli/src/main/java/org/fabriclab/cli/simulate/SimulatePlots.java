package org.fabriclab.cli.simulate;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.cli.report.Quantity;
import org.fabriclab.cli.report.ReportCharts;
import org.fabriclab.cli.run.FctStats;
import org.fabriclab.io.OutputFiles;
import org.fabriclab.sim.probe.FlowRecords;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * The plots of {@code simulate --out}: the step CDF of flow completion times,
 * one curve per size bin (the bins of {@link FctStats}), and mean and 99th-percentile slowdown by
 * size bin. O(f log f) for f flows.
 */
final class SimulatePlots {
  private static final String[] BIN_WORDS = {"all flows", "small (< 100 KB)", "medium (100 KB - 10 MB)",
      "large (>= 10 MB)"};
  private static final long[][] RANGES = {
    {0, Long.MAX_VALUE}, {0, 100_000}, {100_000, 10_000_000}, {10_000_000, Long.MAX_VALUE}};

  private SimulatePlots() {}

  /** Writes {@code fct-cdf.png} and {@code slowdown-by-size.png} into {@code dir}. */
  static void write(Path dir, FlowRecords flows, Map<String, Number> stats) throws IOException {
    Map<String, double[]> cdf = new LinkedHashMap<>();
    for (int b = 0; b < RANGES.length; b++) {
      double[] us = fctsUs(flows, RANGES[b][0], RANGES[b][1]);
      if (us.length > 0 && (b == 0 || us.length < flows.flows())) {
        cdf.put(BIN_WORDS[b], us);
      }
    }
    if (!cdf.isEmpty()) {
      save(dir.resolve("fct-cdf.png"), ReportCharts.stepCdf("Flow completion time CDF by flow size",
          "flow completion time", Quantity.TIME_US, cdf));
    }
    double[] mean = new double[FctStats.BINS.size()];
    double[] p99 = new double[FctStats.BINS.size()];
    for (int b = 0; b < mean.length; b++) {
      mean[b] = stats.get("slowdownMean." + FctStats.BINS.get(b)).doubleValue();
      p99[b] = stats.get("slowdownP99." + FctStats.BINS.get(b)).doubleValue();
    }
    Map<String, double[]> series = new LinkedHashMap<>();
    series.put("mean", mean);
    series.put("99th percentile", p99);
    save(dir.resolve("slowdown-by-size.png"), ReportCharts.groupedBars("Slowdown by flow size",
        "slowdown (FCT / ideal FCT)", Quantity.NUMBER, List.of(BIN_WORDS), series));
  }

  private static double[] fctsUs(FlowRecords r, long min, long max) {
    int n = 0;
    double[] v = new double[r.flows()];
    for (int i = 0; i < r.flows(); i++) {
      long size = r.trace().sizeBytes(i);
      long ps = r.fctPs(i);
      if (size >= min && size < max && ps >= 0) {
        v[n++] = ps / 1e6;
      }
    }
    return java.util.Arrays.copyOf(v, n);
  }

  private static void save(Path file, Chart<?, ?> chart) throws IOException {
    byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    OutputFiles.write(file, out -> out.write(png));
  }
}
