package org.fabriclab.cli.reproduce;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabriclab.cli.report.HtmlReport;
import org.fabriclab.experiment.Comparison;
import org.fabriclab.experiment.PlotSpec;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.io.IoErrors;
import org.fabriclab.table.Table;

/**
 * The {@code report.html} of a reproduction folder, self-contained ({@link HtmlReport}: inline
 * CSS, plots as embedded PNG): the summary line first, the paper, the comparison table of
 * {@code summary.md} (kind per row, verdict marked by symbol and colour), every plot with its
 * title, the notes, and every table (first {@value #MAX_ROWS} rows; the CSV files hold all). Call after the plots are written into {@code dir}.
 */
final class ReproduceReport {
  static final int MAX_ROWS = 50;

  /** Colour of each verdict's cell: green agrees, red differs, grey not graded. */
  private static final String[] COLOURS = {"#1a7f37", "#cf222e", "#6e7781"};

  private ReproduceReport() {}

  /**
   * The comparison table as HTML, the verdict cell in its verdict's colour (the symbol says the
   * same for a reader who does not see colour); every text escaped.
   */
  static String comparisonTable(Table comparisons, ReproductionReport report) {
    StringBuilder b = new StringBuilder("<table>\n<thead><tr>");
    List<String> cols = comparisons.columnNames();
    cols.forEach(c -> b.append("<th>").append(HtmlReport.escape(c)).append("</th>"));
    b.append("</tr></thead>\n<tbody>\n");
    int verdictCol = cols.indexOf("verdict");
    for (int r = 0; r < comparisons.rowCount(); r++) {
      Comparison.Verdict v = report.comparisons().get(r).verdict();
      b.append("<tr>");
      for (int c = 0; c < cols.size(); c++) {
        String text = HtmlReport.escape(String.valueOf(comparisons.get(r, c)));
        if (c == verdictCol) {
          b.append("<td style=\"color:").append(COLOURS[v.ordinal()]).append(";font-weight:bold;"
              + "white-space:nowrap\">").append(text).append("</td>");
        } else {
          b.append("<td>").append(text).append("</td>");
        }
      }
      b.append("</tr>\n");
    }
    return b.append("</tbody></table>\n").toString();
  }

  /**
   * Writes {@code dir/report.html}.
   *
   * @param heading the summary's first lines: paper and the command that made the folder
   * @param comparisons the comparison table of {@code summary.md}
   * @param tally the sentence counting the verdicts
   * @param explanation how the table is graded
   */
  static void write(Path dir, String title, String heading, Table comparisons, String tally,
      String explanation, ReproductionReport report) {
    HtmlReport h = new HtmlReport(title);
    h.fragment("<p><strong>" + HtmlReport.escape(tally + ".") + "</strong></p>\n");
    heading.lines().filter(l -> !l.isBlank()).forEach(h::paragraph);
    h.heading("Measured beside the paper");
    h.paragraph(explanation);
    h.fragment(comparisonTable(comparisons, report));
    if (!report.plots().isEmpty()) {
      h.heading("Plots");
      for (PlotSpec p : report.plots()) {
        Path png = dir.resolve(p.file() + ".png");
        try {
          h.png(Files.readAllBytes(png), p.title() + " (" + p.file() + ".png)");
        } catch (IOException e) {
          throw IoErrors.cannotRead(png, e);
        }
      }
    }
    if (!report.notes().isEmpty()) {
      h.heading("Notes");
      report.notes().forEach(h::paragraph);
    }
    for (Table t : report.tables()) {
      h.heading(t.name() + ".csv");
      h.table(t, MAX_ROWS);
    }
    h.write(dir.resolve("report.html"));
  }
}
