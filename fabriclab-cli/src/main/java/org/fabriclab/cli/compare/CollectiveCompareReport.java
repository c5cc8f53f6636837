package org.fabriclab.cli.compare;

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
import org.fabriclab.cli.run.PointRunner;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;

/**
 * The side-by-side view of a compare run of a collective: per fabric, scheme and size, the means
 * over the seeds of the collective's metrics in {@code compare.csv} (integer metrics rounded to
 * the nearest unit), their n, sd and 95% CI in {@code summary.csv}; busbw, JCT and bytes on the
 * wire grouped by size as PNG; all in {@code report.html}.
 */
final class CollectiveCompareReport {
  /** The metrics, as a point of kind collective writes them. */
  private static final List<String> METRICS = PointRunner.metricNames("collective");
  private static final List<String> REAL = List.of("algbwGbps", "busbwGbps");

  private CollectiveCompareReport() {}

  private record Config(String fabric, String scheme, long sizeBytes) {}

  static CompareReport.Result write(Path dir, ExperimentSpec spec, List<Point> points) {
    Map<Config, List<Map<String, Double>>> byConfig = new LinkedHashMap<>();
    for (Point p : points) {
      Config c = new Config(CompareReport.fabric(p), p.params().get("collective.scheme"),
          Long.parseLong(p.params().get("collective.size")));
      byConfig.computeIfAbsent(c, k -> new ArrayList<>()).add(CompareReport.metrics(dir, p));
    }
    Table.Builder tb = Table.builder("compare").stringColumn("fabric").stringColumn("scheme")
        .longColumn("sizeBytes").longColumn("seeds");
    METRICS.forEach(m -> {
      if (REAL.contains(m)) {
        tb.doubleColumn(m);
      } else {
        tb.longColumn(m);
      }
    });
    Table.Builder sb = Table.builder("summary").stringColumn("fabric").stringColumn("scheme")
        .longColumn("sizeBytes").stringColumn("metric").longColumn("n").doubleColumn("mean").doubleColumn("sd")
        .doubleColumn("ci95HalfWidth");
    Map<Config, Map<String, Confidence.Interval>> ci = new LinkedHashMap<>();
    for (Map.Entry<Config, List<Map<String, Double>>> e : byConfig.entrySet()) {
      Config c = e.getKey();
      Object[] row = new Object[METRICS.size() + 4];
      row[0] = c.fabric();
      row[1] = c.scheme();
      row[2] = c.sizeBytes();
      row[3] = (long) e.getValue().size();
      Map<String, Confidence.Interval> m = new LinkedHashMap<>();
      for (int i = 0; i < METRICS.size(); i++) {
        String name = METRICS.get(i);
        // over the repetitions that have a value (none on the flow engine for its packet counters)
        Confidence.Interval iv = Confidence.of(e.getValue().stream()
            .mapToDouble(x -> x.getOrDefault(name, Double.NaN)).toArray());
        m.put(name, iv);
        double v = iv.mean();
        row[i + 4] = REAL.contains(name) ? (Object) v : Double.isNaN(v) ? null : (Object) Math.round(v);
        sb.row(c.fabric(), c.scheme(), c.sizeBytes(), name, (long) iv.n(), iv.mean(), iv.sd(), iv.halfWidth95());
      }
      ci.put(c, m);
      tb.row(row);
    }
    Table table = tb.build();
    TableWriter.write(table, TableWriter.Format.CSV, dir.resolve("compare.csv"));
    TableWriter.write(sb.build(), TableWriter.Format.CSV, dir.resolve("summary.csv"));

    Point first = points.get(0);
    // a pattern's ranks follow from its settings (grid=2x4), an operation's are given
    StringBuilder shape = new StringBuilder();
    for (org.fabriclab.cli.collective.PatternSettings.Key k : org.fabriclab.cli.collective.PatternSettings.KEYS) {
      String v = first.get("collective." + k.name(), "");
      if (!v.isEmpty()) {
        shape.append(shape.length() == 0 ? "" : " ").append(k.name()).append('=').append(v);
      }
    }
    String ranks = shape.length() > 0 ? shape.toString() : first.get("collective.ranks", "") + " ranks";
    HtmlReport r = new HtmlReport("fabriclab compare: " + first.get("collective.op", "") + ", " + ranks);
    r.paragraph("The same collective (" + first.get("collective.op", "") + ", " + ranks + ", "
        + first.get("collective.placement", "") + " placement, " + first.get("collective.engine", "")
        + " engine) with every scheme and size on every fabric, the defaults of 'fabriclab collective'. Values are"
        + " means over " + spec.seeds() + " repetition(s); summary.csv gives each metric's n, standard deviation"
        + " and 95% confidence half-width (Student's t). busbw as nccl-tests defines it; wireBytes = payload"
        + " bytes x links crossed.");
    List<Long> sizes = byConfig.keySet().stream().map(Config::sizeBytes).distinct().toList();
    // nccl-tests style: each metric against the size S, one line per fabric and scheme
    Object[][] metrics = {{"busbwGbps", "bus bandwidth busbw", Quantity.GBPS},
        {"jctNs", "job completion time", Quantity.TIME_NS}, {"wireBytes", "payload bytes x links crossed", Quantity.BYTES}};
    for (Object[] m : metrics) {
      String name = (String) m[0];
      Map<String, double[][]> series = new LinkedHashMap<>();
      for (Config c : ci.keySet()) {
        double[][] v = series.computeIfAbsent(c.fabric() + " " + c.scheme(), k -> {
          double[][] nan = new double[2][sizes.size()];
          java.util.Arrays.fill(nan[1], Double.NaN);
          for (int i = 0; i < sizes.size(); i++) {
            nan[0][i] = sizes.get(i);
          }
          return nan;
        });
        v[1][sizes.indexOf(c.sizeBytes())] = ci.get(c).get(name).mean();
      }
      series.replaceAll((k, v) -> present(v));
      CompareReport.save(r, dir, name + "-by-size", ReportCharts.lines(m[1] + " against size S", "size S",
          Quantity.BYTES, true, (String) m[1], (Quantity) m[2], true, series), m[1] + " against size S");
    }
    CompareReport.finish(r, dir, table);
    Table.Builder bb = Table.builder("compare").stringColumn("fabric").stringColumn("scheme")
        .longColumn("sizeBytes").doubleColumn("jctUs").doubleColumn("algbwGbps").doubleColumn("busbwGbps")
        .longColumn("wireBytes");
    for (Map.Entry<Config, Map<String, Confidence.Interval>> e : ci.entrySet()) {
      Config c = e.getKey();
      Map<String, Confidence.Interval> m = e.getValue();
      double wire = m.get("wireBytes").mean();
      bb.row(c.fabric(), c.scheme(), c.sizeBytes(), m.get("jctNs").mean() / 1000, m.get("algbwGbps").mean(),
          m.get("busbwGbps").mean(), Double.isNaN(wire) ? null : Math.round(wire));
    }
    return new CompareReport.Result(table, bb.build());
  }

  /** The points of a line that have a value. */
  private static double[][] present(double[][] v) {
    int n = 0;
    double[][] out = new double[2][v[0].length];
    for (int i = 0; i < v[0].length; i++) {
      if (!Double.isNaN(v[1][i])) {
        out[0][n] = v[0][i];
        out[1][n++] = v[1][i];
      }
    }
    return new double[][] {java.util.Arrays.copyOf(out[0], n), java.util.Arrays.copyOf(out[1], n)};
  }
}
