package org.fabriclab.cli.reproduce;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fabriclab.cli.report.HtmlReport;
import org.fabriclab.experiment.PlotSpec;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.io.IoErrors;
import org.fabriclab.table.Table;

/**
 * The {@code report.html} of a reproduction folder, self-contained ({@link HtmlReport}: inline
 * CSS, plots as embedded PNG): the paper, the comparison table of {@code summary.md} with its
 * tally, every plot with its title, the notes, and every table (first {@value #MAX_ROWS} rows;
 * the CSV files hold all). Call after the plots are written into {@code dir}.
 */
final class ReproduceReport {
  static final int MAX_ROWS = 50;

  private ReproduceReport() {}

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
    heading.lines().filter(l -> !l.isBlank()).forEach(h::paragraph);
    h.heading("Measured beside the paper");
    h.paragraph(tally + ".");
    h.paragraph(explanation);
    h.table(comparisons, Integer.MAX_VALUE);
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
