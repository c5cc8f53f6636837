package org.fabriclab.sim.transport.norm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The TFRC pieces under {@link NormMulticast}'s rate control, worked by hand: the TCP throughput
 * equation of RFC 5348 §3.1 (used by TFMCC, RFC 4654 §3.1) and the average loss interval of
 * RFC 5348 §5.4 with its synthesised first interval (§6.3.1).
 */
class TfrcEquationTest {
  @Test
  void tfmccEquationMatchesTheRfcFormulaWorkedByHand() {
    // s = 1500 B, R = 1 ms, p = 0.01: R·√(2p/3) = 8.165e-5 s; t_RTO·3·√(3p/8)·p·(1+32p²)
    // = 4e-3 · 0.18371 · 0.01 · 1.0032 = 7.372e-6 s; X = 12000 b / 8.902e-5 s = 134.80 Mb/s
    assertThat(TfmccRate.equationBps(12_000, 1e-3, 0.01)).isCloseTo(134.80e6, within(0.05e6));
  }

  @Test
  void tfrcAverageLossIntervalUsesTheWeightsAndTheOpenInterval() {
    TfrcLossHistory h = new TfrcLossHistory(1);
    long t = 0;
    int seq = 0;
    // first interval synthesised as 100, then seven more loss events 100 packets apart
    for (int i = 0; i < 8; i++) {
      assertThat(h.onLoss(0, seq, t, 10, 100)).isTrue();
      seq += 100;
      t += 100;
    }
    // a loss within one RTT of the last event's start is the same event
    assertThat(h.onLoss(0, seq - 99, t - 99, 10, 100)).isFalse();
    // eight closed intervals of 100: p = 1/100
    assertThat(h.lossEventRate(0, seq - 100)).isCloseTo(0.01, within(1e-12));
    // open interval of 1000: (1000 + 100·(1+1+1+0.8+0.6+0.4+0.2)) / 6 = 250
    assertThat(h.lossEventRate(0, seq - 100 + 1000)).isCloseTo(1.0 / 250, within(1e-12));
    // RFC 5348 §6.3.1: the synthesised interval gives half the receive rate through the equation
    long first = TfrcLossHistory.firstInterval(12_000, 1e-3, 67.4e6);
    assertThat(TfmccRate.equationBps(12_000, 1e-3, 1.0 / first)).isCloseTo(67.4e6, within(0.2e6));
  }
}
