package org.fabriclab.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The summary's tally sentence and the tolerance of each kind of comparison row. */
class ReproductionReportTest {
  @Test
  void tallyNamesOneInTheSingularAndTwoInThePlural() {
    assertThat(new ReproductionReport.Tally(18, 26, 6, 1, 1).text()).isEqualTo(
        "18/44 of the paper's values agree within the stated tolerance (6 not run in this variant,"
            + " 1 model input or restated theory not counted, 1 measured value without one)");
    assertThat(new ReproductionReport.Tally(1, 1, 2, 2, 2).text()).isEqualTo(
        "1/2 of the paper's values agree within the stated tolerance (2 not run in this variant,"
            + " 2 model inputs or restated theory not counted, 2 measured values without one)");
  }

  @Test
  void tallyCountsEachKindOfRow() {
    ReproductionReport r = ReproductionReport.builder()
        .compare("Fig. 1", "a", "10", "10", "exact", true, "")
        .compare("Fig. 1", "b", "10", "12", "exact", false, "")
        .withoutPaperValue("Fig. 2", "c", "3", "the paper gives none")
        .modelInput("Fig. 3", "d", "5 us", "5 us", "taken from the paper")
        .notRun("Fig. 4", "e", "7", "quick run")
        .build();
    assertThat(r.tally()).isEqualTo(new ReproductionReport.Tally(1, 1, 1, 1, 1));
    assertThat(r.tally().text()).endsWith("(1 not run in this variant, 1 model input or restated theory not"
        + " counted, 1 measured value without one)");
  }

  @Test
  void theToleranceCellIsTheStatedToleranceAndEmptyForUngradedRows() {
    assertThat(Comparison.measured("Fig. 5", "x", "67%", "60%", "within 10 percentage points", true, "why")
        .toleranceText()).isEqualTo("within 10 percentage points");
    assertThat(Comparison.measured("Fig. 5", "x", "67%", "60%", "", true, "why").toleranceText())
        .isEqualTo("not stated");
    Comparison none = Comparison.withoutPaperValue("§IV", "y", "0.98", "not in the paper");
    assertThat(none.paper()).isEqualTo("—");
    assertThat(none.graded()).isFalse();
    assertThat(none.verdict()).isEqualTo(Comparison.Verdict.NO_PAPER_VALUE);
    assertThat(none.toleranceText()).isEmpty();
  }
}
