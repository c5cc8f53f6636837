package org.fabriclab.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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

  /**
   * How many rows of each kind, and how many graded rows agree. Only measured rows with a paper
   * value are graded; the rest are shown and never counted.
   *
   * @param agree graded rows within their tolerance
   * @param measured graded rows (measured, with a paper value): agree + differ
   * @param designChecks structural properties of our construction
   * @param theory the paper's formulas evaluated
   * @param inputs model inputs and values derived from an input
   * @param notRun checks the chosen variant did not run (not disagreements)
   * @param noPaperValue measured values the paper gives no number for
   * @param notReproducible results no simulation can give (listed, never counted)
   */
  public record Tally(int agree, int measured, int designChecks, int theory, int inputs, int notRun,
      int noPaperValue, int notReproducible) {
    /** Checks that agreements are a part of the graded rows and no count is negative. */
    public Tally {
      if (agree < 0 || agree > measured || designChecks < 0 || theory < 0 || inputs < 0 || notRun < 0
          || noPaperValue < 0 || notReproducible < 0) {
        throw new IllegalArgumentException("inconsistent tally: " + agree + " of " + measured);
      }
    }

    /** Graded rows outside their tolerance. */
    public int differ() {
      return measured - agree;
    }

    /**
     * The summary's first line: "N of M measured values agree; K design checks, T theory rows, I
     * inputs (not counted)", nouns in the singular for a count of 1, then (only when there are any)
     * "; X not run in this variant; Y measured values without a paper value; Z not reproducible in
     * simulation".
     */
    public String text() {
      StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
          "%d of %d measured %s agree; %s, %s, %s (not counted)", agree, measured,
          measured == 1 ? "value" : "values", count(designChecks, "design check", "design checks"),
          count(theory, "theory row", "theory rows"), count(inputs, "input", "inputs")));
      if (notRun > 0) {
        b.append("; ").append(notRun).append(" not run in this variant");
      }
      if (noPaperValue > 0) {
        b.append("; ").append(count(noPaperValue, "measured value", "measured values"))
            .append(" without a paper value");
      }
      if (notReproducible > 0) {
        b.append("; ").append(notReproducible).append(" not reproducible in simulation");
      }
      return b.toString();
    }

    private static String count(int n, String one, String many) {
      return n + " " + (n == 1 ? one : many);
    }
  }

  /** Counts the rows by {@link Comparison#kind()} and the graded ones by verdict. */
  public Tally tally() {
    int agree = 0;
    int measured = 0;
    int noPaper = 0;
    int[] k = new int[Comparison.Kind.values().length];
    for (Comparison c : comparisons) {
      k[c.kind().ordinal()]++;
      if (c.graded()) {
        measured++;
        agree += c.agrees() ? 1 : 0;
      } else if (c.kind() == Comparison.Kind.MEASURED) {
        noPaper++;
      }
    }
    return new Tally(agree, measured, k[Comparison.Kind.DESIGN_CHECK.ordinal()],
        k[Comparison.Kind.THEORY.ordinal()],
        k[Comparison.Kind.MODEL_INPUT.ordinal()] + k[Comparison.Kind.DERIVED_FROM_INPUT.ordinal()],
        k[Comparison.Kind.NOT_RUN.ordinal()], noPaper, k[Comparison.Kind.NOT_REPRODUCIBLE.ordinal()]);
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

    /** A graded comparison with its tolerance ("±5 points", "exact"). */
    public Builder compare(
        String item, String metric, String paper, String measured, String tolerance,
        boolean agrees, String note) {
      return compare(Comparison.measured(item, metric, paper, measured, tolerance, agrees, note));
    }

    /**
     * A row of the given kind with the tolerance it would be graded by and whether it meets it
     * (only a {@link Comparison.Kind#MEASURED} row is counted; the others show both, ungraded).
     */
    public Builder compareAs(Comparison.Kind kind,
        String item, String metric, String paper, String measured, String tolerance,
        boolean agrees, String note) {
      return compare(Comparison.measured(item, metric, paper, measured, tolerance, agrees, note).as(kind));
    }

    /** A measured value the paper gives no number for (shown, never graded). */
    public Builder withoutPaperValue(String item, String metric, String measured, String note) {
      return compare(Comparison.withoutPaperValue(item, metric, measured, note));
    }

    /** A model input shown beside the paper, never counted as agreement. */
    public Builder modelInput(
        String item, String metric, String paper, String measured, String note) {
      return compare(Comparison.modelInput(item, metric, paper, measured, note));
    }

    /** The paper's theory evaluated by us, never counted as agreement. */
    public Builder theory(
        String item, String metric, String paper, String measured, String note) {
      return compare(Comparison.theory(item, metric, paper, measured, note));
    }

    /** A structural property of our construction ({@code holds} or not), never counted. */
    public Builder designCheck(
        String item, String metric, String paper, String measured, boolean holds, String note) {
      return compare(Comparison.designCheck(item, metric, paper, measured, holds, note));
    }

    /** A value that follows from a model input, never counted as agreement. */
    public Builder derivedFromInput(
        String item, String metric, String paper, String measured, String note) {
      return compare(Comparison.derivedFromInput(item, metric, paper, measured, note));
    }

    /** A result of the paper no simulation can give, listed with why. */
    public Builder notReproducible(String item, String metric, String paper, String why) {
      return compare(Comparison.notReproducible(item, metric, paper, why));
    }

    /** A check this variant (e.g. {@code --quick}) did not run. */
    public Builder notRun(String item, String metric, String paper, String why) {
      return compare(Comparison.notRun(item, metric, paper, why));
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
