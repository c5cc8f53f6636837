package org.fabriclab.cli.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Charts for reports, made to be read: axes laid out by {@link Axis} (a handful of ticks, SI
 * labels, log scales as decades when values span more than two), category labels slanted when
 * they would overlap, legends below the plot and only when there are several series, step CDFs
 * ({@link StepCdf}) with a distinct dash per series so equal curves stay visible, and means with
 * 95% confidence intervals whose whiskers stop at the lower end of the data's range (0 for
 * non-negative metrics).
 */
public final class ReportCharts {
  static final int WIDTH = 900;
  static final int HEIGHT = 520;
  private static final float[][] DASHES = {null, {9f, 5f}, {2f, 4f}, {12f, 4f, 2f, 4f}};

  private ReportCharts() {}

  /** Longest category label {@link #bars} shows; callers number longer ones and give a key. */
  public static final int MAX_LABEL = 32;

  /**
   * One bar per category (NaN: no bar); with {@code halfWidths} (null for none) an error bar of the
   * 95% interval, clipped below at 0 when no value is negative.
   */
  public static org.knowm.xchart.internal.chartpart.Chart<?, ?> bars(String title, String yLabel, Quantity q,
      List<String> categories, double[] values, double[] halfWidths) {
    if (halfWidths == null) {
      Map<String, double[]> one = new java.util.LinkedHashMap<>();
      one.put(yLabel, values);
      return groupedBars(title, yLabel, q, categories, one);
    }
    XYChart c = xy(title, null, yLabel, 1);
    c.getStyler().setLegendVisible(false);
    slant(c.getStyler(), categories);
    int longest = categories.stream().mapToInt(String::length).max().orElse(0);
    if (longest * 5.5 > 780.0 / Math.max(1, categories.size())) {
      c.getStyler().setXAxisLabelRotation(90); // XChart drops labels whose slanted box would not fit
    }
    double[] hi = values.clone();
    double[] lo = values.clone();
    boolean nonNegative = Arrays.stream(values).filter(v -> !Double.isNaN(v)).allMatch(v -> v >= 0);
    for (int i = 0; i < values.length; i++) {
      double h = halfWidths == null || Double.isNaN(halfWidths[i]) ? 0 : halfWidths[i];
      hi[i] = values[i] + h;
      lo[i] = nonNegative ? Math.max(0, values[i] - h) : values[i] - h;
    }
    double[] all = new double[2 * values.length];
    System.arraycopy(hi, 0, all, 0, hi.length);
    System.arraycopy(lo, 0, all, hi.length, lo.length);
    Axis y = Axis.of(q, all, true, false, true);
    Axis x = Axis.categories(categories);
    Color fill = new Color(0x4a, 0x7e, 0xbb);
    for (int i = 0; i < values.length; i++) {
      if (Double.isNaN(values[i])) {
        continue;
      }
      double base = y.low();
      double top = y.map(values[i]);
      XYSeries bar = c.addSeries("bar " + i, new double[] {i + 0.65, i + 0.65, i + 1.35, i + 1.35},
          new double[] {base, top, top, base});
      bar.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
      bar.setFillColor(fill);
      bar.setLineColor(fill);
      bar.setLineStyle(new BasicStroke(1f));
      bar.setMarker(SeriesMarkers.NONE);
      bar.setShowInLegend(false);
      if (halfWidths != null && hi[i] > lo[i]) {
        double l = y.map(lo[i]);
        double h = y.map(hi[i]);
        XYSeries w = c.addSeries("ci " + i, new double[] {i + 0.9, i + 1.1, i + 1, i + 1, i + 0.9, i + 1.1},
            new double[] {l, l, l, h, h, h});
        w.setLineColor(Color.BLACK);
        w.setLineStyle(new BasicStroke(1.5f));
        w.setMarker(SeriesMarkers.NONE);
        w.setShowInLegend(false);
      }
    }
    x.applyX(c);
    y.applyY(c);
    Axis.fit(c, x, y);
    return c;
  }

  /**
   * Grouped bars: one group per category, one bar per series (a legend below the plot names the
   * series). NaN values have no bar; log y when positive values span more than two decades.
   */
  public static CategoryChart groupedBars(String title, String yLabel, Quantity q, List<String> categories,
      Map<String, double[]> series) {
    CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(height(series.size())).title(title)
        .yAxisTitle(yLabel).build();
    style(c.getStyler());
    c.getStyler().setLegendVisible(series.size() > 1);
    slant(c.getStyler(), categories);
    double[] all = series.values().stream().flatMapToDouble(Arrays::stream).toArray();
    Axis y = Axis.of(q, all, true, true, true);
    for (Map.Entry<String, double[]> e : series.entrySet()) {
      List<Double> ys = Arrays.stream(e.getValue()).mapToObj(v -> Double.isNaN(v) ? null : y.map(v)).toList();
      c.addSeries(e.getKey(), categories, ys);
    }
    y.applyY(c);
    Axis.fit(c, null, y);
    return c;
  }

  /** Step CDFs of "fraction of flows", one per series (values need not be sorted). */
  public static XYChart stepCdf(String title, String xLabel, Quantity q, Map<String, double[]> series) {
    return stepCdf(title, xLabel, "fraction of flows", q, series);
  }

  /** Step CDFs, one per series; log x when the values span more than two decades. */
  public static XYChart stepCdf(String title, String xLabel, String yLabel, Quantity q,
      Map<String, double[]> series) {
    Map<String, StepCdf.Points> pts = new java.util.LinkedHashMap<>();
    series.forEach((k, v) -> pts.put(k, StepCdf.of(v)));
    return stepCdfOf(title, xLabel, yLabel, q, pts, true);
  }

  /** Step CDFs from their points ({@link StepCdf}); {@code allowLog}: log x when values span decades. */
  public static XYChart stepCdfOf(String title, String xLabel, String yLabel, Quantity q,
      Map<String, StepCdf.Points> series, boolean allowLog) {
    XYChart c = xy(title, xLabel, yLabel, series.size());
    c.getStyler().setLegendVisible(series.size() > 1);
    double[] xs = series.values().stream().flatMapToDouble(p -> Arrays.stream(p.x())).toArray();
    Axis x = Axis.of(q, xs, false, allowLog, false);
    Axis y = Axis.linear(Quantity.NUMBER, 0, 1);
    int i = 0;
    for (Map.Entry<String, StepCdf.Points> e : series.entrySet()) {
      if (e.getValue().x().length == 0) {
        continue;
      }
      XYSeries s = c.addSeries(e.getKey(), x.map(e.getValue().x()), e.getValue().y());
      s.setMarker(SeriesMarkers.NONE);
      s.setLineStyle(dash(i++));
    }
    x.applyX(c);
    y.applyY(c);
    Axis.fit(c, x, y);
    return c;
  }

  /** Lines, one per series ({x[], y[]} each); log x or y when values span decades and it is allowed. */
  public static XYChart lines(String title, String xLabel, Quantity xq, boolean logX, String yLabel, Quantity yq,
      boolean logY, Map<String, double[][]> series) {
    XYChart c = xy(title, xLabel, yLabel, series.size());
    c.getStyler().setLegendVisible(series.size() > 1);
    double[] xs = series.values().stream().flatMapToDouble(p -> Arrays.stream(p[0])).toArray();
    double[] ys = series.values().stream().flatMapToDouble(p -> Arrays.stream(p[1])).toArray();
    Axis x = Axis.of(xq, xs, false, logX, false);
    Axis y = Axis.of(yq, ys, true, logY, false);
    int i = 0;
    for (Map.Entry<String, double[][]> e : series.entrySet()) {
      if (e.getValue()[0].length == 0) {
        continue;
      }
      XYSeries s = c.addSeries(e.getKey(), x.map(e.getValue()[0]), y.map(e.getValue()[1]));
      if (e.getValue()[0].length > 40) {
        s.setMarker(SeriesMarkers.NONE); // a time series: markers would hide the line
      }
      s.setLineStyle(dash(i++));
    }
    x.applyX(c);
    y.applyY(c);
    Axis.fit(c, x, y);
    return c;
  }

  /** An XY chart with the reports' style. */
  static XYChart xy(String title, String xLabel, String yLabel, int series) {
    XYChart c = new XYChartBuilder().width(WIDTH).height(height(series)).title(title).xAxisTitle(xLabel == null ? "" : xLabel)
        .yAxisTitle(yLabel).build();
    style(c.getStyler());
    c.getStyler().setXAxisTitleVisible(xLabel != null);
    return c;
  }

  /** The chart's height: the plot keeps its size however many lines the legend below it has. */
  static int height(int series) {
    return series > 1 ? HEIGHT + 22 * series : HEIGHT;
  }

  static void style(AxesChartStyler s) {
    s.setChartBackgroundColor(Color.WHITE);
    s.setLegendPosition(Styler.LegendPosition.OutsideS);
    s.setLegendBorderColor(Color.WHITE);
    s.setChartPadding(16); // room for the last x label
    s.setPlotGridLinesColor(new Color(0xdd, 0xdd, 0xdd));
  }

  private static void slant(AxesChartStyler s, List<String> categories) {
    int longest = categories.stream().mapToInt(String::length).max().orElse(0);
    if (longest * 7.5 > 780.0 / Math.max(1, categories.size())) {
      s.setXAxisLabelRotation(45); // labels that would overlap (about 7.5 px a character) are slanted
      // each ends at its tick (XChart centres the slanted box, off its tick, and drops the last one)
      s.setXAxisLabelAlignment(AxesChartStyler.TextAlignment.Right);
    }
  }

  /** The line of the i-th series: solid, dashed, dotted, dash-dot, then again; first ones thicker. */
  static BasicStroke dash(int i) {
    float[] d = DASHES[i % DASHES.length];
    float w = i < DASHES.length ? 2.5f : 1.5f;
    return d == null ? new BasicStroke(w) : new BasicStroke(w, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, d, 0f);
  }
}
