package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * Seed 002 §5.2.2 (Fig. 12/13) on the packet engine. Closed forms on the testbed (100 Gb/s, 10 ns
 * links, one store-and-forward switch): a 1,088 B packet takes 87.04 ns, a 64 B ACK 5.12 ns, a
 * WRITE's first packet 1.28 ns more (its 16 B RETH), the 128 B MR update (3 × 16 B + 64 B + RETH)
 * 10.24 ns.
 */
class PacketStorageReplicationTest {
  static final double PKT_NS = 87.04;
  static final double ACK_NS = 5.12;
  static final double UPDATE_NS = 10.24;
  static final double RETH_NS = 1.28;
  static final double S = 841.75;
  /** Last packet through the switch, 2 links of 10 ns, the ACK back over 2 links. */
  static final double TAIL_NS = PKT_NS + 4 * 10 + 2 * ACK_NS;

  @Test
  void singleIoLatencyByHand() {
    PacketStorageReplication q = new PacketStorageReplication(S, 1);
    // 8 KB = 8 packets; the stack pass (841.75 ns) is longer than the 8 packets (696.32 ns), so
    // each of the 3 unicast copies leaves alone: the IO ends with the third copy. The RETH makes a
    // WRITE's head packet the longest: the source link carries it (+1.28 ns) and every later packet
    // of the WRITE queues 1.28 ns behind it at the switch's store-and-forward port (+1.28 ns)
    assertThat(q.run("one-copy", 8192, 4, 1).meanLatencyUs() * 1e3).isCloseTo(S + 8 * PKT_NS + 2 * RETH_NS + TAIL_NS, within(1e-6));
    assertThat(q.run("gleam", 8192, 4, 1).meanLatencyUs() * 1e3)
        .isCloseTo(S + UPDATE_NS + 8 * PKT_NS + 2 * RETH_NS + TAIL_NS, within(1e-6));
    assertThat(q.run("3-unicasts", 8192, 4, 1).meanLatencyUs() * 1e3)
        .isCloseTo(3 * S + 8 * PKT_NS + 2 * RETH_NS + TAIL_NS, within(1e-6));
    // 1 MiB: the client's link is busy from the first post to the end of 3 x 1,024 packets and 3
    // RETHs; the NIC interleaves the copies round-robin, so at the switch each port's packets arrive
    // spaced and none queues behind a head packet
    assertThat(q.run("3-unicasts", 1 << 20, 3, 1).meanLatencyUs() * 1e3)
        .isCloseTo(S + 3 * 1024 * PKT_NS + 3 * RETH_NS + TAIL_NS, within(1e-6));
  }

  @Test
  void iopsAreStackBoundOrLinkBoundByHand() {
    PacketStorageReplication s = new PacketStorageReplication(S, 16);
    // stack bound: one pass per copy, serial on the client's core
    assertThat(s.run("one-copy", 8192, 600, 100).iops()).isCloseTo(1e9 / S, within(1e9 / S * 1e-3));
    assertThat(s.run("gleam", 8192, 600, 100).iops()).isCloseTo(1e9 / S, within(1e9 / S * 1e-3));
    assertThat(s.run("3-unicasts", 8192, 600, 100).iops()).isCloseTo(1e9 / (3 * S), within(1e9 / (3 * S) * 1e-3));
    // no stack cost: bound by the client's 100 Gb/s link, 8,720 B per copy (8 x 1,088 + RETH; + 128 B
    // update for Gleam)
    PacketStorageReplication l = new PacketStorageReplication(0, 16);
    assertThat(l.run("one-copy", 8192, 600, 100).iops()).isCloseTo(100e9 / (8720 * 8), within(100e9 / (8720 * 8) * 5e-3));
    assertThat(l.run("gleam", 8192, 600, 100).iops()).isCloseTo(100e9 / (8848 * 8), within(100e9 / (8848 * 8) * 5e-3));
    PacketStorageReplication.Result u = l.run("3-unicasts", 8192, 600, 100);
    assertThat(u.iops()).isCloseTo(100e9 / (3 * 8720 * 8), within(100e9 / (3 * 8720 * 8) * 5e-3));
    assertThat(u.clientTxBytes()).isEqualTo(600L * 3 * 8720);
  }
}
