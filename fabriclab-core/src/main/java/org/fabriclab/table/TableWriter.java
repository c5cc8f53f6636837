package org.fabriclab.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.fabriclab.io.OutputFiles;

/**
 * Renders a {@link Table} as aligned text, CSV (header row; RFC 4180: a field is quoted only when
 * it holds a comma, a quote, CR or LF), JSON (an array of row objects) or Markdown; and writes a
 * file atomically (temp file, then move) so an interrupted run never leaves half a file.
 */
public final class TableWriter {
  /** Output formats. */
  public enum Format {
    TEXT,
    CSV,
    JSON,
    MARKDOWN;

    public String extension() {
      return switch (this) {
        case TEXT -> "txt";
        case CSV -> "csv";
        case JSON -> "json";
        case MARKDOWN -> "md";
      };
    }
  }

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  /**
   * RFC 4180 quoting only where needed (a comma, a quote, CR or LF): Jackson's default quotes every
   * field longer than 24 characters and any holding a space.
   */
  private static final CsvMapper CSV =
      CsvMapper.builder().enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING).build();

  private TableWriter() {}

  public static String render(Table t, Format f) {
    return render(t, f, "");
  }

  /**
   * As {@link #render(Table, Format)}, with {@code missing} shown in text and Markdown for a cell
   * that holds no value ({@code null}: a statistic that does not exist); CSV always leaves such a
   * cell empty and JSON writes {@code null}.
   */
  public static String render(Table t, Format f, String missing) {
    return switch (f) {
      case TEXT -> text(t, missing);
      case CSV -> csv(t);
      case JSON -> json(t);
      case MARKDOWN -> markdown(t, missing);
    };
  }

  /** Writes {@code t} to {@code file} in format {@code f}, atomically. */
  public static void write(Table t, Format f, Path file) {
    writeAtomically(file, render(t, f));
  }

  /** Writes text atomically ({@link OutputFiles}): never half a file. */
  public static void writeAtomically(Path file, String content) {
    OutputFiles.writeString(file, content);
  }

  public static String csv(Table t) {
    CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true);
    for (Table.Column c : t.columns()) {
      schema.addColumn(
          c.name(),
          c.type() == Table.Type.STRING ? CsvSchema.ColumnType.STRING : CsvSchema.ColumnType.NUMBER);
    }
    List<List<Object>> rows = new ArrayList<>();
    for (int r = 0; r < t.rowCount(); r++) {
      List<Object> row = new ArrayList<>();
      for (int c = 0; c < t.columns().size(); c++) {
        Object v = t.get(r, c);
        // a value that does not exist (NaN, ±∞) is an empty cell, as null is: pandas reads NaN
        row.add(v instanceof Double d && !Double.isFinite(d) ? null : v);
      }
      rows.add(row);
    }
    try {
      return CSV.writer(schema.build()).writeValueAsString(rows);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The table as a JSON array of objects, one per row, keys in column order. */
  public static String json(Table t) {
    try {
      return JSON.writeValueAsString(toJson(t)) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  public static ArrayNode toJson(Table t) {
    ArrayNode arr = JSON.createArrayNode();
    for (int r = 0; r < t.rowCount(); r++) {
      ObjectNode o = arr.addObject();
      for (int c = 0; c < t.columns().size(); c++) {
        String key = t.columns().get(c).name();
        Object v = t.get(r, c);
        if (v == null) {
          o.putNull(key);
        } else if (v instanceof Long l) {
          o.put(key, l);
        } else if (v instanceof Double d) {
          if (Double.isFinite(d)) {
            o.put(key, d);
          } else {
            o.putNull(key);
          }
        } else {
          o.put(key, v.toString());
        }
      }
    }
    return arr;
  }

  /** A GitHub-flavoured Markdown table; pipes in cells are escaped, line breaks become {@code <br>}. */
  public static String markdown(Table t) {
    return markdown(t, "");
  }

  private static String markdown(Table t, String missing) {
    List<String[]> cells = cells(t, missing);
    StringBuilder b = new StringBuilder();
    List<String> header = t.columnNames().stream().map(TableWriter::markdownCell).toList();
    b.append("| ").append(String.join(" | ", header)).append(" |\n|");
    for (Table.Column c : t.columns()) {
      b.append(c.type() == Table.Type.STRING ? "---|" : "---:|");
    }
    b.append('\n');
    for (String[] row : cells) {
      b.append("| ");
      for (int c = 0; c < row.length; c++) {
        b.append(c == 0 ? "" : " | ").append(markdownCell(row[c]));
      }
      b.append(" |\n");
    }
    return b.toString();
  }

  private static String markdownCell(String cell) {
    return cell.replace("|", "\\|")
        .replace("\r\n", "<br>")
        .replace("\n", "<br>")
        .replace("\r", "<br>");
  }

  /** Aligned columns for a terminal. */
  public static String text(Table t) {
    return text(t, "");
  }

  private static String text(Table t, String missing) {
    List<String[]> cells = cells(t, missing);
    int n = t.columns().size();
    int[] w = new int[n];
    for (int c = 0; c < n; c++) {
      w[c] = t.columns().get(c).name().length();
      for (String[] row : cells) {
        w[c] = Math.max(w[c], row[c].length());
      }
    }
    StringBuilder b = new StringBuilder();
    appendRow(b, t.columnNames().toArray(new String[0]), w, t);
    for (String[] row : cells) {
      appendRow(b, row, w, t);
    }
    return b.toString();
  }

  private static void appendRow(StringBuilder b, String[] row, int[] w, Table t) {
    for (int c = 0; c < row.length; c++) {
      boolean left = t.columns().get(c).type() == Table.Type.STRING;
      String pad = " ".repeat(w[c] - row[c].length());
      b.append(left ? row[c] + pad : pad + row[c]);
      b.append(c + 1 < row.length ? "  " : "\n");
    }
  }

  private static List<String[]> cells(Table t, String missing) {
    List<String[]> out = new ArrayList<>();
    for (int r = 0; r < t.rowCount(); r++) {
      String[] row = new String[t.columns().size()];
      for (int c = 0; c < row.length; c++) {
        Object v = t.get(r, c);
        row[c] = v == null ? missing : format(v);
      }
      out.add(row);
    }
    return out;
  }

  /** Numbers as people read them: integers plain, doubles with up to 6 significant decimals. */
  public static String format(Object v) {
    if (v == null) {
      return "";
    }
    if (v instanceof Double d) {
      if (d == Math.rint(d) && Math.abs(d) < 1e15) {
        return String.format(Locale.ROOT, "%.1f", d);
      }
      String s = String.format(Locale.ROOT, "%.6g", d);
      if (s.contains("e")) {
        return s;
      }
      s = s.contains(".") ? s.replaceAll("0+$", "") : s;
      return s.endsWith(".") ? s + "0" : s;
    }
    return v.toString();
  }
}
