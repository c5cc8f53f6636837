package org.fabriclab.experiment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Checks on the text a reproduction puts in its summary: it cites papers by title and section and
 * names no Java class. Used by the reproductions' tests; O(text + classes).
 */
public final class SummaryText {
  private static final Pattern CAMEL = Pattern.compile("\\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\\b");

  private SummaryText() {}

  /** Every text field of the report: comparisons (all columns) and notes, one per line. */
  public static String of(ReproductionReport report) {
    StringBuilder b = new StringBuilder();
    for (Comparison c : report.comparisons()) {
      b.append(String.join(" | ", c.item(), c.metric(), c.paper(), c.measured(), c.tolerance(),
          c.note())).append('\n');
    }
    for (String n : report.notes()) {
      b.append(n).append('\n');
    }
    return b.toString();
  }

  /**
   * The simple names of the compiled classes under {@code roots} (folders of {@code .class}
   * files, nested classes left out) that occur as a word in {@code text}. Only CamelCase names are
   * considered, so ordinary words that happen to be class names ("Table", "Time") are not flagged.
   */
  public static List<String> classNamesIn(String text, Path... roots) {
    Set<String> names = new TreeSet<>();
    for (Path root : roots) {
      if (!Files.isDirectory(root)) {
        continue;
      }
      try (Stream<Path> files = Files.walk(root)) {
        files.map(p -> p.getFileName().toString())
            .filter(f -> f.endsWith(".class") && !f.contains("$"))
            .map(f -> f.substring(0, f.length() - ".class".length()))
            .filter(n -> CAMEL.matcher(n).matches())
            .forEach(names::add);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    List<String> found = new ArrayList<>();
    Matcher m = CAMEL.matcher(text);
    Set<String> seen = new TreeSet<>();
    while (m.find()) {
      if (names.contains(m.group()) && seen.add(m.group())) {
        found.add(m.group());
      }
    }
    return found;
  }
}
