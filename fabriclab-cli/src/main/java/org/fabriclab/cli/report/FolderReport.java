package org.fabriclab.cli.report;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.table.Table;

/**
 * The {@code report.html} of any output folder, for commands that write CSV and PNG files
 * ({@code simulate --out}; {@code reproduce} and {@code compare} build their own pages from
 * {@link HtmlReport}): {@code summary.md} as text, every PNG embedded, every CSV as a table
 * (first {@value #MAX_ROWS} rows), in file-name order. Call {@link #write} after the folder is
 * complete.
 */
public final class FolderReport {
  static final int MAX_ROWS = 50;

  private FolderReport() {}

  /** Writes {@code dir/report.html} with {@code title} and an optional introduction. */
  public static Path write(Path dir, String title, String introduction) {
    HtmlReport r = new HtmlReport(title);
    if (introduction != null && !introduction.isBlank()) {
      r.paragraph(introduction);
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().startsWith("."))
          .sorted().toList();
      Path summary = dir.resolve("summary.md");
      if (Files.isRegularFile(summary)) {
        r.heading("Summary (summary.md)");
        r.preformatted(Files.readString(summary));
      }
      for (Path f : files) {
        if (f.getFileName().toString().endsWith(".png")) {
          r.png(Files.readAllBytes(f), f.getFileName().toString());
        }
      }
      for (Path f : files) {
        if (f.getFileName().toString().endsWith(".csv")) {
          r.heading(f.getFileName().toString());
          r.table(readCsv(f), MAX_ROWS);
        }
      }
    } catch (IOException e) {
      throw new FabriclabException("cannot read " + dir + " for its report: " + e.getMessage(), e);
    }
    Path out = dir.resolve("report.html");
    r.write(out);
    return out;
  }

  /** A CSV file as a table of text columns (header from line 1); an empty cell is null. */
  static Table readCsv(Path f) throws IOException {
    CsvMapper m = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
    List<String[]> rows = new ArrayList<>();
    try (MappingIterator<String[]> it = m.readerFor(String[].class).readValues(f.toFile())) {
      while (it.hasNext() && rows.size() <= MAX_ROWS * 4) {
        rows.add(it.next());
      }
    }
    Table.Builder b = Table.builder(f.getFileName().toString());
    if (rows.isEmpty()) {
      return b.stringColumn("(empty)").build();
    }
    String[] head = rows.get(0);
    for (String h : head) {
      b.stringColumn(h);
    }
    for (String[] row : rows.subList(1, rows.size())) {
      Object[] v = new Object[head.length];
      for (int i = 0; i < head.length; i++) {
        v[i] = i < row.length && !row[i].isEmpty() ? row[i] : null; // an empty CSV cell: no value
      }
      b.row(v);
    }
    return b.build();
  }
}
