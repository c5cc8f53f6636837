package org.fabriclab.table;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableWriterTest {
  private static final Table TRICKY =
      Table.builder("tricky").longColumn("n").doubleColumn("x, y").stringColumn("s")
          .row(1, 0.1, "a,b")
          .row(-2, 1e-7, "say \"hi\"")
          .row(Long.MAX_VALUE, -3.25e12, "line\nbreak")
          .row(0, 2.0, " lead")
          .row(5, 1.0 / 3, "a|b")
          .row(6, 7.0, "")
          .build();

  private static List<String[]> parseCsv(String csv) throws IOException {
    CsvMapper m = new CsvMapper();
    m.enable(CsvParser.Feature.WRAP_AS_ARRAY);
    List<String[]> rows = new ArrayList<>();
    try (MappingIterator<String[]> it = m.readerFor(String[].class).readValues(csv)) {
      while (it.hasNext()) {
        rows.add(it.next());
      }
    }
    return rows;
  }

  @Test
  void csvParsesBackToTheSameCells() throws IOException {
    List<String[]> rows = parseCsv(TableWriter.csv(TRICKY));
    assertThat(rows).hasSize(TRICKY.rowCount() + 1);
    assertThat(rows.get(0)).containsExactly("n", "x, y", "s");
    for (int r = 0; r < TRICKY.rowCount(); r++) {
      String[] cells = rows.get(r + 1);
      assertThat(cells).hasSize(3);
      assertThat(Long.parseLong(cells[0])).isEqualTo(TRICKY.get(r, 0));
      assertThat(Double.parseDouble(cells[1])).isEqualTo(TRICKY.get(r, 1));
      assertThat(cells[2]).isEqualTo(TRICKY.get(r, 2));
    }
  }

  @Test
  void csvQuotesCommasQuotesAndNewlines() {
    String csv = TableWriter.csv(TRICKY);
    assertThat(csv).startsWith("n,\"x, y\",s\n");
    assertThat(csv).contains("\"a,b\"", "\"say \"\"hi\"\"\"", "\"line\nbreak\"");
  }

  /**
   * RFC 4180 quoting and no more: a field is quoted only when it holds a comma, a quote, CR or LF,
   * whatever its length or its other characters (Jackson's default quotes every field longer than
   * 24 characters and any holding a space or a character below '-').
   */
  @Test
  void csvQuotesOnlyWhatRfc4180Requires() throws IOException {
    Table t = Table.builder("q").stringColumn("shortSlowerThanRtoFloorPct").stringColumn("s")
        .row("flow 1", "Cisco 48x25+6x100").row("managed (smallest sub-BCube)", "#1; tab\tx")
        .row("cr\rx", "a,b").build();
    String csv = TableWriter.csv(t);
    assertThat(csv).startsWith("shortSlowerThanRtoFloorPct,s\n"
        + "flow 1,Cisco 48x25+6x100\n"
        + "managed (smallest sub-BCube),#1; tab\tx\n"
        + "\"cr\rx\",\"a,b\"\n");
    List<String[]> rows = parseCsv(csv);
    assertThat(rows.get(3)).containsExactly("cr\rx", "a,b");
  }

  @Test
  void emptyTableStillHasItsHeader() throws IOException {
    Table empty = Table.builder("e").longColumn("a").stringColumn("b").build();
    List<String[]> rows = parseCsv(TableWriter.csv(empty));
    assertThat(rows).hasSize(1);
    assertThat(rows.get(0)).containsExactly("a", "b");
    assertThat(new ObjectMapper().readTree(TableWriter.json(empty)).size()).isZero();
  }

  @Test
  void csvWritesNonFiniteAndMissingValuesAsEmptyCells() {
    Table t = Table.builder("m").stringColumn("case").doubleColumn("x").longColumn("n")
        .row("nan", Double.NaN, 1).row("inf", Double.POSITIVE_INFINITY, null).row("ok", 2.5, 3).build();
    assertThat(TableWriter.csv(t)).isEqualTo("case,x,n\nnan,,1\ninf,,\nok,2.5,3\n");
  }

  @Test
  void jsonParsesBackToTheSameCellsWithNonFiniteAsNull() throws IOException {
    Table t =
        Table.builder("j").longColumn("n").doubleColumn("x").stringColumn("s")
            .row(1, 0.1, "a,b")
            .row(Long.MIN_VALUE, Double.NaN, "say \"hi\"")
            .row(null, Double.POSITIVE_INFINITY, null)
            .build();
    JsonNode arr = new ObjectMapper().readTree(TableWriter.json(t));
    assertThat(arr.isArray()).isTrue();
    assertThat(arr.size()).isEqualTo(3);
    List<String> keys = new ArrayList<>();
    arr.get(0).fieldNames().forEachRemaining(keys::add);
    assertThat(keys).containsExactly("n", "x", "s");
    assertThat(arr.get(0).get("n").asLong()).isEqualTo(1);
    assertThat(arr.get(0).get("x").asDouble()).isEqualTo(0.1);
    assertThat(arr.get(0).get("s").asText()).isEqualTo("a,b");
    assertThat(arr.get(1).get("n").asLong()).isEqualTo(Long.MIN_VALUE);
    assertThat(arr.get(1).get("x").isNull()).isTrue();
    assertThat(arr.get(1).get("s").asText()).isEqualTo("say \"hi\"");
    assertThat(arr.get(2).get("n").isNull()).isTrue();
    assertThat(arr.get(2).get("x").isNull()).isTrue();
    assertThat(arr.get(2).get("s").isNull()).isTrue();
  }

  @Test
  void markdownHasOneLinePerRowAndEscapesPipes() {
    String md = TableWriter.markdown(TRICKY);
    String[] lines = md.split("\n");
    assertThat(lines).hasSize(TRICKY.rowCount() + 2);
    assertThat(lines[1]).isEqualTo("|---:|---:|---|");
    for (String line : lines) {
      // a table line has one unescaped pipe more than it has columns
      long pipes = line.replace("\\|", "").chars().filter(c -> c == '|').count();
      assertThat(pipes).as(line).isEqualTo(TRICKY.columns().size() + 1);
    }
    assertThat(md).contains("a\\|b");
  }

  @Test
  void textAlignsColumns() {
    Table t = Table.builder("t").stringColumn("name").longColumn("value")
        .row("a", 1).row("longer", 12345).build();
    String[] lines = TableWriter.text(t).split("\n");
    assertThat(lines).hasSize(3);
    assertThat(lines[0]).isEqualTo("name    value");
    assertThat(lines[1]).isEqualTo("a           1");
    assertThat(lines[2]).isEqualTo("longer  12345");
  }

  @Test
  void formatReadsLikeAPerson() {
    assertThat(TableWriter.format(2.0)).isEqualTo("2.0");
    assertThat(TableWriter.format(1.0 / 3)).isEqualTo("0.333333");
    assertThat(TableWriter.format(0.5)).isEqualTo("0.5");
    assertThat(TableWriter.format(12L)).isEqualTo("12");
    assertThat(TableWriter.format(null)).isEmpty();
  }

  @Test
  void writesFilesAtomicallyWithoutLeftovers(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("sub/out.csv");
    TableWriter.write(TRICKY, TableWriter.Format.CSV, file);
    TableWriter.write(TRICKY, TableWriter.Format.CSV, file); // replaces
    assertThat(Files.readString(file)).isEqualTo(TableWriter.csv(TRICKY));
    try (Stream<Path> files = Files.list(file.getParent())) {
      assertThat(files).containsExactly(file);
    }
    for (TableWriter.Format f : TableWriter.Format.values()) {
      assertThat(TableWriter.render(TRICKY, f)).isNotEmpty();
      assertThat(f.extension()).isNotEmpty();
    }
  }
}
