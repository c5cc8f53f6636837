package org.fabriclab.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fabriclab.table.Table;
import org.junit.jupiter.api.Test;

/**
 * Every table of every registered reproduction's quick run (each written as a CSV file by
 * {@code fabriclab reproduce}) names its columns in camelCase ({@link Table.Column}), once each,
 * and every plot draws columns its table has. The reports are shared with the reproductions' own
 * tests ({@link QuickReports}), so this adds only the runs no other test makes.
 */
class ReproductionColumnNamesTest {
  @Test
  void everyReproductionTableHasCamelCaseColumnsAndEveryPlotFindsItsColumns() {
    List<Reproduction> all = QuickReports.registered();
    assertThat(all).extracting(Reproduction::system)
        .contains("shufflecast", "incast", "flattree", "gleam", "shoal");
    List<String> bad = new ArrayList<>();
    for (Reproduction r : all) {
      ReproductionReport report = QuickReports.of(r);
      assertThat(report.tables()).as(r.system()).isNotEmpty();
      for (Table t : report.tables()) {
        Set<String> seen = new HashSet<>();
        for (String c : t.columnNames()) {
          if (!Table.Column.isCamelCase(c) || !seen.add(c)) {
            bad.add(r.system() + "/" + t.name() + ".csv: " + c);
          }
        }
      }
      for (PlotSpec p : report.plots()) {
        Table t = report.table(p.table());
        for (String c : new String[] {p.x(), p.y(), p.series()}) {
          if (c != null && !t.columnNames().contains(c)) {
            bad.add(r.system() + "/" + p.file() + ": plot column " + c + " not in " + t.columnNames());
          }
        }
      }
    }
    assertThat(bad).as("columns that are not camelCase, repeated, or missing").isEmpty();
  }
}
