package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.gleam.baseline.HplSchedules;
import org.fabriclab.gleam.baseline.HplSchedules.Distribution;
import org.junit.jupiter.api.Test;

/**
 * HPL schedules (seed 002 §5.2.1, Fig. 11) on the packet engine, checked against closed forms on
 * the testbed: 100 Gb/s, 10 ns links, a 1,088 B packet takes 87,040 ps, a 64 B ACK 5,120 ps.
 */
class PacketScheduleTest {
  static final long PKT = 87_040;
  static final long ACK = 5_120;
  static final long D = 10_000;
  static final long HOST = 3_000_000;

  @Test
  void gleamPanelBroadcastIsOneMessageAndItsAggregatedAck() {
    long m = 1L << 20; // 1,024 packets
    long jct = PacketSchedule.jctPs(HplSchedules.gleamPanel(4, 0, m), 100, 3000);
    // host, the source's link busy for every packet, the last one through the switch, the ACK back
    assertThat(jct).isEqualTo(HOST + 1024 * PKT + PKT + 2 * D + 2 * ACK + 2 * D);
  }

  @Test
  void increasingRingIsThreeWholeTransfersInSequence() {
    long m = 1L << 20;
    long jct = PacketSchedule.jctPs(HplSchedules.increasingRing(4, 0, m), 100, 3000);
    // each hop: host, 1,024 packets on the sender's link, the last one through the switch; the next
    // rank forwards when it holds everything (its receive completion)
    assertThat(jct).isEqualTo(3 * (HOST + 1024 * PKT + PKT + 2 * D));
  }

  /**
   * Row swaps (§5.2.1) against bounds derived from the bytes each link must carry. Centralised,
   * Gleam's swap is one multicast of M from the root: exactly the panel broadcast's closed form.
   * Every rank must receive 3M/4 (uniform) or M (centralised): each receiver's link carries at
   * least 3 × 256 packets. HPL's long swap, centralised, sends from the root the spread (3 shares
   * of 256 packets) and one share per roll step (3 steps): 1,536 packets on the root's link.
   */
  @Test
  void rowSwapsMoveWhatTheyMustAndGleamIsNotSlower() {
    long m = 1L << 20;
    for (Distribution d : Distribution.values()) {
      long hpl = PacketSchedule.jctPs(HplSchedules.longRowSwap(4, 0, m, d), 100, 3000);
      long gl = PacketSchedule.jctPs(HplSchedules.gleamRowSwap(4, 0, m, d), 100, 3000);
      long bound = HOST + 3 * 256 * PKT;
      assertThat(hpl).as(d.name()).isGreaterThan(bound);
      assertThat(gl).as(d.name()).isGreaterThan(bound).isLessThanOrEqualTo(hpl);
      if (d == Distribution.CENTRALISED) {
        assertThat(gl).isEqualTo(HOST + 1024 * PKT + PKT + 2 * D + 2 * ACK + 2 * D);
        assertThat(hpl).isGreaterThan(HOST + 1536 * PKT);
      }
    }
  }
}
