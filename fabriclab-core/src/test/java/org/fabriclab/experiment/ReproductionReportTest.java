package org.fabriclab.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The summary's first line counted from the rows' kinds, and the verdict and tolerance of each kind. */
class ReproductionReportTest {
  @Test
  void summaryLineNamesOneInTheSingularAndTwoInThePlural() {
    assertThat(new ReproductionReport.Tally(18, 44, 6, 2, 5, 0, 0, 0).text()).isEqualTo(
        "18 of 44 measured values agree; 6 design checks, 2 theory rows, 5 inputs (not counted)");
    assertThat(new ReproductionReport.Tally(1, 1, 1, 1, 1, 1, 1, 1).text()).isEqualTo(
        "1 of 1 measured value agree; 1 design check, 1 theory row, 1 input (not counted);"
            + " 1 not run in this variant; 1 measured value without a paper value; 1 not reproducible in"
            + " simulation");
  }

  @Test
  void summaryCountsAHandBuiltListOfRowsByKind() {
    // 11 rows: 3 graded measurements (2 agree), 1 measurement without a paper value, 2 design checks
    // (one failing, still not counted), 1 theory row, 1 model input and 1 value derived from it, one
    // check not run and one result no simulation gives
    ReproductionReport r = ReproductionReport.builder()
        .compare("Fig. 1", "a", "10", "10", "exact", true, "")
        .compare("Fig. 1", "b", "10", "12", "exact", false, "")
        .compare("Fig. 1", "c", "5", "5.1", "±5 %", true, "")
        .withoutPaperValue("Fig. 2", "d", "3", "the paper gives none")
        .designCheck("Fig. 3", "every pair once per cycle", "yes", "yes", true, "")
        .designCheck("Fig. 3", "switches built", "48", "47", false, "")
        .theory("Eq. 1", "closed form", "1/G", "1/G", "")
        .modelInput("Fig. 4", "per-message cost", "5 us", "5 us", "taken from the paper")
        .derivedFromInput("Fig. 4", "rate", "0.2 M/s", "0.2 M/s", "1 / the cost")
        .notRun("Fig. 5", "e", "7", "quick run")
        .notReproducible("Table 2", "FPGA resources", "53169 LUT", "hardware synthesis")
        .build();
    ReproductionReport.Tally t = r.tally();
    assertThat(t).isEqualTo(new ReproductionReport.Tally(2, 3, 2, 1, 2, 1, 1, 1));
    assertThat(t.differ()).isEqualTo(1);
    assertThat(t.text()).startsWith("2 of 3 measured values agree; 2 design checks, 1 theory row, 2 inputs"
        + " (not counted)");
  }

  @Test
  void onlyGradedRowsAgreeOrDifferAndAFailingDesignCheckSaysSo() {
    assertThat(Comparison.measured("Fig. 5", "x", "67%", "60%", "±10 points", true, "").verdictText())
        .isEqualTo("✓ agrees");
    assertThat(Comparison.measured("Fig. 5", "x", "67%", "40%", "±10 points", false, "").verdictText())
        .isEqualTo("✗ differs");
    assertThat(Comparison.designCheck("Fig. 3", "x", "48", "48", true, "").verdict())
        .isEqualTo(Comparison.Verdict.NOT_GRADED);
    assertThat(Comparison.designCheck("Fig. 3", "x", "48", "47", false, "").verdictText())
        .isEqualTo("○ not graded (CHECK FAILS)");
    assertThat(Comparison.derivedFromInput("Fig. 12", "x", "1.2M", "1.2M", "").verdictText())
        .isEqualTo("○ not graded (derived from an input)");
    assertThat(Comparison.measured("Fig. 5", "x", "67%", "60%", "exact", true, "").as(Comparison.Kind.THEORY)
        .graded()).isFalse();
  }

  @Test
  void aTallyWithMoreAgreementsThanGradedRowsIsRefused() {
    assertThatThrownBy(() -> new ReproductionReport.Tally(3, 2, 0, 0, 0, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
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
    assertThat(none.verdict()).isEqualTo(Comparison.Verdict.NOT_GRADED);
    assertThat(none.toleranceText()).isEmpty();
  }
}
