package org.fabriclab.experiment;

/**
 * One row of a reproduction: our value beside the paper's. Differences are reported and
 * explained, never hidden.
 *
 * <p>One grading rule for every reproduction: each row has a {@link Kind}, and only
 * {@link Kind#MEASURED} rows with a paper value are graded (agree or differ within the stated
 * {@link #tolerance}, fixed before the value is seen and no wider than the paper's own precision).
 * A structural property of our construction ({@link Kind#DESIGN_CHECK}, e.g. a schedule meeting
 * every pair once per cycle), the paper's formula evaluated ({@link Kind#THEORY}), a value our model
 * takes from the paper ({@link Kind#MODEL_INPUT}) and a value that follows from such an input
 * ({@link Kind#DERIVED_FROM_INPUT}) are shown beside the paper but never counted as agreement; a
 * check the quick variant skips is {@link Kind#NOT_RUN}, never a disagreement, and a result no
 * simulation can give is {@link Kind#NOT_REPRODUCIBLE}.
 *
 * @param item where the paper states it ("Fig. 3", "§VI-A(b)", "Table I")
 * @param metric what is compared ("active ports, 8 ToRs, IP multicast")
 * @param paper the paper's value as it states it ("22", "1.55–1.85×"), or "—" if it gives none
 * @param measured our value as text (with unit); for {@link Kind#NOT_RUN} why it was not run
 * @param agrees whether ours matches the paper's within {@link #tolerance}; counted only for
 *     {@link Kind#MEASURED} rows with a paper value (for a design check: whether it holds)
 * @param note why they differ, or how ours was obtained; may be empty
 * @param tolerance how close counts as agreeing, as text; empty = not stated
 * @param kind what the row is
 */
public record Comparison(
    String item,
    String metric,
    String paper,
    String measured,
    boolean agrees,
    String note,
    String tolerance,
    Kind kind) {

  /** What a row is; only {@link #MEASURED} rows are counted as agreeing or not. */
  public enum Kind {
    /** Computed by fabriclab's runs and graded against the paper within the stated tolerance. */
    MEASURED("measured"),
    /** A structural property of our construction (a schedule, a count built in): never counted. */
    DESIGN_CHECK("design check"),
    /** The paper's formula (a closed form) evaluated by us: never counted. */
    THEORY("theory"),
    /** A value our model takes from the paper (or assumes): never counted. */
    MODEL_INPUT("model input"),
    /** A value that follows from a model input (fitted to, or taken from, the paper): never counted. */
    DERIVED_FROM_INPUT("derived from an input"),
    /** A check the chosen variant (e.g. {@code --quick}) did not run. */
    NOT_RUN("not run"),
    /** A result no simulation can give (e.g. a prototype's FPGA resources): listed, never counted. */
    NOT_REPRODUCIBLE("not reproducible in simulation");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    /** Text of the summary's kind column. */
    public String label() {
      return label;
    }

    /** Whether the row is shown but never counted (a design check, theory or an input). */
    public boolean notCounted() {
      return this == DESIGN_CHECK || this == THEORY || this == MODEL_INPUT || this == DERIVED_FROM_INPUT;
    }
  }

  /** The mark printed in a summary's verdict column: a symbol (and a colour in HTML) with a word. */
  public enum Verdict {
    AGREES("✓", "agrees"),
    DIFFERS("✗", "differs"),
    NOT_GRADED("○", "not graded");

    private final String symbol;
    private final String word;

    Verdict(String symbol, String word) {
      this.symbol = symbol;
      this.word = word;
    }

    /** The symbol: ✓ agrees, ✗ differs, ○ not graded. */
    public String symbol() {
      return symbol;
    }

    /** Text of the summary's verdict column: symbol and word ("✓ agrees"). */
    public String label() {
      return symbol + " " + word;
    }
  }

  public Comparison {
    tolerance = tolerance == null ? "" : tolerance;
    note = note == null ? "" : note;
    if (kind == null) {
      throw new IllegalArgumentException("comparison kind is null");
    }
  }

  /** A graded measurement with its tolerance. */
  public static Comparison measured(
      String item, String metric, String paper, String measured, String tolerance, boolean agrees,
      String note) {
    return new Comparison(item, metric, paper, measured, agrees, note, tolerance, Kind.MEASURED);
  }

  /** A measured value the paper gives no number for: shown, never graded, so it has no tolerance. */
  public static Comparison withoutPaperValue(String item, String metric, String measured, String note) {
    return new Comparison(item, metric, "—", measured, false, note, "", Kind.MEASURED);
  }

  /**
   * A structural property of our construction beside the paper's statement of it; {@code holds}
   * says whether it holds (shown, never counted).
   */
  public static Comparison designCheck(
      String item, String metric, String paper, String measured, boolean holds, String note) {
    return new Comparison(item, metric, paper, measured, holds, note, "", Kind.DESIGN_CHECK);
  }

  /** A model input taken from (or assumed beside) the paper: never counted as agreement. */
  public static Comparison modelInput(
      String item, String metric, String paper, String measured, String note) {
    return new Comparison(item, metric, paper, measured, false, note, "", Kind.MODEL_INPUT);
  }

  /** A value that follows from a model input (e.g. one fitted to the paper): never counted. */
  public static Comparison derivedFromInput(
      String item, String metric, String paper, String measured, String note) {
    return new Comparison(item, metric, paper, measured, false, note, "", Kind.DERIVED_FROM_INPUT);
  }

  /** The paper's theory evaluated by us: never counted as agreement. */
  public static Comparison theory(
      String item, String metric, String paper, String measured, String note) {
    return new Comparison(item, metric, paper, measured, false, note, "", Kind.THEORY);
  }

  /** A check this variant did not run (e.g. {@code --quick}): neither agreement nor difference. */
  public static Comparison notRun(String item, String metric, String paper, String why) {
    return new Comparison(item, metric, paper, "not run", false, why, "", Kind.NOT_RUN);
  }

  /** A result of the paper no simulation can give (hardware resources, say): listed, never counted. */
  public static Comparison notReproducible(String item, String metric, String paper, String why) {
    return new Comparison(item, metric, paper, "not reproducible in simulation", false, why, "",
        Kind.NOT_REPRODUCIBLE);
  }

  /** This row as another kind (values, tolerance and note kept). */
  public Comparison as(Kind k) {
    return new Comparison(item, metric, paper, measured, agrees, note, tolerance, k);
  }

  /** Whether the paper column holds a value ("—", "-" or blank mean the paper gives none). */
  public boolean hasPaperValue() {
    String p = paper.strip();
    return !p.isEmpty() && !p.equals("—") && !p.equals("-");
  }

  /** Whether this row is graded: a measurement with a paper value. */
  public boolean graded() {
    return kind == Kind.MEASURED && hasPaperValue();
  }

  /** The summary's verdict for this row: only graded rows agree or differ. */
  public Verdict verdict() {
    return !graded() ? Verdict.NOT_GRADED : agrees ? Verdict.AGREES : Verdict.DIFFERS;
  }

  /**
   * The verdict column's text: the verdict's mark, and for an ungraded row why ("○ not graded (no
   * paper value)"); a design check that fails says so.
   */
  public String verdictText() {
    if (graded()) {
      return verdict().label();
    }
    String why = switch (kind) {
      case MEASURED -> "no paper value";
      case DESIGN_CHECK -> agrees ? "holds" : "CHECK FAILS";
      case NOT_RUN -> "not run";
      case NOT_REPRODUCIBLE -> "not reproducible";
      default -> kind.label();
    };
    return verdict().label() + " (" + why + ")";
  }

  /** The tolerance as printed: "not stated" for a graded row without one, else as given. */
  public String toleranceText() {
    return graded() && tolerance.isBlank() ? "not stated" : tolerance;
  }
}
