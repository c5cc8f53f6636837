package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/**
 * {@link PacketGroupBcast}: byte counts by hand on the testbed (1024 B payload + 64 B headers per
 * packet, a 16 B RETH on each WRITE's first packet, 16 B of MR update per receiver per WRITE).
 */
class PacketGroupBcastTest {
  private static Topology testbed() {
    return PacketGroup.testbed(new double[] {100, 100, 100, 100}, Time.ns(10));
  }

  @Test
  void sourceSwitchSplitsTheMessageAndEveryMemberEndsWithAllOfIt() {
    long size = 100_000; // 98 packets
    PacketGroupBcast.Result r = PacketGroupBcast.run("gleam", testbed(), new int[] {0, 1, 2, 3}, size, 0, 1,
        List.of(new PacketGroupBcast.Switch(40, 2)), false);
    long first = 40 * 1024L;
    // host 0 sent packets 0..39; host 2 the rest and receives only the first part
    assertThat(r.deliveredBytes()).containsExactly(size - first, size, first, size);
    assertThat(r.sourceTxBytes()).isEqualTo(first + 40 * 64
        + 64L * 15 /* host 0's ACKs of the second part's 58 packets: one per 4 and on the last, ceil(58 / 4) */);
    assertThat(r.dataPacketsSent()).isEqualTo(98);
    assertThat(r.retransmittedPackets()).isZero();
    assertThat(r.mrUpdateBytes()).isZero();
  }

  @Test
  void oneToManyWriteCountsTheUpdateAndTheReth() {
    long size = 100_000;
    PacketGroupBcast.Result r = PacketGroupBcast.run("gleam", testbed(), new int[] {0, 1, 2, 3}, size, 0, 1,
        List.of(), true);
    assertThat(r.deliveredBytes()).containsExactly(0, size, size, size);
    assertThat(r.mrUpdateBytes()).isEqualTo(48);
    assertThat(r.writeRequests()).isEqualTo(1);
    assertThat(r.sourceTxBytes()).isEqualTo((48 + 64 + 16) + (size + 98 * 64 + 16));
    assertThat(r.dataPacketsSent()).isEqualTo(99);
    PacketGroupBcast.Result u = PacketGroupBcast.run("unicast", testbed(), new int[] {0, 1, 2, 3}, size, 0, 1,
        List.of(), true);
    assertThat(u.deliveredBytes()).containsExactly(0, size, size, size);
    assertThat(u.sourceTxBytes()).isEqualTo(3 * (size + 98 * 64 + 16));
    assertThat(u.mrUpdateBytes()).isZero();
    assertThat(u.writeRequests()).isEqualTo(3);
  }

  @Test
  void lossStillDeliversEveryByteOnceAcrossASwitch() {
    long size = 1 << 20;
    PacketGroupBcast.Result r = PacketGroupBcast.run("gleam", testbed(), new int[] {0, 1, 2, 3}, size, 1e-3, 2,
        List.of(new PacketGroupBcast.Switch(300, 1), new PacketGroupBcast.Switch(700, 0)), true);
    // host 0 sends packets 0..299 and 700..1023 and receives 300..699 from host 1, which receives the rest
    assertThat(r.deliveredBytes()).containsExactly(400 * 1024L, size - 400 * 1024L, size, size);
    assertThat(r.retransmittedPackets()).isPositive();
  }

  @Test
  void badSwitchesAreRefused() {
    assertThatThrownBy(() -> PacketGroupBcast.run("gleam", testbed(), new int[] {0, 1, 2, 3}, 10_000, 0, 1,
        List.of(new PacketGroupBcast.Switch(10, 1)), false)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("1..9");
    assertThatThrownBy(() -> PacketGroupBcast.run("gleam", testbed(), new int[] {0, 1, 2}, 10_000, 0, 1,
        List.of(new PacketGroupBcast.Switch(3, 3)), false)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("member");
    assertThatThrownBy(() -> PacketGroupBcast.run("unicast", testbed(), new int[] {0, 1}, 10_000, 0, 1,
        List.of(new PacketGroupBcast.Switch(3, 1)), false)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--method gleam");
  }
}
