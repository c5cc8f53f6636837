package org.fabriclab.cli.shufflecast;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.cli.report.Plots;
import org.fabriclab.cli.report.Quantity;
import org.fabriclab.cli.report.ReportCharts;
import org.fabriclab.shufflecast.ShufflecastMulticastRun;

/**
 * The plots of {@code shufflecast multicast --out}: each group's completion time (request to its
 * last member's last byte; the fraction of groups done against time when there are more than
 * {@link #MAX_BARS} groups) and the per-group mean member goodput over time, the series of
 * {@code throughput.csv} (groups beyond {@link #MAX_LINES} only in the aggregate).
 */
final class MulticastPlots {
  static final int MAX_BARS = 16;
  static final int MAX_LINES = 8;

  private MulticastPlots() {}

  static void write(Path dir, ShufflecastMulticastRun.Result r) {
    List<ShufflecastMulticastRun.GroupResult> gs = r.groups();
    double[] done = gs.stream().mapToDouble(g -> g.endNs() < 0 ? Double.NaN : g.endNs() - g.requestNs()).toArray();
    if (gs.size() <= MAX_BARS) {
      List<String> names = new java.util.ArrayList<>();
      for (int g = 0; g < gs.size(); g++) {
        names.add("group " + g + " (source " + gs.get(g).source() + ")");
      }
      Plots.save(ReportCharts.bars("Group completion time (request to the last member's last byte)",
          "completion time", Quantity.TIME_NS, names, done, null), dir.resolve("group-completion"));
    } else {
      Plots.save(ReportCharts.stepCdf("Group completion time (request to the last member's last byte)",
          "completion time", "fraction of groups", Quantity.TIME_NS, Map.of("groups", done)),
          dir.resolve("group-completion"));
    }
    long[][] s = r.seriesBytes();
    int bins = s.length == 0 ? 0 : s[0].length;
    if (bins == 0) {
      return;
    }
    double binNs = r.seriesBinNs();
    double[] t = new double[bins];
    double[] sum = new double[bins];
    Map<String, double[][]> lines = new LinkedHashMap<>();
    for (int g = 0; g < s.length; g++) {
      double[] y = new double[bins];
      int n = gs.get(g).members().length;
      for (int i = 0; i < bins; i++) {
        t[i] = (i + 1) * binNs;
        y[i] = s[g][i] * 8.0 / n / binNs; // Gb/s: bytes per ns x 8
        sum[i] += y[i];
      }
      if (g < MAX_LINES) {
        lines.put("group " + g, new double[][] {t, y});
      }
    }
    if (s.length > 1) {
      lines.put("aggregate", new double[][] {t, sum});
    }
    Plots.save(ReportCharts.lines("Mean member goodput per group over time (bins of " + binWords(binNs) + ")"
        + (s.length > MAX_LINES ? ", first " + MAX_LINES + " groups" : ""), "simulated time", Quantity.TIME_NS,
        false, "goodput", Quantity.GBPS, false, lines), dir.resolve("throughput"));
  }

  private static String binWords(double ns) {
    return org.fabriclab.cli.report.Ticks.label(ns, Quantity.TIME_NS);
  }
}
