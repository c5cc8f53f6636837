package org.fabriclab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * A summary printed as {@code key,value} CSV keeps every number's full precision, as JSON and the
 * table CSVs do (1 - 2^-53 stays 0.9999999999999998, not 1.0); a value that does not exist is an
 * empty cell, n/a in text.
 */
class KeyValueFormatTest {
  private static FormatOption option(String... args) {
    FormatOption f = new FormatOption();
    new CommandLine(f).parseArgs(args);
    return f;
  }

  private static Map<String, Object> values() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("lambda", 0.9999999999999998);
    m.put("reduction", 0.7075471698113207);
    m.put("links", 64L);
    m.put("gap", Double.NaN);
    return m;
  }

  @Test
  void csvKeepsFullPrecision() {
    assertThat(option("--format", "csv").render(values())).isEqualTo(
        "key,value\nlambda,0.9999999999999998\nreduction,0.7075471698113207\nlinks,64\ngap,\n");
  }

  @Test
  void textRoundsAndShowsNa() {
    assertThat(option().render(values())).isEqualTo(
        "lambda     1.0\nreduction  0.707547\nlinks      64\ngap        n/a\n".replace("\n", System.lineSeparator()));
  }
}
