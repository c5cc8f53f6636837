package org.fabriclab.cli.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.io.OutputFiles;
import org.fabriclab.table.Table;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/**
 * Plots from {@link Table}s with XChart, written as PNG and SVG side by side ({@code base.png},
 * {@code base.svg}), each atomically (temp file, then move). Headless.
 */
public final class Plots {
  private static final int WIDTH = 900;
  private static final int HEIGHT = 540;

  private Plots() {}

  /** A bar chart of {@code yColumn} per row labelled by {@code xColumn}. */
  public static void bar(Table t, String xColumn, String yColumn, String title, String yLabel, Path base) {
    CategoryChart c =
        new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xColumn)
            .yAxisTitle(yLabel).build();
    c.getStyler().setLegendVisible(false);
    c.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
    List<String> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (int r = 0; r < t.rowCount(); r++) {
      if (present(t, r, yColumn)) { // a missing value (empty CSV cell) has no bar
        xs.add(t.getString(r, xColumn));
        ys.add(t.getDouble(r, yColumn));
      }
    }
    int longest = xs.stream().mapToInt(String::length).max().orElse(0);
    if (longest * xs.size() > 90) {
      c.getStyler().setXAxisLabelRotation(45); // labels that would overlap are slanted
    }
    c.addSeries(yColumn, xs, ys);
    save(c, base);
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
    XYChart c =
        new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xLabel)
            .yAxisTitle(yLabel).build();
    // below the plot: a legend never covers data
    c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    c.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
    Map<String, List<double[]>> series = new LinkedHashMap<>();
    for (int r = 0; r < t.rowCount(); r++) {
      if (!present(t, r, xColumn) || !present(t, r, yColumn)) {
        continue; // a missing value (empty CSV cell) is no point
      }
      String s = seriesColumn == null ? yColumn : t.getString(r, seriesColumn);
      series.computeIfAbsent(s, k -> new ArrayList<>())
          .add(new double[] {t.getDouble(r, xColumn), t.getDouble(r, yColumn)});
    }
    c.getStyler().setLegendVisible(series.size() > 1);
    double[] ylo = {Double.MAX_VALUE};
    double[] yhi = {0};
    boolean[] positive = {true};
    for (Map.Entry<String, List<double[]>> e : series.entrySet()) {
      double[] x = e.getValue().stream().mapToDouble(p -> p[0]).toArray();
      double[] y = e.getValue().stream().mapToDouble(p -> p[1]).toArray();
      for (double v : y) {
        positive[0] &= v > 0;
        ylo[0] = Math.min(ylo[0], v);
        yhi[0] = Math.max(yhi[0], v);
      }
      c.addSeries(e.getKey(), x, y);
    }
    // a log axis when the values span more than three decades
    c.getStyler().setYAxisLogarithmic(positive[0] && ylo[0] > 0 && yhi[0] / ylo[0] > 1000);
    if (logX) {
      boolean xPositive = series.values().stream().flatMap(List::stream).allMatch(p -> p[0] > 0);
      c.getStyler().setXAxisLogarithmic(xPositive);
    }
    save(c, base);
  }

  /** Whether the cell holds a number (not null, not NaN): missing values are left out of a plot. */
  static boolean present(Table t, int row, String column) {
    return t.get(row, column) instanceof Number n && !Double.isNaN(n.doubleValue());
  }

  private static void save(Chart<?, ?> chart, Path base) {
    writeAtomically(base.resolveSibling(base.getFileName() + ".png"), os -> BitmapEncoder.saveBitmap(chart, os, BitmapEncoder.BitmapFormat.PNG));
    writeAtomically(base.resolveSibling(base.getFileName() + ".svg"), os -> VectorGraphicsEncoder.saveVectorGraphic(chart, os, VectorGraphicsEncoder.VectorGraphicsFormat.SVG));
  }

  private static void writeAtomically(Path file, OutputFiles.Body body) {
    OutputFiles.write(file, body);
  }
}
