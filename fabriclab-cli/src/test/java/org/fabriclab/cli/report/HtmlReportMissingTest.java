package org.fabriclab.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.table.Table;
import org.junit.jupiter.api.Test;

/**
 * A report table shows a value that does not exist as n/a, as text and Markdown do: a NaN or null
 * statistic, and an empty cell of a CSV read back for a folder's report — never "NaN".
 */
class HtmlReportMissingTest {
  @Test
  void nanAndNullCellsShowNa() {
    Table t = Table.builder("t").stringColumn("bin").doubleColumn("mean").doubleColumn("p99")
        .row("medium", Double.NaN, null).row("small", 1.5, 2.0).build();
    String html = new HtmlReport("r").table(t, 10).html();
    assertThat(html).doesNotContain("NaN")
        .contains("<tr><td>medium</td><td class=\"n\">n/a</td><td>n/a</td></tr>")
        .contains("<tr><td>small</td><td class=\"n\">1.5</td><td class=\"n\">2.0</td></tr>");
  }

  @Test
  void emptyCsvCellsShowNa(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Files.writeString(dir.resolve("x.csv"), "name,longGoodputGbps\nshoal,\n");
    String html = java.nio.file.Files.readString(FolderReport.write(dir, "x", ""));
    assertThat(html).contains("<tr><td>shoal</td><td>n/a</td></tr>");
  }
}
