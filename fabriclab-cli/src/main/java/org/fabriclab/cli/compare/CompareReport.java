package org.fabriclab.cli.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.cli.report.Confidence;
import org.fabriclab.cli.report.HtmlReport;
import org.fabriclab.cli.report.Quantity;
import org.fabriclab.cli.report.ReportCharts;
import org.fabriclab.cli.run.ExperimentSpec;
import org.fabriclab.cli.run.Point;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.io.OutputFiles;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * The side-by-side view of a compare run: per fabric and transport, the means over the seeds of
 * FCT (mean, p99, p99.9) by size bin, slowdown, goodput and cost (servers, switches, links, switch
 * ports) in {@code compare.csv}; grouped bar charts and FCT CDFs as PNG; all in {@code report.html}.
 */
final class CompareReport {
  /** The comparison as written to compare.csv, and its short form for the terminal. */
  record Result(Table table, Table brief) {}

  private static final List<String> BINS = List.of("small", "medium", "large", "all");
  private static final List<String> COST = List.of("servers", "switches", "links", "switchPorts");

  private CompareReport() {}

  static Result write(Path dir, ExperimentSpec spec, List<Point> points) {
    boolean transports = points.stream().map(p -> p.params().get("simulate.transport")).distinct().count() > 1;
    Map<String, List<Map<String, Double>>> byConfig = new LinkedHashMap<>();
    Map<String, Point> first = new LinkedHashMap<>();
    for (Point p : points) {
      String label = label(p, transports);
      byConfig.computeIfAbsent(label, k -> new ArrayList<>()).add(metrics(dir, p));
      first.putIfAbsent(label, p);
    }
    List<String> cols = new ArrayList<>(COST);
    cols.add("goodputGbps");
    for (String b : BINS) {
      for (String m : List.of("fctMeanNs", "fctP99Ns", "fctP999Ns", "slowdownMean", "slowdownP99")) {
        cols.add(m + "." + b);
      }
    }
    Table.Builder tb = Table.builder("compare").stringColumn("fabric").stringColumn("transport").longColumn("seeds");
    // counts and times (ns) are integers: means over repetitions rounded to the nearest unit
    java.util.function.Predicate<String> integral = c -> COST.contains(c) || c.startsWith("fct");
    cols.forEach(c -> {
      if (integral.test(c)) {
        tb.longColumn(c);
      } else {
        tb.doubleColumn(c);
      }
    });
    Map<String, Map<String, Double>> mean = new LinkedHashMap<>();
    for (Map.Entry<String, List<Map<String, Double>>> e : byConfig.entrySet()) {
      Map<String, Double> m = new LinkedHashMap<>();
      for (String c : cols) {
        // the mean over the repetitions that have a value, as summary.csv (which gives their n)
        m.put(c, Confidence.of(e.getValue().stream().mapToDouble(x -> x.getOrDefault(c, Double.NaN)).toArray()).mean());
      }
      mean.put(e.getKey(), m);
      Point p = first.get(e.getKey());
      Object[] row = new Object[cols.size() + 3];
      row[0] = fabric(p);
      row[1] = transport(p);
      row[2] = (long) e.getValue().size();
      for (int i = 0; i < cols.size(); i++) {
        double v = m.get(cols.get(i));
        row[i + 3] = !integral.test(cols.get(i)) ? (Object) v : Double.isNaN(v) ? null : (Object) Math.round(v);
      }
      tb.row(row);
    }
    Table table = tb.build();
    TableWriter.write(table, TableWriter.Format.CSV, dir.resolve("compare.csv"));
    // the spread over the repetitions, long form as run's summary.csv: n, mean, sd, 95% half-width
    Table.Builder sb = Table.builder("summary").stringColumn("fabric").stringColumn("transport")
        .stringColumn("metric").longColumn("n").doubleColumn("mean").doubleColumn("sd").doubleColumn("ci95HalfWidth");
    for (Map.Entry<String, List<Map<String, Double>>> e : byConfig.entrySet()) {
      Point p = first.get(e.getKey());
      for (String c : cols) {
        Confidence.Interval iv = Confidence.of(e.getValue().stream()
            .mapToDouble(x -> x.getOrDefault(c, Double.NaN)).toArray());
        sb.row(fabric(p), transport(p), c, (long) iv.n(),
            iv.mean(), iv.sd(), iv.halfWidth95());
      }
    }
    TableWriter.write(sb.build(), TableWriter.Format.CSV, dir.resolve("summary.csv"));

    List<String> labels = new ArrayList<>(mean.keySet());
    HtmlReport r = new HtmlReport("fabriclab compare");
    r.paragraph("The same workload on every fabric" + (transports ? " and transport" : "")
        + " (same seed per repetition; a trace file is replayed as is; a load sets each fabric's arrival rate"
        + " from its servers and host link speed, so fabrics that differ in those replay different traces of"
        + " the same offered load). Values are means over " + spec.seeds()
        + " repetition(s) (over those with a value: a size bin may be empty in one); summary.csv gives each metric's n, standard deviation and 95% confidence half-width"
        + " (Student's t). Size bins: small < 100 KB, medium 100 KB - 10 MB, large >= 10 MB.");
    for (String[] m : new String[][] {{"fctMeanNs", "mean FCT"}, {"fctP99Ns", "99th-percentile FCT"},
        {"fctP999Ns", "99.9th-percentile FCT"}, {"slowdownP99", "99th-percentile slowdown"}}) {
      for (Map.Entry<String, List<String>> panel : panels(labels, first).entrySet()) {
        Map<String, double[]> series = new LinkedHashMap<>();
        for (String l : panel.getValue()) {
          series.put(l, BINS.stream().mapToDouble(b -> mean.get(l).get(m[0] + "." + b)).toArray());
        }
        save(r, dir, m[0] + "-by-size" + panel.getKey(), ReportCharts.groupedBars(m[1] + " by flow size"
            + engineWords(panel.getKey()), m[1], m[0].startsWith("fct") ? Quantity.TIME_NS : Quantity.NUMBER,
            List.of("< 100 KB", "100 KB - 10 MB", ">= 10 MB", "all flows"), series), m[1] + " by flow size"
            + engineWords(panel.getKey()));
      }
    }
    save(r, dir, "goodput", ReportCharts.bars("Goodput", "goodput", Quantity.GBPS, labels,
        labels.stream().mapToDouble(l -> mean.get(l).get("goodputGbps")).toArray(), null), "goodput");
    // cost is the fabric's, whatever the transport: one bar per fabric
    Map<String, double[]> cost = new LinkedHashMap<>();
    for (String l : labels) {
      cost.putIfAbsent(fabric(first.get(l)), COST.stream().mapToDouble(c -> mean.get(l).get(c)).toArray());
    }
    if (cost.values().stream().map(java.util.Arrays::toString).distinct().count() > 1) {
      save(r, dir, "cost", ReportCharts.groupedBars("Cost", "count", Quantity.NUMBER,
          List.of("servers", "switches", "links", "switch ports"), cost),
          "cost per fabric: servers, switches, links (cables) and switch ports");
    } else { // equal equipment: a chart of equal bars says less than a sentence
      double[] c = cost.values().iterator().next();
      r.paragraph(String.format(java.util.Locale.ROOT, "Cost: every fabric has the same equipment, %,.0f servers,"
          + " %,.0f switches, %,.0f links (cables) and %,.0f switch ports (compare.csv).", c[0], c[1], c[2], c[3]));
    }
    for (Map.Entry<String, List<String>> panel : panels(labels, first).entrySet()) {
      Map<String, double[]> cdf = new LinkedHashMap<>();
      for (String l : panel.getValue()) {
        cdf.put(l, fctUs(dir.resolve("points").resolve(first.get(l).id()).resolve("flows.csv")));
      }
      save(r, dir, "fct-cdf" + panel.getKey(), ReportCharts.stepCdf("Flow completion time CDF (first repetition)"
          + engineWords(panel.getKey()), "flow completion time", Quantity.TIME_US, cdf),
          "FCT CDF" + engineWords(panel.getKey()));
    }
    finish(r, dir, table);
    Table.Builder bb = Table.builder("compare").stringColumn("fabric").stringColumn("transport")
        .longColumn("switches").longColumn("links").doubleColumn("goodputGbps").doubleColumn("fctMeanUs")
        .doubleColumn("fctP99Us").doubleColumn("slowdownP99");
    for (int i = 0; i < table.rowCount(); i++) {
      Map<String, Double> m = mean.get(labels.get(i));
      bb.row(table.get(i, 0), table.get(i, 1), Math.round(m.get("switches")), Math.round(m.get("links")),
          m.get("goodputGbps"), m.get("fctMeanNs.all") / 1000, m.get("fctP99Ns.all") / 1000, m.get("slowdownP99.all"));
    }
    return new Result(table, bb.build());
  }

  /** The transport column: the packet engine's transport, or "flow engine". */
  private static String transport(Point p) {
    return p.get("simulate.transport", p.get("simulate.engine", "") + " engine");
  }

  static void save(HtmlReport r, Path dir, String name, Chart<?, ?> chart, String caption) {
    byte[] png;
    try {
      png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new FabriclabException("cannot draw " + name + ": " + e.getMessage(), e);
    }
    OutputFiles.write(dir.resolve(name + ".png"), out -> out.write(png));
    r.png(png, caption);
  }

  static String fabric(Point p) {
    StringBuilder b = new StringBuilder(p.params().get("topology"));
    p.params().forEach((k, v) -> {
      if (k.startsWith("topology.") && !k.equals("topology.file") && !v.isEmpty()) {
        b.append(' ').append(k.substring("topology.".length())).append('=').append(v);
      }
    });
    return b.toString();
  }

  private static String label(Point p, boolean transports) {
    return fabric(p) + (transports ? " " + p.get("simulate.transport", "") : "");
  }

  static Map<String, Double> metrics(Path dir, Point p) {
    Path f = dir.resolve("points").resolve(p.id()).resolve("metrics.csv");
    Map<String, Double> m = new LinkedHashMap<>();
    try {
      List<String> lines = Files.readAllLines(f);
      for (String line : lines.subList(1, lines.size())) {
        int c = line.lastIndexOf(',');
        String v = line.substring(c + 1);
        m.put(line.substring(0, c), v.isEmpty() ? Double.NaN : Double.parseDouble(v));
      }
    } catch (IOException e) {
      throw new FabriclabException("cannot read " + f + ": " + e.getMessage(), e);
    }
    return m;
  }

  private static double[] fctUs(Path flows) {
    try {
      List<String> lines = Files.readAllLines(flows);
      int col = List.of(lines.get(0).split(",")).indexOf("fctNs");
      double[] out = new double[lines.size() - 1];
      int n = 0;
      for (String line : lines.subList(1, lines.size())) {
        String v = line.split(",")[col];
        if (!v.isEmpty() && Double.parseDouble(v) >= 0) {
          out[n++] = Double.parseDouble(v) / 1000;
        }
      }
      return java.util.Arrays.copyOf(out, n);
    } catch (IOException e) {
      throw new FabriclabException("cannot read " + flows + ": " + e.getMessage(), e);
    }
  }

  /** The report's end, the same for flows and collectives: the comparison table, the resolved spec, the file. */
  static void finish(HtmlReport r, Path dir, Table table) {
    r.heading("Comparison (compare.csv)");
    r.table(table, 100);
    r.heading("Spec (resolved)");
    try {
      r.preformatted(Files.readString(dir.resolve("spec.json")));
    } catch (IOException e) {
      throw new FabriclabException("cannot read " + dir.resolve("spec.json") + ": " + e.getMessage(), e);
    }
    r.write(dir.resolve("report.html"));
  }

  /**
   * The configurations split by engine: the flow and packet engines are not comparable for small
   * flows (README: a fluid FCT has no propagation delay, queueing or headers), so each gets its own charts. Keys: "" when one engine ran, else
   * "-flow" and "-packet" (file name suffixes).
   */
  static Map<String, List<String>> panels(List<String> labels, Map<String, Point> first) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String l : labels) {
      out.computeIfAbsent(first.get(l).get("simulate.engine", "packet"), k -> new ArrayList<>()).add(l);
    }
    if (out.size() == 1) {
      return Map.of("", labels);
    }
    Map<String, List<String>> named = new LinkedHashMap<>();
    out.forEach((k, v) -> named.put("-" + k, v));
    return named;
  }

  /** The title words of a panel key of {@link #panels}. */
  static String engineWords(String key) {
    return key.isEmpty() ? "" : ", " + key.substring(1) + " engine";
  }
}
