package org.fabriclab.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The corners of step CDFs for samples small enough to write down. */
class StepCdfTest {
  @Test
  void everyValueIsAVerticalRiserFollowedByAFlatStep() {
    StepCdf.Points p = StepCdf.of(new double[] {3, 1, 2});
    assertThat(p.x()).containsExactly(1, 1, 2, 2, 3, 3);
    assertThat(p.y()).containsExactly(0, 1 / 3.0, 1 / 3.0, 2 / 3.0, 2 / 3.0, 1);
  }

  @Test
  void tiesMakeOneTallerRiserAndNaNIsLeftOut() {
    StepCdf.Points p = StepCdf.of(new double[] {1, Double.NaN, 2, 1});
    assertThat(p.x()).containsExactly(1, 1, 2, 2);
    assertThat(p.y()).containsExactly(0, 2 / 3.0, 2 / 3.0, 1);
  }

  @Test
  void aHistogramWeighsEachValueByItsCount() {
    // 10 pairs at 2 hops, none at 3, 30 at 4: 25% within 2 hops, all within 4
    StepCdf.Points p = StepCdf.weighted(new double[] {4, 3, 2}, new double[] {30, 0, 10});
    assertThat(p.x()).containsExactly(2, 2, 4, 4);
    assertThat(p.y()).containsExactly(0, 0.25, 0.25, 1);
  }

  @Test
  void anEmptySampleHasNoPoints() {
    assertThat(StepCdf.of(new double[0]).x()).isEmpty();
  }
}
