package org.fabriclab.cli;

import java.util.Locale;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The output-format options every command that prints results takes, a picocli
 * mixin: {@code --format text|csv|json|md} and {@code --json}, a shorthand for {@code --format
 * json}. Add it with {@code @Mixin FormatOption format = new FormatOption();} and print with
 * {@link #render(Table)} or {@link #render(Map)}.
 *
 * <p>A statistic that does not exist (an empty size bin's mean, the diameter of a topology with no
 * connected pair) is {@code null} in a table or map, never NaN or a negative sentinel: text and
 * Markdown show {@link #MISSING}, CSV leaves the cell empty and JSON writes {@code null}.
 */
public final class FormatOption {
  /** What text and Markdown show for a statistic that does not exist. */
  public static final String MISSING = "n/a";

  /** Accepts text, csv, json, md (and markdown), in any case. */
  public static final class Converter implements ITypeConverter<TableWriter.Format> {
    @Override
    public TableWriter.Format convert(String s) {
      return switch (s.strip().toLowerCase(Locale.ROOT)) {
        case "text", "txt" -> TableWriter.Format.TEXT;
        case "csv" -> TableWriter.Format.CSV;
        case "json" -> TableWriter.Format.JSON;
        case "md", "markdown" -> TableWriter.Format.MARKDOWN;
        default -> throw new TypeConversionException("'" + s + "' is not a format; valid: text, csv, json, md");
      };
    }
  }

  @Option(names = "--format", paramLabel = "FMT", converter = Converter.class,
      description = "output format: text, csv, json or md (default: text)")
  TableWriter.Format format;

  @Option(names = "--json", description = "the same as --format json")
  boolean json;

  /** The chosen format; {@code --json} with another {@code --format} is refused. */
  public TableWriter.Format format() {
    if (json && format != null && format != TableWriter.Format.JSON) {
      throw new InvalidParameterException("--json",
          "--json is --format json; it contradicts --format " + name(format));
    }
    return json ? TableWriter.Format.JSON : format == null ? TableWriter.Format.TEXT : format;
  }

  /** Whether the output is one JSON object or array. */
  public boolean isJson() {
    return format() == TableWriter.Format.JSON;
  }

  /** The user-facing name of a format. */
  public static String name(TableWriter.Format f) {
    return f == TableWriter.Format.MARKDOWN ? "md" : f.name().toLowerCase(Locale.ROOT);
  }

  /** A table in the chosen format; a null cell is {@link #MISSING} in text and Markdown. */
  public String render(Table t) {
    return TableWriter.render(t, format(), MISSING);
  }

  /**
   * A statistic for a table or map: NaN and infinities (no value) become {@code null}, and -0.0
   * becomes 0.0.
   */
  public static Double value(double v) {
    return Double.isFinite(v) ? v + 0.0 : null;
  }

  /**
   * A record of named values (a summary) in the chosen format: JSON as one object, the table
   * formats as two columns {@code key,value} (text: one aligned line per key). CSV keeps a
   * number's full precision, as the table CSVs and JSON do; text and Markdown round it for reading.
   */
  public String render(Map<String, ?> values) {
    TableWriter.Format f = format();
    if (f == TableWriter.Format.JSON) {
      return Json.compact(values) + "\n";
    }
    if (f == TableWriter.Format.TEXT) {
      int w = 0;
      for (String k : values.keySet()) {
        w = Math.max(w, k.length());
      }
      StringBuilder b = new StringBuilder();
      for (Map.Entry<String, ?> e : values.entrySet()) {
        b.append(String.format(Locale.ROOT, "%-" + w + "s  %s%n", e.getKey(),
            absent(e.getValue()) ? MISSING : TableWriter.format(e.getValue())));
      }
      return b.toString();
    }
    Table.Builder b = Table.builder("summary").stringColumn("key").stringColumn("value");
    values.forEach((k, v) -> b.row(k, absent(v) ? null
        : f == TableWriter.Format.CSV && v instanceof Number ? v.toString() : cell(v)));
    return TableWriter.render(b.build(), f, MISSING);
  }

  /** Whether the command prints its own human-readable text (the default format). */
  public boolean isText() {
    return format() == TableWriter.Format.TEXT;
  }

  /**
   * Prints a command's result document in a machine format: {@code json} as pretty JSON,
   * {@code csv} and {@code md} as {@code key,value} rows, nested lists and objects as one compact
   * JSON cell. Text output is the command's own printer (see {@link #isText()}).
   */
  public void printDocument(java.io.PrintWriter out, Map<String, ?> values) {
    if (format() == TableWriter.Format.JSON) {
      out.println(Json.of(values));
    } else {
      out.print(render(values));
    }
  }

  /**
   * Prints a result that has a natural table (one row per flow, edge, slot × node …) in a table
   * format: {@code csv} writes only {@code table} on {@code out} (one table per stream, so pandas and
   * Python's csv module read it) and the scalar {@code summary} as one status line on {@code err};
   * {@code md} writes the summary as {@code key,value} rows, a blank line, then the table. JSON and
   * text are the command's own printers.
   */
  public void printTable(java.io.PrintWriter out, java.io.PrintWriter err, Map<String, ?> summary, Table table) {
    TableWriter.Format f = format();
    if (f == TableWriter.Format.CSV) {
      StringBuilder b = new StringBuilder("summary:");
      summary.forEach((k, v) -> b.append(' ').append(k).append('=').append(absent(v) ? MISSING : cell(v)));
      err.println(b);
      err.flush();
      out.print(TableWriter.csv(table));
    } else {
      out.print(render(summary));
      out.println();
      out.print(render(table));
    }
  }

  /** Whether a value does not exist: null, NaN or an infinity. */
  private static boolean absent(Object v) {
    return v == null || v instanceof Double d && !Double.isFinite(d) || v instanceof Float x && !Float.isFinite(x);
  }

  /** A table cell: scalars as {@link TableWriter#format}, lists, maps and arrays as compact JSON. */
  private static String cell(Object v) {
    if (v instanceof java.util.Collection<?> || v instanceof Map<?, ?> || (v != null && v.getClass().isArray())) {
      return Json.compact(v);
    }
    return TableWriter.format(v);
  }
}
