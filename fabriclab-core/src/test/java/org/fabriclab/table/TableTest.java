package org.fabriclab.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TableTest {

  /** The column-name convention of {@link Table.Column}: camelCase, parts joined by dots. */
  @Test
  void columnNamesAreCamelCaseWithOptionalDottedParts() {
    for (String ok : new String[] {"n", "startNs", "fairShareGbps", "lemma1Bound", "timeS", "sizeMB",
        "fctMeanNs.small", "breakEven.nic2x"}) {
      assertThat(Table.Column.isCamelCase(ok)).as(ok).isTrue();
    }
    for (String bad : new String[] {"fair_share_gbps", "time_s", "StartNs", "until-ms", "simulate.until-ms",
        "max queue", "1st", "", ".a", "a.", "a..b", "a.B"}) {
      assertThat(Table.Column.isCamelCase(bad)).as(bad).isFalse();
    }
    assertThat(Table.Column.isCamelCase(null)).isFalse();
  }

  @Test
  void cellsAreCoercedToTheColumnType() {
    Table t =
        Table.builder("t").longColumn("n").doubleColumn("x").stringColumn("s")
            .row(1, 2.5f, 7)
            .row(3L, 4, "four")
            .build();
    assertThat(t.get(0, 0)).isEqualTo(1L);
    assertThat(t.get(0, 1)).isEqualTo(2.5);
    assertThat(t.get(0, 2)).isEqualTo("7");
    assertThat(t.get(1, "x")).isEqualTo(4.0);
    assertThat(t.getLong(1, "n")).isEqualTo(3);
    assertThat(t.getDouble(0, "n")).isEqualTo(1.0);
    assertThat(t.getString(1, "s")).isEqualTo("four");
    assertThat(t.doubles("x")).containsExactly(2.5, 4.0);
    assertThat(t.columnNames()).containsExactly("n", "x", "s");
    assertThat(t.rowCount()).isEqualTo(2);
    assertThat(t.name()).isEqualTo("t");
  }

  @Test
  void rowCopiesDoNotLeak() {
    Table t = Table.builder("t").longColumn("n").row(1).build();
    t.row(0)[0] = 99L;
    assertThat(t.get(0, 0)).isEqualTo(1L);
  }

  @Test
  void misuseIsRejected() {
    Table.Builder b = Table.builder("t").longColumn("n").doubleColumn("x");
    assertThatThrownBy(() -> b.row(1)).hasMessageContaining("1 values for 2 columns");
    assertThatThrownBy(() -> b.row("one", 1.0)).hasMessageContaining("n expects a number");
    assertThatThrownBy(() -> b.row(1, "x")).hasMessageContaining("x expects a number");
    b.row(1, 1.0);
    assertThatThrownBy(() -> b.longColumn("late")).isInstanceOf(IllegalStateException.class);
    Table t = b.build();
    assertThatThrownBy(() -> t.columnIndex("y")).hasMessageContaining("no column y")
        .hasMessageContaining("[n, x]");
  }

  @Test
  void equalityIsByNameColumnsAndCells() {
    Table a = Table.builder("t").longColumn("n").doubleColumn("x").row(1, Double.NaN).build();
    Table b = Table.builder("t").longColumn("n").doubleColumn("x").row(1L, Double.NaN).build();
    Table c = Table.builder("t").longColumn("n").doubleColumn("x").row(2, Double.NaN).build();
    Table d = Table.builder("u").longColumn("n").doubleColumn("x").row(1, Double.NaN).build();
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a).isNotEqualTo(c).isNotEqualTo(d);
  }

  @Test
  void builderCanGrowAfterBuildWithoutChangingBuiltTables() {
    Table.Builder b = Table.builder("t").longColumn("n").row(1);
    Table first = b.build();
    b.row(2);
    assertThat(first.rowCount()).isEqualTo(1);
    assertThat(b.build().rowCount()).isEqualTo(2);
  }
}
