package org.fabriclab.cli.report;

import java.awt.Color;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Charts for reports, made to be read: category labels rotated when they would overlap, legends
 * outside the plot area and only when there are several series, step CDFs, log axes when values
 * span more than two decades, error bars for confidence intervals.
 */
public final class ReportCharts {
  private static final int WIDTH = 900;
  private static final int HEIGHT = 520;

  private ReportCharts() {}

  /** Longest category label {@link #bars} shows; callers number longer ones and give a key. */
  public static final int MAX_LABEL = 32;

  /**
   * One bar per category: the mean, with an error bar of half-width {@code halfWidths} (null for
   * none).
   */
  public static CategoryChart bars(String title, String yLabel, List<String> categories, double[] values,
      double[] halfWidths) {
    CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).yAxisTitle(yLabel)
        .build();
    Styler s = c.getStyler();
    s.setChartBackgroundColor(Color.WHITE);
    s.setLegendVisible(false);
    int longest = categories.stream().mapToInt(String::length).max().orElse(0);
    if (longest * categories.size() > 90) {
      c.getStyler().setXAxisLabelRotation(45);
    }
    double[] v = Arrays.stream(values).map(x -> Double.isNaN(x) ? 0 : x).toArray();
    double min = Arrays.stream(v).filter(x -> x > 0).min().orElse(1);
    double max = Arrays.stream(v).max().orElse(1);
    boolean log = min > 0 && max / min > 100 && Arrays.stream(v).allMatch(x -> x > 0);
    c.getStyler().setYAxisLogarithmic(log);
    if (log) {
      c.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(min))));
    } else if (Arrays.stream(v).allMatch(x -> x >= 0)) {
      c.getStyler().setYAxisMin(0.0);
    }
    List<Double> ys = Arrays.stream(v).boxed().toList();
    if (halfWidths != null && !log) {
      List<Double> es = Arrays.stream(halfWidths).map(x -> Double.isNaN(x) ? 0 : x).boxed().toList();
      c.addSeries(yLabel, categories, ys, es);
    } else {
      c.addSeries(yLabel, categories, ys);
    }
    return c;
  }

  /**
   * Grouped bars: one group per category, one bar per series (a legend below the plot names the
   * series). NaN values are drawn as 0; log y when positive values span more than two decades.
   */
  public static CategoryChart groupedBars(String title, String yLabel, List<String> categories,
      Map<String, double[]> series) {
    CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).yAxisTitle(yLabel)
        .build();
    Styler s = c.getStyler();
    s.setChartBackgroundColor(Color.WHITE);
    s.setLegendVisible(series.size() > 1);
    s.setLegendPosition(Styler.LegendPosition.OutsideS);
    double min = Double.MAX_VALUE;
    double max = 0;
    boolean allPositive = true;
    for (double[] v : series.values()) {
      for (double x : v) {
        if (Double.isNaN(x)) {
          continue;
        }
        allPositive &= x > 0;
        if (x > 0) {
          min = Math.min(min, x);
        }
        max = Math.max(max, x);
      }
    }
    boolean log = allPositive && min < Double.MAX_VALUE && max / min > 100;
    c.getStyler().setYAxisLogarithmic(log);
    // bars start at the axis minimum: 0 on a linear axis, the decade below the smallest value on a log one
    c.getStyler().setYAxisMin(log ? Math.pow(10, Math.floor(Math.log10(min))) : 0.0);
    double missing = log ? min : 0;
    for (Map.Entry<String, double[]> e : series.entrySet()) {
      List<Double> ys = Arrays.stream(e.getValue())
          .map(x -> Double.isNaN(x) ? missing : x).boxed().toList();
      c.addSeries(e.getKey(), categories, ys);
    }
    return c;
  }

  /** Step CDFs, one per series (values need not be sorted); log x when they span decades. */
  public static XYChart stepCdf(String title, String xLabel, Map<String, double[]> series) {
    XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xLabel)
        .yAxisTitle("fraction of flows").build();
    Styler s = c.getStyler();
    s.setChartBackgroundColor(Color.WHITE);
    s.setLegendVisible(series.size() > 1);
    s.setLegendPosition(Styler.LegendPosition.OutsideS);
    double lo = Double.MAX_VALUE;
    double hi = 0;
    for (Map.Entry<String, double[]> e : series.entrySet()) {
      double[] x = e.getValue().clone();
      Arrays.sort(x);
      if (x.length == 0) {
        continue;
      }
      lo = Math.min(lo, x[0]);
      hi = Math.max(hi, x[x.length - 1]);
      double[] y = new double[x.length];
      for (int i = 0; i < x.length; i++) {
        y[i] = (i + 1) / (double) x.length;
      }
      XYSeries xs = c.addSeries(e.getKey(), x, y);
      xs.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Step);
      xs.setMarker(SeriesMarkers.NONE);
    }
    c.getStyler().setXAxisLogarithmic(lo > 0 && hi / lo > 100);
    return c;
  }
}
