package org.fabriclab.sim.transport.norm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * RFC 5348 §4.5 oscillation prevention in {@link TfmccRate}, worked by hand: the long-term mean
 * of √(RTT sample) with q2 = 0.9, and the instantaneous rate {@code X · R_sqmean / √R_sample}
 * applied only when the latest sample of the current limiting receiver is above that mean.
 */
class TfmccOscillationPreventionTest {
  private static final long US = 1_000_000L;

  @Test
  void aRisingRttSampleScalesTheRateDownAndAFallingOneLeavesItAlone() {
    TfmccRate t = new TfmccRate(10e9, 1500, new int[] {1});
    // first report with loss ends slow start; one sample: mean √100 µs, sample 100 µs -> factor 1
    t.onReport(0, 0, 1_000 * US, 100 * US, 0.01, 0);
    assertThat(t.inSlowStart(0)).isFalse();
    assertThat(t.rate(0, 1_000 * US)).isEqualTo(t.rate(0));
    // sample 400 µs: R_sqmean = 0.9·√100 + 0.1·√400 = 11 √µs, factor 11 / 20 = 0.55
    t.onReport(0, 0, 1_001 * US, 400 * US, 0.01, 0);
    assertThat(t.clr(0)).isZero();
    assertThat(t.rate(0, 1_001 * US) / t.rate(0)).isCloseTo(0.55, within(1e-9));
    // sample 25 µs: R_sqmean = 0.9·11 + 0.1·5 = 10.4 √µs, factor 10.4 / 5 > 1: no boost
    t.onReport(0, 0, 1_002 * US, 25 * US, 0.01, 0);
    assertThat(t.rate(0, 1_002 * US)).isEqualTo(t.rate(0));
  }

  @Test
  void slowStartIsNotScaled() {
    TfmccRate t = new TfmccRate(10e9, 1500, new int[] {2});
    t.onReport(0, 0, 1_000 * US, 100 * US, 0, 1e9);
    t.onReport(0, 1, 1_000 * US, 900 * US, 0, 1e9);
    assertThat(t.inSlowStart(0)).isTrue();
    assertThat(t.rate(0, 1_000 * US)).isEqualTo(t.rate(0));
  }
}
