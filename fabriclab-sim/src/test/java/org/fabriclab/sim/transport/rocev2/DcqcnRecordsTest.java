package org.fabriclab.sim.transport.rocev2;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Dcqcn} (state packed in one record per QP) against a direct transcription of DCQCN's
 * reaction point (Zhu et al., SIGCOMM 2015, §3.1, Fig. 7) with one plain array per variable: the
 * same random sequence of CNPs, timer periods and sent packets on QPs added over time must give
 * bit-identical rates and alphas.
 */
class DcqcnRecordsTest {
  /** The reference: one array per variable. */
  static final class Reference {
    final RcConfig cfg;
    final double[] rc = new double[100];
    final double[] rt = new double[100];
    final double[] alpha = new double[100];
    final double[] line = new double[100];
    final int[] timerSteps = new int[100];
    final int[] byteSteps = new int[100];
    final long[] bytes = new long[100];
    final boolean[] cnp = new boolean[100];

    Reference(RcConfig cfg) {
      this.cfg = cfg;
    }

    void add(int q, double rate) {
      rc[q] = rate;
      rt[q] = rate;
      line[q] = rate;
      alpha[q] = 1.0;
    }

    void onCnp(int q) {
      rt[q] = rc[q];
      rc[q] = Math.max(cfg.minRateBps(), rc[q] * (1 - alpha[q] / 2));
      alpha[q] = (1 - cfg.g()) * alpha[q] + cfg.g();
      timerSteps[q] = 0;
      byteSteps[q] = 0;
      bytes[q] = 0;
      cnp[q] = true;
    }

    void onTimer(int q) {
      if (!cnp[q]) {
        alpha[q] = (1 - cfg.g()) * alpha[q];
        timerSteps[q]++;
        increase(q);
      }
      cnp[q] = false;
    }

    void onSent(int q, int b) {
      bytes[q] += b;
      if (bytes[q] >= cfg.byteCounter()) {
        bytes[q] = 0;
        byteSteps[q]++;
        increase(q);
      }
    }

    void increase(int q) {
      int f = cfg.fastRecoverySteps();
      int t = timerSteps[q];
      int b = byteSteps[q];
      if (t >= f && b >= f) {
        rt[q] += (Math.min(t, b) - f + 1) * (double) cfg.hyperBps();
      } else if (t >= f || b >= f) {
        rt[q] += cfg.additiveBps();
      }
      rt[q] = Math.min(rt[q], line[q]);
      rc[q] = Math.min(line[q], (rt[q] + rc[q]) / 2);
    }
  }

  @Test
  void packedRecordsFollowThePublishedUpdatesBitForBit() {
    // a small byte counter so that byte-counter steps (and hyper increase) happen often
    RcConfig d = RcConfig.defaults();
    RcConfig cfg = new RcConfig(d.payloadBytes(), d.headerBytes(), d.ackEvery(), d.rtoPs(),
        d.cnpIntervalPs(), d.g(), d.timerPs(), 20_000, d.fastRecoverySteps(), d.additiveBps(),
        d.hyperBps(), d.minRateBps(), d.goBackZero());
    Dcqcn dc = new Dcqcn(cfg, new double[] {100e9, 25e9});
    Reference ref = new Reference(cfg);
    ref.add(0, 100e9);
    ref.add(1, 25e9);
    int n = 2;
    SplittableRandom rnd = new SplittableRandom(11);
    for (int k = 0; k < 200_000; k++) {
      if (n < 100 && rnd.nextInt(1000) == 0) {
        double rate = rnd.nextBoolean() ? 200e9 : 40e9;
        dc.add(n, rate);
        ref.add(n, rate);
        n++;
      }
      int q = rnd.nextInt(n);
      int op = rnd.nextInt(100);
      if (op < 3) {
        dc.onCnp(q);
        ref.onCnp(q);
      } else if (op < 20) {
        dc.onTimer(q);
        ref.onTimer(q);
      } else {
        int b = 64 + rnd.nextInt(1025);
        dc.onSent(q, b);
        ref.onSent(q, b);
      }
      assertThat(Double.doubleToRawLongBits(dc.rateBps(q))).isEqualTo(Double.doubleToRawLongBits(ref.rc[q]));
      assertThat(Double.doubleToRawLongBits(dc.alpha(q))).isEqualTo(Double.doubleToRawLongBits(ref.alpha[q]));
    }
    assertThat(n).isGreaterThan(90);
    for (int q = 0; q < n; q++) {
      assertThat(dc.rateBps(q)).isEqualTo(ref.rc[q]);
    }
  }
}
