package org.fabriclab.cli.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.cli.report.Confidence;
import org.fabriclab.cli.report.HtmlReport;
import org.fabriclab.cli.report.ReportCharts;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;

/**
 * The run's {@code summary.csv} (per configuration and metric: its label, its coordinates as the
 * columns of {@code results.csv} without point, rep and seed, then the metric, repetitions, mean,
 * standard deviation, 95% confidence half-width) and {@code report.html}: key metrics as bars with
 * confidence intervals, FCT CDFs of simulate points, the summary and point tables, the spec.
 * A configuration is a point's coordinates without its repetition and seed: every distinct topology
 * entry and every distinct setting combination is one. Its label names the topology and the
 * coordinates that vary in the sweep, plus any coordinate needed to tell two configurations apart
 * (a fixed {@code link-gbps: 40} beside an entry of the same family without it).
 */
final class RunReport {
  private static final Map<String, List<String>> KEY_METRICS = Map.of(
      "topo", List.of("avgServerPathLength", "diameterHops", "switches", "links"),
      "throughput", List.of("lambda"),
      "collective", List.of("busbwGbps", "jctNs", "wireBytes"),
      "simulate", List.of("fctMeanNs.all", "fctP99Ns.all", "fctP99Ns.small", "slowdownP99.all", "goodputGbps"));

  private RunReport() {}

  static void write(Path dir, ExperimentSpec spec, List<Point> points) {
    Map<String, List<Point>> configs = configurations(points);
    Map<Integer, Map<String, String>> metrics = new LinkedHashMap<>();
    for (Point p : points) {
      metrics.put(p.index(), readMetrics(SweepRunner.metricsFile(dir, p)));
    }
    List<String> names = new ArrayList<>(metrics.get(points.get(0).index()).keySet());
    if (!spec.metrics().isEmpty()) {
      names.retainAll(spec.metrics());
    }
    List<String> coordinates = SweepRunner.coordinates(points);
    Table.Builder sb = Table.builder("summary").stringColumn("configuration");
    coordinates.forEach(sb::stringColumn);
    sb.stringColumn("metric").longColumn("n").doubleColumn("mean").doubleColumn("sd").doubleColumn("ci95HalfWidth");
    Map<String, Map<String, Confidence.Interval>> ci = new LinkedHashMap<>();
    for (Map.Entry<String, List<Point>> c : configs.entrySet()) {
      Map<String, String> params = c.getValue().get(0).params();
      for (String m : names) {
        double[] x = c.getValue().stream().mapToDouble(p -> parse(metrics.get(p.index()).get(m))).toArray();
        Confidence.Interval iv = Confidence.of(x);
        ci.computeIfAbsent(m, k -> new LinkedHashMap<>()).put(c.getKey(), iv);
        List<Object> row = new ArrayList<>();
        row.add(c.getKey());
        coordinates.forEach(k -> row.add(params.getOrDefault(k, "")));
        row.addAll(List.of(m, (long) iv.n(), iv.mean(), iv.sd(), iv.halfWidth95()));
        sb.row(row.toArray());
      }
    }
    Table summary = sb.build();
    TableWriter.write(summary, TableWriter.Format.CSV, dir.resolve("summary.csv"));

    HtmlReport r = new HtmlReport("fabriclab run: " + spec.name());
    r.paragraph(String.format(java.util.Locale.ROOT,
        "%s of kind %s: %s x %s (seeds), master seed %d, fabriclab %s."
            + " Bars are means over the repetitions; error bars are 95%% confidence intervals (Student's t).",
        count(points.size(), "point"), spec.kind(), count(configs.size(), "configuration"),
        count(spec.seeds(), "repetition"), spec.seed(), RunCommand.version()));
    List<String> labels = new ArrayList<>(configs.keySet());
    boolean numbered = labels.stream().anyMatch(l -> l.length() > ReportCharts.MAX_LABEL);
    List<String> axis = new ArrayList<>();
    for (int i = 0; i < labels.size(); i++) {
      axis.add(numbered ? "C" + (i + 1) : labels.get(i));
    }
    if (numbered) {
      Table.Builder key = Table.builder("configurations").stringColumn("bar").stringColumn("configuration");
      for (int i = 0; i < labels.size(); i++) {
        key.row(axis.get(i), labels.get(i));
      }
      r.paragraph("Configurations (the bars' labels):");
      r.table(key.build(), 1000);
    }
    Map<String, String> bar = new LinkedHashMap<>();
    for (int i = 0; i < labels.size(); i++) {
      bar.put(labels.get(i), axis.get(i));
    }
    RunCharts.add(r, dir, spec, configs, KEY_METRICS.get(spec.kind()), ci, bar, RunReport::fctUs);
    r.heading("Summary (summary.csv)");
    r.table(summary, 400);
    r.heading("Spec (resolved)");
    try {
      r.preformatted(Files.readString(dir.resolve("spec.json")));
    } catch (IOException e) {
      throw new FabriclabException("cannot read " + dir.resolve("spec.json") + ": " + e.getMessage(), e);
    }
    r.heading("Points (points.csv)");
    r.preformatted(SweepRunner.pointsCsv(points.size() > 200 ? points.subList(0, 200) : points));
    r.write(dir.resolve("report.html"));
  }

  /** {@code n} and the noun, singular for 1: "1 configuration", "3 configurations". */
  static String count(long n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  /** Readable words for metric names in titles. */
  static String describe(String metric) {
    return switch (metric) {
      case "avgServerPathLength" -> "average server path length (hops)";
      case "diameterHops" -> "diameter (hops)";
      case "lambda" -> "throughput lambda (max concurrent flow)";
      case "fctMeanNs.all" -> "mean flow completion time (ns)";
      case "fctP99Ns.all" -> "99th-percentile flow completion time (ns)";
      case "fctP99Ns.small" -> "99th-percentile FCT of flows < 100 KB (ns)";
      case "slowdownP99.all" -> "99th-percentile slowdown";
      case "goodputGbps" -> "goodput (Gbit/s)";
      case "busbwGbps" -> "bus bandwidth busbw (Gbit/s, nccl-tests)";
      case "jctNs" -> "job completion time (ns)";
      case "wireBytes" -> "payload bytes x links crossed";
      default -> metric;
    };
  }

  private static double parse(String v) {
    return v == null || v.isEmpty() ? Double.NaN : Double.parseDouble(v);
  }

  /** Keys with at least two distinct non-empty values (topology parameters: within one family). */
  private static List<String> varying(List<Point> points) {
    List<String> out = new ArrayList<>();
    for (String k : SweepRunner.coordinates(points)) {
      if (k.equals("topology.file") || k.equals("topology")) {
        continue;
      }
      Map<String, java.util.Set<String>> values = new LinkedHashMap<>();
      for (Point p : points) {
        String v = p.params().getOrDefault(k, "");
        if (!v.isEmpty()) {
          String scope = k.startsWith("topology.") ? p.params().get("topology") : "";
          values.computeIfAbsent(scope, x -> new java.util.HashSet<>()).add(v);
        }
      }
      if (values.values().stream().anyMatch(v -> v.size() > 1)) {
        out.add(k);
      }
    }
    return out;
  }

  /**
   * The points grouped by configuration (coordinates without repetition and seed), in sweep order,
   * keyed by distinct labels: the keys that vary in the sweep, then, while two configurations still
   * share a label, the first coordinate on which they differ. O(configurations × keys) per round.
   */
  static Map<String, List<Point>> configurations(List<Point> points) {
    Map<Map<String, String>, List<Point>> byParams = new LinkedHashMap<>();
    for (Point p : points) {
      byParams.computeIfAbsent(p.params(), k -> new ArrayList<>()).add(p);
    }
    List<String> keys = SweepRunner.coordinates(points);
    List<String> shown = new ArrayList<>(varying(points));
    while (true) {
      Map<String, Map<String, String>> seen = new LinkedHashMap<>();
      String extra = null;
      for (Map<String, String> c : byParams.keySet()) {
        Map<String, String> other = seen.putIfAbsent(label(c, shown), c);
        if (other != null) {
          for (String k : keys) {
            if (!shown.contains(k) && !k.equals("topology") && !k.equals("topology.file")
                && !other.getOrDefault(k, "").equals(c.getOrDefault(k, ""))) {
              extra = k;
              break;
            }
          }
          break;
        }
      }
      if (extra == null) {
        break; // labels are distinct (or the configurations differ only in their file: numbered below)
      }
      shown.add(extra);
    }
    Map<String, List<Point>> out = new LinkedHashMap<>();
    for (Map.Entry<Map<String, String>, List<Point>> e : byParams.entrySet()) {
      String l = label(e.getKey(), shown);
      String unique = l;
      for (int i = 2; out.containsKey(unique); i++) {
        unique = l + " #" + i; // two files of the same name in different folders
      }
      out.put(unique, e.getValue());
    }
    return out;
  }

  private static final List<String> SELF_DESCRIBING =
      List.of("simulate.engine", "simulate.transport", "workload.type", "throughput.traffic", "throughput.solver",
          "collective.op", "collective.scheme", "collective.engine", "collective.placement");

  private static String label(Map<String, String> params, List<String> varying) {
    List<String> parts = new ArrayList<>();
    parts.add(params.get("topology"));
    for (String k : varying) {
      String v = params.getOrDefault(k, "");
      if (!v.isEmpty()) {
        parts.add(SELF_DESCRIBING.contains(k) ? v : k.substring(k.indexOf('.') + 1) + "=" + v);
      }
    }
    return String.join(" ", parts);
  }

  private static Map<String, String> readMetrics(Path f) {
    return PointFiles.readMetrics(f);
  }

  private static double[] fctUs(Path flows) {
    try {
      List<String> lines = Files.readAllLines(flows);
      List<String> head = List.of(lines.get(0).split(","));
      int col = head.indexOf("fctNs");
      double[] out = new double[lines.size() - 1];
      int n = 0;
      for (String line : lines.subList(1, lines.size())) {
        String v = line.split(",")[col];
        double x = v.isEmpty() ? -1 : Double.parseDouble(v);
        if (x >= 0) {
          out[n++] = x / 1000;
        }
      }
      return java.util.Arrays.copyOf(out, n);
    } catch (IOException | RuntimeException e) {
      throw new FabriclabException("cannot read FCTs from " + flows + ": " + e.getMessage(), e);
    }
  }

}
