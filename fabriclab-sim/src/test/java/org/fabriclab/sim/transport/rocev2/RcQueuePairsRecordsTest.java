package org.fabriclab.sim.transport.rocev2;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Queue pairs in one packed array: neighbours do not disturb each other, growth keeps the state. */
class RcQueuePairsRecordsTest {
  @Test
  void thousandQueuePairsKeepTheirOwnPsnState() {
    RcQueuePairs qps = new RcQueuePairs(new int[] {3}, 1);
    int n = 1000;
    for (int q = 1; q < n; q++) {
      assertThat(qps.add()).isEqualTo(q); // grows the record array several times
      qps.extend(q, q + 2);
    }
    // QP q: sends q % 7 + 1 packets, the receiver gets them all in order, the sender hears an ACK
    // of all but the last; QP 0 keeps its constructor length 3
    for (int q = 0; q < n; q++) {
      int k = q % 7 + 1;
      for (int i = 0; i < k && qps.nextPsn(q) >= 0; i++) {
        assertThat(qps.sent(q)).isFalse();
      }
    }
    for (int q = 0; q < n; q++) {
      int k = Math.min(q % 7 + 1, qps.length(q));
      for (int psn = 0; psn < k; psn++) {
        assertThat(qps.onData(q, psn)).isEqualTo(RcQueuePairs.ACCEPT_AND_ACK); // ackEvery 1
      }
      qps.onAck(q, k - 1);
    }
    for (int q = 0; q < n; q++) {
      int len = q == 0 ? 3 : q + 2;
      int k = Math.min(q % 7 + 1, len);
      assertThat(qps.length(q)).isEqualTo(len);
      assertThat(qps.expected(q)).isEqualTo(k);
      assertThat(qps.sndUna(q)).isEqualTo(k - 1);
      assertThat(qps.nextPsn(q)).isEqualTo(k < len ? k : -1);
      assertThat(qps.senderDone(q)).isFalse();
      assertThat(qps.onData(q, k + 1)).isEqualTo(RcQueuePairs.NACK); // a gap: one NACK
      assertThat(qps.onData(q, k + 2)).isEqualTo(RcQueuePairs.DROP);
    }
    assertThat(qps.size()).isEqualTo(n);
  }
}
