package org.fabriclab.cli.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.fabriclab.cli.report.Confidence;
import org.fabriclab.cli.report.HtmlReport;
import org.fabriclab.cli.report.Quantity;
import org.fabriclab.cli.report.ReportCharts;

/**
 * The charts of a run's {@code report.html}: each key metric per configuration (bars, 95%
 * confidence intervals when there are several repetitions), FCT CDFs of simulate points, and for
 * collective points busbw and JCT against the size S, one line per scheme and fabric (as
 * nccl-tests users read them). Simulate points of the flow and the packet engine get separate
 * charts: a fluid FCT has no propagation delay, queueing or headers, so small flows are not
 * comparable across engines (README, simulation).
 */
final class RunCharts {
  private static final int MAX_CDF_SERIES = 10;

  private RunCharts() {}

  /** Adds the charts to {@code r}; {@code axis}: the bar label of each configuration. */
  static void add(HtmlReport r, java.nio.file.Path dir, ExperimentSpec spec, Map<String, List<Point>> configs,
      List<String> metrics, Map<String, Map<String, Confidence.Interval>> ci, Map<String, String> axis,
      Function<java.nio.file.Path, double[]> fctUs) {
    Map<String, List<String>> panels = panels(configs);
    for (String m : metrics) {
      if (!ci.containsKey(m)) {
        continue;
      }
      for (Map.Entry<String, List<String>> panel : panels.entrySet()) {
        List<String> labels = panel.getValue();
        double[] mean = labels.stream().mapToDouble(l -> ci.get(m).get(l).mean()).toArray();
        double[] hw = labels.stream().mapToDouble(l -> ci.get(m).get(l).halfWidth95()).toArray();
        String title = unitless(RunReport.describe(m)) + panel.getKey();
        r.chart(ReportCharts.bars(title, unitless(RunReport.describe(m)), quantity(m),
            labels.stream().map(axis::get).toList(), mean, spec.seeds() > 1 ? hw : null),
            title + " by configuration");
      }
    }
    if (spec.kind().equals("simulate")) {
      for (Map.Entry<String, List<String>> panel : panels.entrySet()) {
        Map<String, double[]> cdf = new LinkedHashMap<>();
        for (String l : panel.getValue()) {
          if (cdf.size() < MAX_CDF_SERIES) {
            cdf.put(l, fctUs.apply(dir.resolve("points").resolve(configs.get(l).get(0).id()).resolve("flows.csv")));
          }
        }
        r.chart(ReportCharts.stepCdf("Flow completion time CDF (first repetition)" + panel.getKey(),
            "flow completion time", Quantity.TIME_US, cdf), "FCT CDF per configuration" + panel.getKey()
            + (panel.getValue().size() > MAX_CDF_SERIES ? " (first " + MAX_CDF_SERIES + ")" : ""));
      }
    }
    if (spec.kind().equals("collective")) {
      bySize(r, configs, ci, "busbwGbps", "bus bandwidth busbw (nccl-tests)", Quantity.GBPS);
      bySize(r, configs, ci, "jctNs", "job completion time", Quantity.TIME_NS);
    }
  }

  /** A metric against the size S, one line per configuration without its size. */
  private static void bySize(HtmlReport r, Map<String, List<Point>> configs,
      Map<String, Map<String, Confidence.Interval>> ci, String metric, String words, Quantity q) {
    if (!ci.containsKey(metric)) {
      return;
    }
    Map<String, List<double[]>> lines = new LinkedHashMap<>();
    for (Map.Entry<String, List<Point>> c : configs.entrySet()) {
      Point p = c.getValue().get(0);
      double v = ci.get(metric).get(c.getKey()).mean();
      if (Double.isNaN(v)) {
        continue;
      }
      StringBuilder line = new StringBuilder(p.get("collective.scheme", ""));
      for (org.fabriclab.cli.collective.PatternSettings.Key k : org.fabriclab.cli.collective.PatternSettings.KEYS) {
        String s = p.get("collective." + k.name(), "");
        if (!s.isEmpty()) {
          line.append(' ').append(k.name()).append('=').append(s); // a pattern's shape: one line per grid
        }
      }
      line.append(" @ ").append(fabric(p));
      lines.computeIfAbsent(line.toString(), k -> new ArrayList<>())
          .add(new double[] {Double.parseDouble(p.get("collective.size", "NaN")), v});
    }
    if (lines.values().stream().allMatch(l -> l.size() < 2)) {
      return; // one size: the bars above say it all
    }
    Map<String, double[][]> series = new LinkedHashMap<>();
    lines.forEach((k, v) -> {
      v.sort((a, b) -> Double.compare(a[0], b[0]));
      series.put(k, new double[][] {v.stream().mapToDouble(x -> x[0]).toArray(), v.stream().mapToDouble(x -> x[1]).toArray()});
    });
    String op = configs.values().iterator().next().get(0).get("collective.op", "");
    r.chart(ReportCharts.lines(op + ": " + words + " against size S", "size S", Quantity.BYTES, true, words, q, true,
        series), words + " against size S per scheme and fabric (means over the repetitions)");
  }

  private static String fabric(Point p) {
    StringBuilder b = new StringBuilder(p.get("topology", ""));
    p.params().forEach((k, v) -> {
      if (k.startsWith("topology.") && !k.equals("topology.file") && !v.isEmpty()) {
        b.append(' ').append(k.substring("topology.".length())).append('=').append(v);
      }
    });
    return b.toString();
  }

  /** Configurations by engine (title suffix ", flow engine"), or all in one ("") when one engine ran. */
  private static Map<String, List<String>> panels(Map<String, List<Point>> configs) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Map.Entry<String, List<Point>> c : configs.entrySet()) {
      String engine = c.getValue().get(0).params().getOrDefault("simulate.engine", "");
      out.computeIfAbsent(engine, k -> new ArrayList<>()).add(c.getKey());
    }
    if (out.size() == 1) {
      return Map.of("", new ArrayList<>(configs.keySet()));
    }
    Map<String, List<String>> named = new LinkedHashMap<>();
    out.forEach((k, v) -> named.put(", " + k + " engine", v));
    return named;
  }

  /** The unit a metric's values are in, for SI tick labels. */
  static Quantity quantity(String metric) {
    if (metric.startsWith("fct") && metric.contains("Ns")) {
      return Quantity.TIME_NS;
    }
    return switch (metric) {
      case "jctNs" -> Quantity.TIME_NS;
      case "goodputGbps", "busbwGbps" -> Quantity.GBPS;
      case "wireBytes" -> Quantity.BYTES;
      default -> Quantity.NUMBER;
    };
  }

  /** A description without its "(ns)" or "(Gbit/s)": the tick labels carry the unit. */
  private static String unitless(String words) {
    return words.replaceAll(" \\((ns|Gbit/s)\\)", "").replace(" (Gbit/s, nccl-tests)", " (nccl-tests)");
  }
}
