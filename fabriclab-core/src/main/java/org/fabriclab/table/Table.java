package org.fabriclab.table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What every analysis returns: a named table of typed columns ({@code long}, {@code double} or
 * text) and rows. Immutable; make one with {@link #builder(String)}. Write it with
 * {@link TableWriter} as text, CSV, JSON or Markdown.
 */
public final class Table {
  /** Column types. */
  public enum Type {
    LONG,
    DOUBLE,
    STRING
  }

  /**
   * A column: name and type. The name is the CSV header and the JSON key, and it is camelCase, as
   * every command's JSON keys are: a lower-case letter, then letters and digits, each further word
   * starting with a capital ({@code startNs}, {@code fairShareGbps}, {@code lemma1Bound}, {@code
   * timeS}); a unit keeps the case that carries its meaning ({@code Gbps} gigabits per second,
   * {@code MB} megabytes, {@code MiB}). A qualified name joins such parts with dots: a metric per
   * size bin ({@code fctMeanNs.small}), a nested JSON key ({@code breakEven.nic2x}). No
   * underscores, hyphens or spaces. Exceptions, by design: a column that echoes a user's names (a
   * spec's settings in a sweep's {@code points.csv}, {@code simulate.until-ms}; the headers of a
   * CSV file read back for a report) keeps them as written. See {@link #isCamelCase(String)}.
   *
   * @param name header
   * @param type values' type
   */
  public record Column(String name, Type type) {
    private static final Pattern CAMEL_CASE = Pattern.compile("[a-z][a-zA-Z0-9]*(\\.[a-z][a-zA-Z0-9]*)*");

    /** Whether {@code name} follows the column-name convention above (camelCase, dotted parts). */
    public static boolean isCamelCase(String name) {
      return name != null && CAMEL_CASE.matcher(name).matches();
    }
  }

  private final String name;
  private final List<Column> columns;
  private final List<Object[]> rows;

  private Table(String name, List<Column> columns, List<Object[]> rows) {
    this.name = name;
    this.columns = List.copyOf(columns);
    this.rows = rows;
  }

  public static Builder builder(String name) {
    return new Builder(name);
  }

  public String name() {
    return name;
  }

  public List<Column> columns() {
    return columns;
  }

  public int rowCount() {
    return rows.size();
  }

  public int columnIndex(String column) {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).name().equals(column)) {
        return i;
      }
    }
    throw new IllegalArgumentException(
        "table " + name + " has no column " + column + "; columns: " + columnNames());
  }

  public List<String> columnNames() {
    return columns.stream().map(Column::name).toList();
  }

  /** A cell: {@link Long}, {@link Double} or {@link String}. */
  public Object get(int row, int column) {
    return rows.get(row)[column];
  }

  public Object get(int row, String column) {
    return get(row, columnIndex(column));
  }

  public double getDouble(int row, String column) {
    return ((Number) get(row, column)).doubleValue();
  }

  public long getLong(int row, String column) {
    return ((Number) get(row, column)).longValue();
  }

  public String getString(int row, String column) {
    return Objects.toString(get(row, column));
  }

  /** A column's values as doubles (numeric columns only). */
  public double[] doubles(String column) {
    int c = columnIndex(column);
    double[] out = new double[rows.size()];
    for (int r = 0; r < out.length; r++) {
      out[r] = ((Number) rows.get(r)[c]).doubleValue();
    }
    return out;
  }

  /** A copy of one row. */
  public Object[] row(int row) {
    return rows.get(row).clone();
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Table t) || !name.equals(t.name) || !columns.equals(t.columns)) {
      return false;
    }
    if (rows.size() != t.rows.size()) {
      return false;
    }
    for (int i = 0; i < rows.size(); i++) {
      if (!Arrays.equals(rows.get(i), t.rows.get(i))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, columns, rows.size());
  }

  @Override
  public String toString() {
    return TableWriter.text(this);
  }

  /** Collects columns, then rows. */
  public static final class Builder {
    private final String name;
    private final List<Column> columns = new ArrayList<>();
    private final List<Object[]> rows = new ArrayList<>();

    private Builder(String name) {
      this.name = name;
    }

    public Builder column(String column, Type type) {
      if (!rows.isEmpty()) {
        throw new IllegalStateException("add columns before rows");
      }
      columns.add(new Column(column, type));
      return this;
    }

    public Builder longColumn(String column) {
      return column(column, Type.LONG);
    }

    public Builder doubleColumn(String column) {
      return column(column, Type.DOUBLE);
    }

    public Builder stringColumn(String column) {
      return column(column, Type.STRING);
    }

    /** Adds a row; numbers are converted to the column's type. */
    public Builder row(Object... values) {
      if (values.length != columns.size()) {
        throw new IllegalArgumentException(
            "row has " + values.length + " values for " + columns.size() + " columns of " + name);
      }
      Object[] r = new Object[values.length];
      for (int i = 0; i < values.length; i++) {
        r[i] = coerce(columns.get(i), values[i]);
      }
      rows.add(r);
      return this;
    }

    private static Object coerce(Column c, Object v) {
      if (v == null) {
        return null;
      }
      return switch (c.type()) {
        case LONG -> {
          if (!(v instanceof Number n)) {
            throw new IllegalArgumentException(c.name() + " expects a number, got " + v);
          }
          yield n.longValue();
        }
        case DOUBLE -> {
          if (!(v instanceof Number n)) {
            throw new IllegalArgumentException(c.name() + " expects a number, got " + v);
          }
          yield n.doubleValue();
        }
        case STRING -> v.toString();
      };
    }

    public Table build() {
      return new Table(name, columns, new ArrayList<>(rows));
    }
  }
}
