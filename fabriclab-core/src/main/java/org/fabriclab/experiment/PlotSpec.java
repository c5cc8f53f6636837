package org.fabriclab.experiment;

/**
 * A plot to draw from one of the report's tables.
 *
 * @param file base file name without extension (PNG and SVG are both written)
 * @param table name of the table in the same report
 * @param kind line or bar chart
 * @param x column on the x axis (for bars: the category column)
 * @param y numeric column on the y axis
 * @param series column whose distinct values make one line each, or {@code null} for one line
 * @param title chart title (cite the figure: "Fig. 6(b) power improvement vs ToRs")
 * @param xLabel x-axis title
 * @param yLabel y-axis title
 */
public record PlotSpec(
    String file,
    String table,
    Kind kind,
    String x,
    String y,
    String series,
    String title,
    String xLabel,
    String yLabel) {
  /** Chart kinds. */
  public enum Kind {
    LINE,
    BAR
  }
}
