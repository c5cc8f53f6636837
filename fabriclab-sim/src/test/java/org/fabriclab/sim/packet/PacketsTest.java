package org.fabriclab.sim.packet;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Header fields: copies keep every field; a reused slot starts clean; kinds never collide. */
class PacketsTest {
  @Test
  void copiesKeepHeadersAndReusedSlotsAreClean() {
    Packets pk = new Packets(16);
    int p = pk.allocate(7, 3, 42, 1500, 1, 2, 99);
    pk.setInLink(p, 5);
    pk.setGroup(p, 9);
    pk.setPayload(p, 1436);
    pk.addFlag(p, Packets.CE | Packets.FIRST_SYSTEM_FLAG);
    pk.setExtInt(p, 3, -4);
    pk.setExtLong(p, 1, Long.MIN_VALUE);
    int c = pk.copy(p);
    assertThat(new long[] {pk.flow(c), pk.kind(c), pk.psn(c), pk.size(c), pk.src(c), pk.dst(c),
        pk.stamp(c), pk.inLink(c), pk.group(c), pk.payload(c), pk.flags(c), pk.extInt(c, 3),
        pk.extLong(c, 1)}).containsExactly(7, 3, 42, 1500, 1, 2, 99, 5, 9, 1436,
        Packets.CE | Packets.FIRST_SYSTEM_FLAG, -4, Long.MIN_VALUE);
    pk.free(p);
    pk.free(c);
    int q = pk.allocate(0, 0, 0, 64, 0, 0, 0);
    int r = pk.allocate(0, 0, 0, 64, 0, 0, 0);
    for (int x : new int[] {q, r}) {
      assertThat(pk.extInt(x, 3)).isZero();
      assertThat(pk.extLong(x, 1)).isZero();
      assertThat(pk.inLink(x)).isEqualTo(-1);
      assertThat(pk.group(x) | pk.flags(x) | pk.payload(x)).isZero();
    }
    assertThat(pk.liveBytes()).isEqualTo(128);
  }

  @Test
  void prefetchLeavesTheHeaderAlone() {
    Packets pk = new Packets(16);
    long[] stamps = {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 0xFFFFFFFFL, 1L << 32, 123_456_789_012_345L};
    for (long t : stamps) {
      int p = pk.allocate(-7, 3, 1 << 23, 1088, 11, 12, t);
      pk.setHops(p, 4);
      pk.setInLink(p, 77);
      pk.setGroup(p, -9);
      pk.setPayload(p, 1024);
      pk.setFlags(p, Packets.PRIORITY);
      pk.setNext(p, 5);
      pk.setExtInt(p, 3, -3);
      pk.prefetch(p);
      assertThat(new long[] {pk.flow(p), pk.kind(p), pk.seq(p), pk.size(p), pk.src(p), pk.dst(p),
          pk.stamp(p), pk.hops(p), pk.inLink(p), pk.group(p), pk.payload(p), pk.flags(p),
          pk.next(p), pk.extInt(p, 3)}).containsExactly(-7, 3, 1 << 23, 1088, 11, 12, t, 4, 77, -9, 1024,
          Packets.PRIORITY, 5, -3);
      assertThat(pk.isLive(p)).isTrue();
      int c = pk.copy(p); // a copy has the header and the extension area
      assertThat(new long[] {pk.hops(c), pk.stamp(c), pk.inLink(c), pk.dst(c), pk.extInt(c, 3)})
          .containsExactly(4, t, 77, 12, -3);
      pk.free(p);
      assertThat(pk.isLive(p)).isFalse();
      assertThat(pk.isLive(c)).isTrue();
    }
  }

  @Test
  void kindBlocksAreDisjoint() {
    PacketKinds k = new PacketKinds();
    int tcp = k.register("tcp", (p, n) -> { }, "SYN", "SYNACK", "DATA", "ACK");
    int roce = k.register("rocev2", (p, n) -> { }, "DATA", "ACK", "NACK", "CNP");
    assertThat(roce).isEqualTo(tcp + 4);
    assertThat(k.name(tcp)).isEqualTo("tcp.SYN");
    assertThat(k.name(roce)).isEqualTo("rocev2.DATA");
    assertThat(k.receiver(tcp)).isNotSameAs(k.receiver(roce));
    assertThat(k.receiver(8)).isNull();
  }
}
