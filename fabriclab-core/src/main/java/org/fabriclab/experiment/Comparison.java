package org.fabriclab.experiment;

/**
 * One measured value beside the paper's. Differences are reported and explained, never hidden.
 *
 * <p>Every comparison states its {@link #tolerance}: how close ours must be to count as agreeing
 * ("±5 points", "exact", "same order"). Only {@link Kind#MEASURED} rows are graded: a value that
 * is an input of our model ({@link Kind#MODEL_INPUT}, e.g. a per-switch update latency taken from
 * the paper) or the paper's own theory restated ({@link Kind#RESTATED_THEORY}, e.g. a 1/G curve)
 * is shown but never counted as agreement, and a check the quick variant skips is
 * {@link Kind#NOT_RUN}, never a disagreement.
 *
 * @param item where the paper states it ("Fig. 3", "§VI-A(b)", "Table I")
 * @param metric what is compared ("active ports, 8 ToRs, IP multicast")
 * @param paper the paper's value as it states it ("22", "1.55–1.85×"), or "—" if it gives none
 * @param measured our value as text (with unit); for {@link Kind#NOT_RUN} why it was not run
 * @param agrees whether ours matches the paper's within {@link #tolerance} (meaningful only for
 *     {@link Kind#MEASURED} rows with a paper value)
 * @param note why they differ, or how ours was obtained; may be empty
 * @param tolerance how close counts as agreeing, as text; empty = not stated
 * @param kind what the row is (graded measurement, model input, restated theory, not run)
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
    /** Computed by fabriclab and graded against the paper within the tolerance. */
    MEASURED,
    /** A value our model takes from the paper (or assumes): shown, never counted. */
    MODEL_INPUT,
    /** The paper's theory restated (a closed form we evaluate): shown, never counted. */
    RESTATED_THEORY,
    /** A check the chosen variant (e.g. {@code --quick}) did not run. */
    NOT_RUN
  }

  /** The verdict printed in a summary. */
  public enum Verdict {
    AGREES("yes"),
    DIFFERS("NO"),
    NO_PAPER_VALUE("—"),
    MODEL_INPUT("model input"),
    RESTATED_THEORY("theory"),
    NOT_RUN("not run");

    private final String label;

    Verdict(String label) {
      this.label = label;
    }

    /** Text of the summary's verdict column. */
    public String label() {
      return label;
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

  /** A model input taken from (or assumed beside) the paper: never counted as agreement. */
  public static Comparison modelInput(
      String item, String metric, String paper, String measured, String note) {
    return new Comparison(item, metric, paper, measured, false, note, "", Kind.MODEL_INPUT);
  }

  /** The paper's theory evaluated by us: never counted as agreement. */
  public static Comparison restatedTheory(
      String item, String metric, String paper, String measured, String note) {
    return new Comparison(item, metric, paper, measured, false, note, "", Kind.RESTATED_THEORY);
  }

  /** A check this variant did not run (e.g. {@code --quick}): neither agreement nor difference. */
  public static Comparison notRun(String item, String metric, String paper, String why) {
    return new Comparison(item, metric, paper, "not run", false, why, "", Kind.NOT_RUN);
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

  /** The summary's verdict for this row. */
  public Verdict verdict() {
    return switch (kind) {
      case MODEL_INPUT -> Verdict.MODEL_INPUT;
      case RESTATED_THEORY -> Verdict.RESTATED_THEORY;
      case NOT_RUN -> Verdict.NOT_RUN;
      case MEASURED -> !hasPaperValue() ? Verdict.NO_PAPER_VALUE
          : agrees ? Verdict.AGREES : Verdict.DIFFERS;
    };
  }

  /** The tolerance as printed: "not stated" for a graded row without one, else as given. */
  public String toleranceText() {
    return graded() && tolerance.isBlank() ? "not stated" : tolerance;
  }
}
