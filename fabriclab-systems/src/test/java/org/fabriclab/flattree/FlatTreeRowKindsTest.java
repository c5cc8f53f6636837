package org.fabriclab.flattree;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.experiment.Comparison.Kind;
import org.fabriclab.experiment.QuickReports;
import org.fabriclab.experiment.ReproductionReport;
import org.junit.jupiter.api.Test;

/**
 * The kind of the flat-tree rows (seed 001): every number the paper states in §3–4 (Fig. 5–8, §3.4)
 * is a result of its own path-length and throughput runs over seeded random instances, none a
 * closed form, a count built into the construction or a fitted value, so every row is measured
 * (or not run in the quick variant).
 */
class FlatTreeRowKindsTest {
  @Test
  void everyRowIsMeasuredOrNotRun() {
    ReproductionReport r = QuickReports.of(new FlatTreeReproduction());
    assertThat(r.comparisons()).isNotEmpty()
        .allSatisfy(c -> assertThat(c.kind()).as(c.item() + " " + c.metric()).isIn(Kind.MEASURED, Kind.NOT_RUN));
    assertThat(r.tally().designChecks() + r.tally().theory() + r.tally().inputs()).isZero();
  }
}
