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
   * How many comparisons got each verdict.
   *
   * @param agree graded rows within their tolerance
   * @param differ graded rows outside it
   * @param notRun checks the chosen variant did not run (not disagreements)
   * @param notCounted model inputs and restated theory (shown, never counted)
   * @param noPaperValue measured values the paper gives no number for
   */
  public record Tally(int agree, int differ, int notRun, int notCounted, int noPaperValue) {
    /** Graded rows: agree + differ. */
    public int graded() {
      return agree + differ;
    }

    /**
     * One sentence counting the verdicts, nouns in the singular for a count of 1: "18/44 of the
     * paper's values agree within the stated tolerance (6 not run in this variant, 1 model input or
     * restated theory not counted, 1 measured value without one)".
     */
    public String text() {
      return String.format(Locale.ROOT,
          "%d/%d of the paper's values agree within the stated tolerance (%d not run in this variant,"
              + " %d %s or restated theory not counted, %d %s without one)",
          agree, graded(), notRun, notCounted, notCounted == 1 ? "model input" : "model inputs", noPaperValue,
          noPaperValue == 1 ? "measured value" : "measured values");
    }
  }

  /** Counts the comparisons by {@link Comparison#verdict()}. */
  public Tally tally() {
    int[] n = new int[Comparison.Verdict.values().length];
    for (Comparison c : comparisons) {
      n[c.verdict().ordinal()]++;
    }
    return new Tally(n[Comparison.Verdict.AGREES.ordinal()], n[Comparison.Verdict.DIFFERS.ordinal()],
        n[Comparison.Verdict.NOT_RUN.ordinal()],
        n[Comparison.Verdict.MODEL_INPUT.ordinal()] + n[Comparison.Verdict.RESTATED_THEORY.ordinal()],
        n[Comparison.Verdict.NO_PAPER_VALUE.ordinal()]);
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
    public Builder restatedTheory(
        String item, String metric, String paper, String measured, String note) {
      return compare(Comparison.restatedTheory(item, metric, paper, measured, note));
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
