package org.fabriclab.cli.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.io.OutputFiles;
import org.fabriclab.table.Table;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Plots from {@link Table}s with XChart, written as PNG and SVG side by side ({@code base.png},
 * {@code base.svg}), each atomically (temp file, then move). Headless.
 */
public final class Plots {
  private Plots() {}

  /** A bar chart of {@code yColumn} per row labelled by {@code xColumn}. */
  public static void bar(Table t, String xColumn, String yColumn, String title, String yLabel, Path base) {
    bar(t, xColumn, yColumn, title, yLabel, Quantity.NUMBER, base);
  }

  /** {@link #bar}, with y values of quantity {@code q} (SI tick labels). */
  public static void bar(Table t, String xColumn, String yColumn, String title, String yLabel, Quantity q,
      Path base) {
    List<String> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (int r = 0; r < t.rowCount(); r++) {
      if (present(t, r, yColumn)) { // a missing value (empty CSV cell) has no bar
        xs.add(t.getString(r, xColumn));
        ys.add(t.getDouble(r, yColumn));
      }
    }
    save(ReportCharts.bars(title, yLabel, q, xs, ys.stream().mapToDouble(Double::doubleValue).toArray(), null),
        base);
  }

  /**
   * One line per distinct value of {@code seriesColumn} (or a single line when it is null), x and
   * y from numeric columns, in table order.
   */
  public static void lines(
      Table t, String xColumn, String yColumn, String seriesColumn, String title, String xLabel,
      String yLabel, Path base) {
    lines(t, xColumn, yColumn, seriesColumn, title, xLabel, yLabel, false, base);
  }

  /** {@link #lines}, with a logarithmic x axis when {@code logX} (and every x is positive). */
  public static void lines(
      Table t, String xColumn, String yColumn, String seriesColumn, String title, String xLabel,
      String yLabel, boolean logX, Path base) {
    lines(t, xColumn, yColumn, seriesColumn, title, xLabel, Quantity.NUMBER, logX, yLabel, Quantity.NUMBER, base);
  }

  /**
   * {@link #lines} with the quantities of x and y (SI tick labels); log x when {@code logX} and the
   * values span more than two decades, log y when they do.
   */
  public static void lines(Table t, String xColumn, String yColumn, String seriesColumn, String title,
      String xLabel, Quantity xq, boolean logX, String yLabel, Quantity yq, Path base) {
    save(ReportCharts.lines(title, xLabel, xq, logX, yLabel, yq, true, series(t, xColumn, yColumn, seriesColumn)),
        base);
  }

  /**
   * Step CDFs from a histogram table: per distinct {@code seriesColumn}, {@code valueColumn}
   * weighted by {@code weightColumn} (a hop count and its number of pairs).
   */
  public static void stepCdf(Table t, String valueColumn, String weightColumn, String seriesColumn, String title,
      String xLabel, String yLabel, Path base) {
    Map<String, double[][]> h = series(t, valueColumn, weightColumn, seriesColumn);
    Map<String, StepCdf.Points> pts = new LinkedHashMap<>();
    h.forEach((k, v) -> pts.put(k, StepCdf.weighted(v[0], v[1])));
    save(ReportCharts.stepCdfOf(title, xLabel, yLabel, Quantity.NUMBER, pts, false), base);
  }

  private static Map<String, double[][]> series(Table t, String xColumn, String yColumn, String seriesColumn) {
    Map<String, List<double[]>> series = new LinkedHashMap<>();
    for (int r = 0; r < t.rowCount(); r++) {
      if (!present(t, r, xColumn) || !present(t, r, yColumn)) {
        continue; // a missing value (empty CSV cell) is no point
      }
      String s = seriesColumn == null ? yColumn : t.getString(r, seriesColumn);
      series.computeIfAbsent(s, k -> new ArrayList<>())
          .add(new double[] {t.getDouble(r, xColumn), t.getDouble(r, yColumn)});
    }
    Map<String, double[][]> out = new LinkedHashMap<>();
    series.forEach((k, v) -> out.put(k, new double[][] {
        v.stream().mapToDouble(p -> p[0]).toArray(), v.stream().mapToDouble(p -> p[1]).toArray()}));
    return out;
  }

  /** Whether the cell holds a number (not null, not NaN): missing values are left out of a plot. */
  static boolean present(Table t, int row, String column) {
    return t.get(row, column) instanceof Number n && !Double.isNaN(n.doubleValue());
  }

  /** Writes {@code chart} as {@code base.png} and {@code base.svg}, each atomically. */
  public static void save(Chart<?, ?> chart, Path base) {
    writeAtomically(base.resolveSibling(base.getFileName() + ".png"), os -> BitmapEncoder.saveBitmap(chart, os, BitmapEncoder.BitmapFormat.PNG));
    writeAtomically(base.resolveSibling(base.getFileName() + ".svg"), os -> VectorGraphicsEncoder.saveVectorGraphic(chart, os, VectorGraphicsEncoder.VectorGraphicsFormat.SVG));
  }

  private static void writeAtomically(Path file, OutputFiles.Body body) {
    OutputFiles.write(file, body);
  }
}
