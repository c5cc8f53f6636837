package org.fabriclab.cli.report;

import java.awt.image.BufferedImage;
import java.util.function.DoubleUnaryOperator;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One plot axis: its range, linear or logarithmic, its ticks ({@link Ticks}) and their SI labels
 * ({@link Quantity}). Every chart of the reports lays out its axes through this class. A log axis
 * is drawn as a linear axis over log10 of the values (callers add {@link #map}ped values), so its
 * ticks are decades labelled {@code 1 µs, 10 µs, 100 µs}. A bar axis on a log scale is offset by
 * the decade at or below its smallest value, so bars grow from that decade.
 *
 * <p>XChart places ticks at multiples of a step it derives from a spacing hint in pixels; {@link
 * #fit} lays the chart out once, measures the axis in pixels and sets the hint that makes
 * XChart's step {@link Ticks}'s (it still widens the step when labels would overlap). XChart puts
 * ticks at the data values instead when these are equally spaced (a CDF's i/n); a hidden point off
 * that grid keeps the step ticks.
 */
public final class Axis {
  private final Quantity quantity;
  private final boolean log;
  private final double offset;
  private final double lo;
  private final double hi;
  private final double step;
  private final java.util.List<String> names;

  private Axis(Quantity quantity, boolean log, double offset, double lo, double hi, double step) {
    this(quantity, log, offset, lo, hi, step, null);
  }

  private Axis(Quantity quantity, boolean log, double offset, double lo, double hi, double step,
      java.util.List<String> names) {
    this.names = names;
    this.quantity = quantity;
    this.log = log;
    this.offset = offset;
    this.lo = lo;
    this.hi = hi;
    this.step = step;
  }

  /** A linear axis over [min, max] (widened to a unit around a single value). */
  public static Axis linear(Quantity q, double min, double max) {
    if (!(min < max)) {
      double c = Double.isFinite(min) ? min : 0;
      min = c == 0 ? 0 : c - Math.abs(c) / 2;
      max = c == 0 ? 1 : c + Math.abs(c) / 2;
    }
    return new Axis(q, false, 0, min, max, Ticks.step(min, max));
  }

  /** A category axis of an XY chart: category i (from 0) at coordinate i + 1, labelled by its name. */
  public static Axis categories(java.util.List<String> names) {
    return new Axis(Quantity.NUMBER, false, 0, 0.4, names.size() + 0.6, 1, java.util.List.copyOf(names));
  }

  /** A log axis over [min, max] (both positive), decades at the ends. */
  public static Axis log(Quantity q, double min, double max, boolean bars) {
    int[] d = Ticks.decades(min, Math.max(max, min * 10));
    double off = bars ? d[0] : 0;
    double a = Math.log10(min);
    double b = Math.log10(Math.max(max, min * 10));
    double pad = 0.03 * (b - a);
    // bars grow from a decade; curves span their data (plus a margin), decades inside labelled
    double low = bars ? d[0] : a - pad;
    double high = bars ? Math.max(d[d.length - 1], b) : b + pad;
    return new Axis(q, true, off, low - off, high - off, d.length > 1 ? d[1] - d[0] : 1);
  }

  /**
   * The axis for {@code values} (NaN ignored): log when every value is positive and they span more
   * than two decades (and {@code allowLog}); from 0 when {@code fromZero} and no value is negative.
   */
  public static Axis of(Quantity q, double[] values, boolean fromZero, boolean allowLog, boolean bars) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (double v : values) {
      if (!Double.isNaN(v)) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    }
    if (min > max) {
      return linear(q, 0, 1);
    }
    if (allowLog && min > 0 && max / min > 100) {
      return log(q, min, max, bars);
    }
    return linear(q, fromZero && min >= 0 ? 0 : min, max);
  }

  /** Whether values are drawn on a log scale. */
  public boolean isLog() {
    return log;
  }

  /** The chart coordinate of {@code v}. */
  public double map(double v) {
    return log ? Math.log10(v) - offset : v;
  }

  /** {@link #map} of every value. */
  public double[] map(double[] v) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = map(v[i]);
    }
    return out;
  }

  /** The lowest chart coordinate shown. */
  public double low() {
    return lo;
  }

  /** The highest chart coordinate shown. */
  public double high() {
    return hi;
  }

  /** The label of the tick at chart coordinate {@code c}. */
  public String label(double c) {
    if (names != null) {
      long i = Math.round(c);
      boolean at = Math.abs(c - i) < 1e-9 && i >= 1 && i <= names.size();
      // off the categories (XChart ticks the margins too): distinct labels of zero width
      if (at) {
        return names.get((int) i - 1);
      }
      long key = i <= 0 ? 1 - i : 50 + i - names.size(); // 0 -> 1, -1 -> 2, n+1 -> 51, ...
      return "\u200b".repeat((int) Math.min(200, Math.max(1, key)));
    }
    if (!log) {
      return Ticks.label(c, quantity);
    }
    double exp = c + offset;
    long e = Math.round(exp);
    // XChart labels ticks outside the range too; labels must differ, so those get their value
    return Math.abs(exp - e) < 1e-9 ? Ticks.label(Math.pow(10, e), quantity) : Ticks.plain(exp);
  }

  /** Applies this axis as {@code chart}'s x axis. */
  public void applyX(Chart<? extends AxesChartStyler, ?> chart) {
    AxesChartStyler s = chart.getStyler();
    s.setXAxisMin(lo);
    s.setXAxisMax(hi);
    s.setxAxisTickLabelsFormattingFunction(this::label);
  }

  /** Applies this axis as {@code chart}'s y axis. */
  public void applyY(Chart<? extends AxesChartStyler, ?> chart) {
    AxesChartStyler s = chart.getStyler();
    s.setYAxisMin(lo);
    s.setYAxisMax(hi);
    s.setyAxisTickLabelsFormattingFunction(this::label);
  }

  /**
   * Lays {@code chart} out once and sets the tick spacing hints that give {@code x}'s and
   * {@code y}'s steps (either null: that axis is a category axis, left alone). Adds the hidden
   * point of an XY chart.
   */
  public static void fit(Chart<? extends AxesChartStyler, ?> chart, Axis x, Axis y) {
    if (chart instanceof XYChart xy && x != null && y != null) {
      // off the equal-spacing grid of the data: XChart then keeps to step ticks
      XYSeries h = xy.addSeries("\u200b", new double[] {x.lo + 0.1234567 * (x.hi - x.lo)},
          new double[] {y.lo + 0.1234567 * (y.hi - y.lo)});
      h.setShowInLegend(false);
      h.setMarker(SeriesMarkers.NONE);
      h.setLineStyle(SeriesLines.NONE);
      h.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    }
    BufferedImage img = new BufferedImage(chart.getWidth(), chart.getHeight(), BufferedImage.TYPE_INT_RGB);
    java.awt.Graphics2D g = img.createGraphics();
    try {
      chart.paint(g, chart.getWidth(), chart.getHeight());
    } finally {
      g.dispose();
    }
    AxesChartStyler s = chart.getStyler();
    if (x != null) {
      double px = Math.abs(chart.getScreenXFromChart(x.hi) - chart.getScreenXFromChart(x.lo));
      s.setXAxisTickMarkSpacingHint(hint(px, x));
    }
    if (y != null) {
      double px = Math.abs(chart.getScreenYFromChart(y.hi) - chart.getScreenYFromChart(y.lo));
      s.setYAxisTickMarkSpacingHint(hint(px, y));
    }
  }

  private static int hint(double px, Axis a) {
    double h = px * a.step / (a.hi - a.lo);
    return (int) Math.max(10, Math.round(Double.isFinite(h) ? h : 74));
  }

  /** The transform of a value to chart coordinates, for callers that map whole arrays. */
  public DoubleUnaryOperator mapper() {
    return this::map;
  }
}
