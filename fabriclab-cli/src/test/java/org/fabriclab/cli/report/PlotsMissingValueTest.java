package org.fabriclab.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fabriclab.table.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A missing value (an empty CSV cell) is left out of a plot, never drawn at a made-up place. */
class PlotsMissingValueTest {
  private static Table.Builder lossTable() {
    return Table.builder("loss").doubleColumn("log10Loss").doubleColumn("jctUs").stringColumn("method");
  }

  @Test
  void aLineChartDrawsTheRowsWithAValueExactlyAsIfTheOthersWereAbsent(@TempDir Path dir) throws Exception {
    Table withMissing = lossTable().row(null, 182.4, "gleam").row(-4, 198.9, "gleam").row(-3, 250.0, "gleam")
        .row(-4, 300.0, "ring").row(-3, Double.NaN, "ring").row(-2, 320.0, "ring").build();
    Table present = lossTable().row(-4, 198.9, "gleam").row(-3, 250.0, "gleam")
        .row(-4, 300.0, "ring").row(-2, 320.0, "ring").build();
    Plots.lines(withMissing, "log10Loss", "jctUs", "method", "JCT", "log10(loss)", "us", dir.resolve("a"));
    Plots.lines(present, "log10Loss", "jctUs", "method", "JCT", "log10(loss)", "us", dir.resolve("b"));
    assertThat(Files.readString(dir.resolve("a.svg"))).isEqualTo(Files.readString(dir.resolve("b.svg")));
  }

  @Test
  void aBarChartHasNoBarForAMissingValue(@TempDir Path dir) throws Exception {
    Table withMissing = Table.builder("t").stringColumn("phase").doubleColumn("jctUs")
        .row("PB", 5.0).row("RS", null).build();
    Table present = Table.builder("t").stringColumn("phase").doubleColumn("jctUs").row("PB", 5.0).build();
    Plots.bar(withMissing, "phase", "jctUs", "JCT", "us", dir.resolve("a"));
    Plots.bar(present, "phase", "jctUs", "JCT", "us", dir.resolve("b"));
    assertThat(Files.readString(dir.resolve("a.svg"))).isEqualTo(Files.readString(dir.resolve("b.svg")));
  }
}
