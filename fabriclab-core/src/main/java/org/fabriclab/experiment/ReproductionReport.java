package org.fabriclab.experiment;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.table.Table;

/**
 * What a reproduction measured: named tables (written as CSV), plots drawn from them,
 * comparisons with the paper (the heart of {@code summary.md}) and free-text notes (decisions
 * where the paper is ambiguous, how each figure was computed). Immutable once built.
 *
 * @param tables tables, each written as {@code <name>.csv}
 * @param plots plots over those tables
 * @param comparisons measured values beside the paper's
 * @param notes paragraphs for the summary
 */
public record ReproductionReport(
    List<Table> tables, List<PlotSpec> plots, List<Comparison> comparisons, List<String> notes) {
  public ReproductionReport {
    tables = List.copyOf(tables);
    plots = List.copyOf(plots);
    comparisons = List.copyOf(comparisons);
    notes = List.copyOf(notes);
    for (PlotSpec p : plots) {
      if (tables.stream().noneMatch(t -> t.name().equals(p.table()))) {
        throw new IllegalArgumentException("plot " + p.file() + " refers to missing table " + p.table());
      }
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The table called {@code name}. */
  public Table table(String name) {
    return tables.stream()
        .filter(t -> t.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no table " + name));
  }

  /** Collects a report. */
  public static final class Builder {
    private final List<Table> tables = new ArrayList<>();
    private final List<PlotSpec> plots = new ArrayList<>();
    private final List<Comparison> comparisons = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    public Builder table(Table t) {
      tables.add(t);
      return this;
    }

    public Builder plot(PlotSpec p) {
      plots.add(p);
      return this;
    }

    public Builder compare(Comparison c) {
      comparisons.add(c);
      return this;
    }

    /** Shorthand for a comparison. */
    public Builder compare(
        String item, String metric, String paper, String measured, boolean agrees, String note) {
      return compare(new Comparison(item, metric, paper, measured, agrees, note));
    }

    public Builder note(String paragraph) {
      notes.add(paragraph);
      return this;
    }

    public ReproductionReport build() {
      return new ReproductionReport(tables, plots, comparisons, notes);
    }
  }
}
