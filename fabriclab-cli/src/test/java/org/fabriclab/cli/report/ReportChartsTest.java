package org.fabriclab.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.junit.jupiter.api.Test;

/** Charts with missing values and intervals reaching below zero still draw, and say what they show. */
class ReportChartsTest {
  private static byte[] png(Chart<?, ?> c) throws Exception {
    return BitmapEncoder.getBitmapBytes(c, BitmapEncoder.BitmapFormat.PNG);
  }

  @Test
  void aMissingValueIsNoBarAndTheChartStillDraws() throws Exception {
    Map<String, double[]> s = new LinkedHashMap<>();
    s.put("a", new double[] {1e6, Double.NaN, 3e6});
    s.put("b", new double[] {Double.NaN, 2e6, 4e6});
    assertThat(png(ReportCharts.groupedBars("t", "FCT", Quantity.TIME_NS, List.of("x", "y", "z"), s))).isNotEmpty();
  }

  @Test
  void aConfidenceIntervalStopsAtZeroForANonNegativeMetric() throws Exception {
    // mean 5 ± 8: the interval [-3, 13] is drawn as [0, 13]
    XYChart c = (XYChart) ReportCharts.bars("t", "JCT", Quantity.TIME_NS, List.of("a", "b"), new double[] {5, 20},
        new double[] {8, 1});
    XYSeries ci = c.getSeriesMap().get("ci 0");
    double lowest = java.util.Arrays.stream(ci.getYData()).min().orElseThrow();
    double highest = java.util.Arrays.stream(ci.getYData()).max().orElseThrow();
    assertThat(lowest).isEqualTo(0);
    assertThat(highest).isEqualTo(13);
    assertThat(png(c)).isNotEmpty();
  }

  @Test
  void aStepCdfSeriesHasItsRisersAndALogAxisBeyondTwoDecades() throws Exception {
    Map<String, double[]> s = new LinkedHashMap<>();
    s.put("flows", new double[] {10, 1000, 100_000});
    XYChart c = ReportCharts.stepCdf("t", "FCT", Quantity.TIME_US, s);
    XYSeries f = c.getSeriesMap().get("flows");
    // log10 of 10 µs, 1 ms, 100 ms: 1, 3, 5, each value twice (riser)
    assertThat(f.getXData()).containsExactly(1, 1, 3, 3, 5, 5);
    assertThat(f.getYData()).containsExactly(0, 1 / 3.0, 1 / 3.0, 2 / 3.0, 2 / 3.0, 1);
    assertThat(c.getStyler().getxAxisTickLabelsFormattingFunction().apply(3.0)).isEqualTo("1 ms");
    assertThat(png(c)).isNotEmpty();
  }
}
