package org.fabriclab.cli.run;

import java.nio.file.Path;
import java.util.List;

/**
 * The tidy results table: {@code point,rep,seed,<coordinates>,metric,value}, one row per point
 * and metric, points in sweep order, metrics in the order the point wrote them (only the spec's
 * {@code metrics} when it lists some). Built from the points' {@code metrics.csv} files.
 */
public final class TidyCsv {
  private TidyCsv() {}

  /** Reads every point's metrics from {@code dir} and builds the table's text. */
  static String assemble(Path dir, ExperimentSpec spec, List<Point> points) {
    List<String> keys = SweepRunner.coordinates(points);
    StringBuilder b = new StringBuilder("point,rep,seed");
    keys.forEach(k -> b.append(',').append(quote(k)));
    b.append(",metric,value\n");
    for (Point p : points) {
      StringBuilder prefix = new StringBuilder();
      prefix.append(p.id()).append(',').append(p.rep()).append(',').append(p.seed());
      for (String k : keys) {
        prefix.append(',').append(quote(p.params().getOrDefault(k, "")));
      }
      for (var m : PointFiles.readMetrics(SweepRunner.metricsFile(dir, p)).entrySet()) {
        if (!spec.metrics().isEmpty() && !spec.metrics().contains(m.getKey())) {
          continue;
        }
        b.append(prefix).append(',').append(quote(m.getKey())).append(',').append(m.getValue()).append('\n');
      }
    }
    return b.toString();
  }

  /** A CSV field, quoted when it holds a comma, a quote, CR or LF (RFC 4180), as-is otherwise. */
  public static String quote(String s) {
    if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
      return s;
    }
    return '"' + s.replace("\"", "\"\"") + '"';
  }
}
