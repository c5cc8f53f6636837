package org.fabriclab.sim.probe.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.sim.packet.PacketKinds;
import org.fabriclab.sim.packet.Packets;
import org.junit.jupiter.api.Test;

/**
 * Header bytes checked by hand against the protocols' layouts: Ethernet II (EtherType 0x0800),
 * IPv4 (RFC 791; its checksum verified by the RFC 1071 property that the one's-complement sum of a
 * correct header is 0xFFFF), UDP 4791 and the InfiniBand BTH / AETH of RoCEv2, TCP (RFC 9293).
 */
class HeaderSynthesisTest {
  private final Packets pk = new Packets(16);
  private final PacketKinds kinds = new PacketKinds();
  private final int other = kinds.register("x", (p, n) -> { }, "ONE");
  private final int roce = kinds.register("rocev2", (p, n) -> { }, "DATA", "ACK", "NACK", "CNP");
  private final int tcp = kinds.register("tcp", (p, n) -> { }, "SYN", "SYNACK", "DATA", "ACK");
  private final HeaderSynthesis h = new HeaderSynthesis(pk, kinds, new Framing(1000, 60, f -> 2500));

  private int u8(int at) {
    return h.frame[at] & 0xFF;
  }

  private int u16(int at) {
    return u8(at) << 8 | u8(at + 1);
  }

  private long u32(int at) {
    return (long) u16(at) << 16 | u16(at + 2);
  }

  private int onesComplementSum(int at, int len) {
    int s = 0;
    for (int i = 0; i < len; i += 2) {
      s += u16(at + i);
    }
    while (s >> 16 != 0) {
      s = (s & 0xFFFF) + (s >> 16);
    }
    return s;
  }

  @Test
  void aRoceDataPacketHasEthernetIpv4UdpAndBth() {
    int p = pk.allocate(7, roce, 0x1000005, 1088, 3, 9, 0); // PSN beyond 24 bits: wraps
    pk.setPayload(p, 1023);
    pk.addFlag(p, Packets.CE | Packets.ACK_REQ);
    pk.setHops(p, 2);
    int cap = h.build(p, 20, 21);
    // Ethernet: destination = the link's head (node 21), source its tail (node 20)
    assertThat(u16(0)).isEqualTo(0x0200);
    assertThat(u32(2)).isEqualTo(21);
    assertThat(u32(8)).isEqualTo(20);
    assertThat(u16(12)).isEqualTo(0x0800);
    // IPv4: version 4, IHL 5; ECN CE; total length = 20 + 8 + 12 + 1023 + 1 pad + 4 ICRC
    assertThat(u8(14)).isEqualTo(0x45);
    assertThat(u8(15) & 3).isEqualTo(3);
    assertThat(u16(16)).isEqualTo(1068);
    assertThat(u8(22)).isEqualTo(62); // TTL 64 - 2 hops
    assertThat(u8(23)).isEqualTo(17);
    assertThat(u32(26)).isEqualTo(0x0A000004L); // node 3: 10.0.0.4
    assertThat(u32(30)).isEqualTo(0x0A00000AL); // node 9: 10.0.0.10
    assertThat(onesComplementSum(14, 20)).isEqualTo(0xFFFF);
    // UDP to 4791, length = IPv4 length - 20
    assertThat(u16(34)).isEqualTo(0xC000 | 7);
    assertThat(u16(36)).isEqualTo(4791);
    assertThat(u16(38)).isEqualTo(1048);
    // BTH: SEND Last (AckReq, PSN not 0), pad 1, P_Key 0xFFFF, DestQP, A bit, PSN mod 2^24
    assertThat(u8(42)).isEqualTo(0x02);
    assertThat(u8(43) >> 4 & 3).isEqualTo(1);
    assertThat(u16(44)).isEqualTo(0xFFFF);
    assertThat(u32(46)).isEqualTo(0x800007L);
    assertThat(u8(50)).isEqualTo(0x80);
    assertThat(u32(50) & 0xFFFFFF).isEqualTo(5);
    // captured whole: the packet's size on the wire (14 + 1068 and a 6-byte trailer)
    assertThat(cap).isEqualTo(1088);
    assertThat(h.origLen).isEqualTo(1088);
    assertThat(h.frame[cap - 1]).isZero();
  }

  @Test
  void rocePsnZeroIsFirstAndAcksCarryTheLastPsnReceived() {
    int first = pk.allocate(1, roce, 0, 1088, 0, 1, 0);
    h.build(first, 0, 5);
    assertThat(u8(42)).isEqualTo(0x00); // SEND First
    int only = pk.allocate(1, roce, 0, 100, 0, 1, 0);
    pk.addFlag(only, Packets.ACK_REQ);
    h.build(only, 0, 5);
    assertThat(u8(42)).isEqualTo(0x04); // SEND Only
    int ack = pk.allocate(1, roce + 1, 10, 64, 1, 0, 0); // the engine's "next expected" 10
    int cap = h.build(ack, 1, 5);
    assertThat(u8(42)).isEqualTo(0x11);
    assertThat(u32(50) & 0xFFFFFF).isEqualTo(9);
    assertThat(u8(54)).isEqualTo(0x1F); // AETH: ACK
    assertThat(u16(16)).isEqualTo(20 + 8 + 12 + 4 + 4);
    assertThat(cap).isEqualTo(64); // whole frame: headers, ICRC and a 2-byte trailer
    int nack = pk.allocate(1, roce + 2, 10, 64, 1, 0, 0);
    h.build(nack, 1, 5);
    assertThat(u32(50) & 0xFFFFFF).isEqualTo(10);
    assertThat(u8(54)).isEqualTo(0x60); // NAK, PSN sequence error
    int cnp = pk.allocate(1, roce + 3, 0, 64, 1, 0, 0);
    pk.setFlags(cnp, Packets.CNP | Packets.PRIORITY);
    h.build(cnp, 1, 5);
    assertThat(u8(42)).isEqualTo(0x81);
    assertThat(u8(15) >> 2).isEqualTo(46);
    assertThat(h.origLen).isEqualTo(14 + 20 + 8 + 12 + 16 + 4);
  }

  @Test
  void tcpCountsBytesFromSegments() {
    int data = pk.allocate(4, tcp + 2, 2, 1060, 0, 1, 0); // segment 2 of 1000 B
    int cap = h.build(data, 0, 5);
    assertThat(cap).isEqualTo(54);
    assertThat(u8(23)).isEqualTo(6);
    assertThat(u16(16)).isEqualTo(20 + 20 + 1000);
    assertThat(u16(34)).isEqualTo(0xC000 | 4);
    assertThat(u16(36)).isEqualTo(5001);
    assertThat(u32(38)).isEqualTo(2001);
    assertThat(u8(46)).isEqualTo(0x50);
    assertThat(u8(47)).isEqualTo(0x10); // ACK
    int lastAck = pk.allocate(4, tcp + 3, 3, 60, 1, 0, 0); // 3 segments = past the 2,500 B flow
    pk.addFlag(lastAck, Packets.ECE);
    h.build(lastAck, 1, 5);
    assertThat(u16(34)).isEqualTo(5001);
    assertThat(u32(42)).isEqualTo(2501);
    assertThat(u8(47)).isEqualTo(0x50); // ACK + ECE
    int syn = pk.allocate(4, tcp, 0, 60, 0, 1, 0);
    h.build(syn, 0, 5);
    assertThat(u8(47)).isEqualTo(0x02);
    assertThat(u16(16)).isEqualTo(40);
  }

  @Test
  void otherKindsGetUdpWithTheFieldsAndGroupsAMulticastAddress() {
    int p = pk.allocate(3, other, 77, 500, 0, 1, 0);
    pk.setGroup(p, 5);
    pk.setPayload(p, 400);
    int cap = h.build(p, 0, 5);
    assertThat(cap).isEqualTo(58);
    assertThat(u32(30)).isEqualTo(0xEF000005L); // 239.0.0.5
    assertThat(u16(36)).isEqualTo(60000 + other);
    assertThat(u16(42)).isEqualTo(other);
    assertThat(u32(46)).isEqualTo(3);
    assertThat(u32(50)).isEqualTo(77);
    assertThat(u32(54)).isEqualTo(5);
    assertThat(u16(16)).isEqualTo(20 + 8 + 16 + 400);
    assertThat(onesComplementSum(14, 20)).isEqualTo(0xFFFF);
  }
}
