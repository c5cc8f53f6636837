package org.fabriclab.progress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A fraction reaches the Progress as units that never go back, within [0, 1], complete at the end. */
class FractionProgressTest {
  @Test
  void unitsNeverGoBackAndStayWithinTheTask() {
    RecordingProgress rec = new RecordingProgress();
    FractionProgress bar = new FractionProgress(rec, "solve");
    for (double f : new double[] {0, -0.5, Double.NaN, 0.25, 0.1, 0.25, 0.5004, Double.NEGATIVE_INFINITY, 0.9}) {
      bar.reach(f);
    }
    assertThat(rec.last().advances).containsExactly(250L, 250L, 400L);
    bar.reach(7);
    bar.reach(Double.POSITIVE_INFINITY);
    bar.finish();
    RecordingProgress.Task t = rec.last();
    assertThat(t.name).isEqualTo("solve");
    assertThat(t.total).isEqualTo(FractionProgress.UNITS);
    assertThat(t.advances).containsExactly(250L, 250L, 400L, 100L);
    assertThat(t.ended).isTrue();
    assertThat(rec.tasks).hasSize(1);
    assertThat(rec.misuse).isZero();
  }

  @Test
  void runCompletesTheTaskOnReturnAndEndsItOnFailure() {
    RecordingProgress rec = new RecordingProgress();
    String r = FractionProgress.run(rec, "ok", bar -> {
      bar.reach(0.3);
      return "done";
    });
    assertThat(r).isEqualTo("done");
    assertThat(rec.last().fractions()).containsExactly(0.3, 1.0);
    assertThat(rec.last().ended).isTrue();
    assertThatThrownBy(() -> FractionProgress.run(rec, "fails", bar -> {
      bar.reach(0.4);
      throw new IllegalStateException("boom");
    })).hasMessage("boom");
    assertThat(rec.last().name).isEqualTo("fails");
    assertThat(rec.last().fractions()).containsExactly(0.4);
    assertThat(rec.last().ended).isTrue();
    assertThat(rec.misuse).isZero();
  }
}
