package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Gleam at packet level on the engine (seed 002 §3.3-§3.4, Alg. 1-3, Fig. 7), 1→3 on the 4-server
 * testbed at 100 Gb/s. Expected values are derived by hand: RoCE payload 1024 B + 64 B headers per
 * packet, serialization {@code bytes · 8 / 100 Gb/s}, 10 ns per link, store-and-forward, no
 * switching delay.
 */
class GleamPacketBcastTest {
  private static final int[] R = {1, 2, 3};

  /** ps to serialize {@code bytes} at 100 Gb/s (exact for these sizes). */
  private static long ser(long bytes) {
    return bytes * 8 * 10; // 1 bit = 10 ps at 100 Gb/s
  }

  @Test
  void oneToThreeDeliversEveryByteOnceInOrderAndTheSourceSendsEachByteOnce() {
    long size = 100_000; // 97 full packets of 1024 B + one of 672 B
    PacketBcast.Result r = PacketBcast.run("gleam", 4, 0, R, size, 100, 0, List.of(), 1);
    assertThat(r.deliveredBytes()).containsExactly(size, size, size);
    assertThat(r.duplicateOrOutOfOrder()).containsExactly(0, 0, 0);
    assertThat(r.sourceTxBytes()).isEqualTo(100_000 + 98 * 64);
    assertThat(r.retransmittedPackets()).isZero();
    assertThat(r.sourceNacks()).isEmpty();
    // closed form: the first packet is stored at the switch (ser + 10 ns), from then on the
    // switch's egress to each receiver serializes all 98 packets back to back (the source feeds it
    // at the same rate, and the short last packet waits for the one before it), then 10 ns
    long jct = ser(1088) + 10_000 + 97 * ser(1088) + ser(736) + 10_000;
    assertThat(jct).isEqualTo(8_608_800L);
    assertThat(r.jctPs()).isBetween(jct - ser(1088), jct + ser(1088));
    assertThat(r.conserved()).as(r.accounting()).isTrue();
  }

  @Test
  void unicastSendsThreeCopiesFromTheSource() {
    long size = 65_536;
    PacketBcast.Result r = PacketBcast.run("unicast", 4, 0, R, size, 100, 0, List.of(), 1);
    assertThat(r.deliveredBytes()).containsExactly(size, size, size);
    assertThat(r.sourceTxBytes()).isEqualTo(3 * (65_536 + 64 * 64));
    // the NIC interleaves the three QPs: the last packet leaves after 192 packet times
    long jct = 192 * ser(1088) + 10_000 + ser(1088) + 10_000;
    assertThat(r.jctPs()).isBetween(jct - ser(1088), jct + ser(1088));
    assertThat(r.conserved()).as(r.accounting()).isTrue();
  }

  @Test
  void fig7SenderIsNackedForP1FirstAndGoesBackToIt() {
    // p1 lost towards R1, p2 lost towards R2 (Fig. 7); 8 packets of 1024 B
    long size = 8 * 1024;
    PacketBcast.Result r = PacketBcast.run("gleam", 4, 0, R, size, 100, 0,
        List.of(new int[] {1, 1}, new int[] {2, 2}), 1);
    assertThat(r.sourceNacks()).isNotEmpty();
    assertThat(r.sourceNacks()[0]).isEqualTo(1); // p1 first, never skipped for p2
    // go-back-N: the source goes back once per NACK, in order, at the NACKed PSN — or later, when
    // an ACK (ACKs coalesced per 4 packets, RcConfig) reaches it after the NACK and before its NIC
    // sends again: here R2's NACK 2 is followed 5 ns later by the ACK for PSN 0..3, so the source
    // resumes at 4, which every receiver already holds up to
    int[] goBacks = r.sourceGoBacks();
    assertThat(goBacks).hasSameSizeAs(r.sourceNacks());
    assertThat(goBacks[0]).isEqualTo(1);
    for (int i = 0; i < goBacks.length; i++) {
      assertThat(goBacks[i]).isGreaterThanOrEqualTo(r.sourceNacks()[i]);
    }
    assertThat(r.deliveredBytes()).containsExactly(size, size, size);
    assertThat(r.duplicateOrOutOfOrder()).containsExactly(0, 0, 0);
    assertThat(r.sourceTxBytes()).isEqualTo((8 + r.retransmittedPackets()) * 1088L);
    assertThat(r.conserved()).as(r.accounting()).isTrue();
  }

  @Test
  void theSameLossAtEveryReceiverCostsTheSourceOneNackAndOneGoBack() {
    // p5 lost towards all three receivers (as a loss above a subtree would be): all three NACK 5;
    // Alg. 2 line 15 passes a NACK only when smaller than the held one, so the source sees one
    long size = 32 * 1024;
    PacketBcast.Result r = PacketBcast.run("gleam", 4, 0, R, size, 100, 0,
        List.of(new int[] {1, 5}, new int[] {2, 5}, new int[] {3, 5}), 1);
    assertThat(r.sourceNacks()).containsExactly(5);
    assertThat(r.sourceGoBacks()).containsExactly(5);
    assertThat(r.deliveredBytes()).containsExactly(size, size, size);
    assertThat(r.duplicateOrOutOfOrder()).containsExactly(0, 0, 0);
    assertThat(r.sourceTxBytes()).isEqualTo((32 + r.retransmittedPackets()) * 1088L);
    assertThat(r.conserved()).as(r.accounting()).isTrue();
  }

  @Test
  void withLossEveryReceiverStillGetsEveryByteExactlyOnce() {
    long size = 1 << 20;
    for (long seed = 1; seed <= 3; seed++) {
      PacketBcast.Result r = PacketBcast.run("gleam", 4, 0, R, size, 100, 1e-3, List.of(), seed);
      assertThat(r.deliveredBytes()).containsExactly(size, size, size);
      assertThat(r.duplicateOrOutOfOrder()).containsExactly(0, 0, 0);
      // each byte once plus whole retransmitted packets
      assertThat(r.sourceTxBytes()).isEqualTo(size + 1024L * 64 + r.retransmittedPackets() * 1088);
      assertThat(r.sourceGoBacks()).startsWith(r.sourceNacks());
      assertThat(r.conserved()).as(r.accounting()).isTrue();
    }
  }
}
