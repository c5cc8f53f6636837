package org.fabriclab.sim.probe.pcap;

import java.util.Arrays;
import org.fabriclab.sim.packet.PacketKinds;
import org.fabriclab.sim.packet.Packets;

/**
 * Real protocol headers for a simulated packet, from its header fields (the engine's packets carry
 * fields, not bytes): Ethernet II, IPv4 and then, by the packet's kind, TCP, UDP with an InfiniBand
 * Base Transport Header (RoCEv2: UDP destination port 4791, InfiniBand Architecture Specification
 * vol. 1 Annex A17) or UDP with a 16-byte fabriclab header. The mapping, decided here and documented
 * in docs/formats.md:
 * <ul>
 *   <li>Ethernet: per hop, as routers rewrite it: source MAC that of the link's tail node, destination
 *       that of its head, {@code 02:00:} followed by the node id in 32 bits;
 *   <li>IPv4: node {@code n} is {@code 10.0.0.0 + n + 1}; the destination is the multicast group's
 *       address when the packet has a group ({@code 239.0.0.0 + group} unless the group field is
 *       already a 224/4 address), else the destination node's; TTL {@code 64 − hops}; ECN
 *       ECT(0), CE when marked; DSCP 46 for priority-class packets; identification = low 16 bits of
 *       the sequence number; DF set;
 *   <li>RoCEv2 ({@code rocev2.*} kinds): UDP source port {@code 0xC000 | (QPN & 0x3FFF)}, checksum 0;
 *       BTH with DestQP = {@code 0x800000 | QPN} (mod 2^23) and PSN mod 2^24. DATA: SEND First
 *       (PSN 0), Last (with AckReq: the packet the sender flags as a message's last), Only (both)
 *       or Middle; the engine does not
 *       mark the first packet of a message after the first on a queue pair, so those show as Middle.
 *       ACK: opcode Acknowledge with AETH syndrome 0x1F, PSN = the engine's cumulative ACK number − 1
 *       (InfiniBand acknowledges the last PSN received, the engine names the next one expected).
 *       NACK: Acknowledge with AETH syndrome 0x60 (NAK, PSN sequence error), PSN = the expected PSN.
 *       CNP: opcode 0x81 with 16 reserved bytes;
 *   <li>TCP ({@code tcp.*} kinds): port 0xC000 | (flow & 0x3FFF) at the flow's source, 5001 at its
 *       destination; initial sequence numbers 0; segment {@code s} starts at byte {@code 1 + s · MSS};
 *       an ACK of {@code a} segments acknowledges byte {@code 1 + min(a · MSS, flow bytes)}; ECE on
 *       the ACKs the receiver flags; window 65535, checksum 0;
 *   <li>any other kind: UDP from port {@code 0xC000 | (flow & 0x3FFF)} to {@code 60000 + kind},
 *       carrying kind (16 bits), flags (16), flow (32), sequence (32) and group (32).
 * </ul>
 * The IPv4 total length counts the headers, the payload and RoCEv2's 4-byte ICRC; the frame's
 * original length is the packet's simulated size (at least that), the rest an Ethernet trailer. A
 * RoCEv2 packet is captured whole with its payload as zeros (up to {@link #SNAPLEN}); of other
 * packets only the headers. O(1) per packet, no allocation once every kind has been seen.
 */
final class HeaderSynthesis {
  /**
   * Bytes captured at most: a RoCEv2 packet is captured whole (payload, ICRC and any trailer as
   * zeros: Wireshark's InfiniBand dissector marks a SEND whose payload is cut off as malformed), up
   * to a jumbo frame; of other packets the headers only.
   */
  static final int SNAPLEN = 9216;
  /** The longest header stack written (a CNP's, 70 B). */
  private static final int HEADERS_MAX = 70;
  static final int ROCEV2_PORT = 4791;
  /**
   * Added to the engine's QPN in the BTH: InfiniBand reserves QP 0 and 1 for subnet management
   * (a reader would take their payload for management datagrams), and the engine numbers from 0.
   */
  static final int QP_BASE = 0x800000;
  /** RoCEv2's invariant CRC after the payload. */
  static final int ICRC_BYTES = 4;
  static final int TCP_SERVER_PORT = 5001;
  static final int OTHER_PORT_BASE = 60000;
  static final int SEND_FIRST = 0x00;
  static final int SEND_MIDDLE = 0x01;
  static final int SEND_LAST = 0x02;
  static final int SEND_ONLY = 0x04;
  static final int ACKNOWLEDGE = 0x11;
  static final int CNP = 0x81;
  static final int AETH_ACK = 0x1F;
  static final int AETH_NAK_PSN_ERROR = 0x60;
  // protocol classes of a kind
  private static final int UNRESOLVED = 0;
  private static final int ROCE_DATA = 1;
  private static final int ROCE_ACK = 2;
  private static final int ROCE_NACK = 3;
  private static final int ROCE_CNP = 4;
  private static final int TCP_SYN = 5;
  private static final int TCP_SYNACK = 6;
  private static final int TCP_DATA = 7;
  private static final int TCP_ACK = 8;
  private static final int OTHER = 9;

  private final Packets pk;
  private final PacketKinds kinds;
  private final Framing framing;
  private int[] classOf = new int[0];
  final byte[] frame = new byte[SNAPLEN];
  /** The wire length of the frame {@link #build} made last. */
  int origLen;

  HeaderSynthesis(Packets pk, PacketKinds kinds, Framing framing) {
    this.pk = pk;
    this.kinds = kinds;
    this.framing = framing;
  }

  /** Node {@code n}'s IPv4 address. */
  static int ip(int node) {
    return 0x0A000000 | ((node + 1) & 0xFFFFFF);
  }

  /** Node {@code n}'s IPv4 address as text. */
  static String ipText(int node) {
    int a = ip(node);
    return (a >>> 24) + "." + ((a >>> 16) & 0xFF) + "." + ((a >>> 8) & 0xFF) + "." + (a & 0xFF);
  }

  /** The IPv4 address of multicast group field {@code g} (non-zero). */
  static int groupIp(int g) {
    return (g & 0xF0000000) == 0xE0000000 ? g : 0xEF000000 | (g & 0xFFFFFF);
  }

  /**
   * Writes the headers of packet {@code p} crossing a link from node {@code from} to node {@code to}
   * into {@link #frame}; returns the bytes captured and sets {@link #origLen}.
   */
  int build(int p, int from, int to) {
    int c = classOf(pk.kind(p));
    byte[] f = frame;
    mac(f, 0, to);
    mac(f, 6, from);
    f[12] = 0x08;
    f[13] = 0x00;
    int flags = pk.flags(p);
    int group = pk.group(p);
    int flow = pk.flow(p);
    int seq = pk.seq(p);
    boolean tcp = c >= TCP_SYN && c <= TCP_ACK;
    int len; // bytes of headers
    int ipLen; // IPv4 total length: headers, payload (not captured) and RoCEv2's ICRC
    int l4 = 34;
    if (tcp) {
      len = l4 + 20;
      boolean forward = c == TCP_SYN || c == TCP_DATA;
      int client = 0xC000 | (flow & 0x3FFF);
      put16(f, l4, forward ? client : TCP_SERVER_PORT);
      put16(f, l4 + 2, forward ? TCP_SERVER_PORT : client);
      long mss = framing.tcpMssBytes();
      long sq;
      long ack;
      int tf;
      switch (c) {
        case TCP_SYN -> { sq = 0; ack = 0; tf = 0x02; }
        case TCP_SYNACK -> { sq = 0; ack = 1; tf = 0x12; }
        case TCP_DATA -> { sq = 1 + seq * mss; ack = 1; tf = 0x10; }
        default -> {
          long bytes = seq * mss;
          if (framing.tcpFlowBytes() != null) {
            bytes = Math.min(bytes, framing.tcpFlowBytes().applyAsLong(flow));
          }
          sq = 1;
          ack = 1 + bytes;
          tf = 0x10 | ((flags & Packets.ECE) != 0 ? 0x40 : 0);
        }
      }
      put32(f, l4 + 4, (int) sq);
      put32(f, l4 + 8, c == TCP_SYN ? 0 : (int) ack);
      f[l4 + 12] = 0x50;
      f[l4 + 13] = (byte) tf;
      put16(f, l4 + 14, 0xFFFF);
      put16(f, l4 + 16, 0);
      put16(f, l4 + 18, 0);
      ipLen = len - 14 + (c == TCP_DATA ? Math.max(0, pk.size(p) - framing.tcpHeaderBytes()) : 0);
    } else {
      int u = l4 + 8;
      put16(f, l4, 0xC000 | (flow & 0x3FFF));
      put16(f, l4 + 6, 0);
      if (c == OTHER) {
        put16(f, l4 + 2, OTHER_PORT_BASE + (pk.kind(p) % (65536 - OTHER_PORT_BASE)));
        put16(f, u, pk.kind(p));
        put16(f, u + 2, flags);
        put32(f, u + 4, flow);
        put32(f, u + 8, seq);
        put32(f, u + 12, group);
        len = u + 16;
        ipLen = len - 14 + pk.payload(p);
      } else {
        put16(f, l4 + 2, ROCEV2_PORT);
        len = bth(f, u, c, p, flow, seq, flags);
        ipLen = len - 14 + (c == ROCE_DATA ? (pk.payload(p) + 3) & ~3 : 0) + ICRC_BYTES;
      }
      put16(f, l4 + 4, ipLen - 20);
    }
    origLen = Math.max(pk.size(p), 14 + ipLen);
    if (c >= ROCE_DATA && c <= ROCE_CNP) {
      if (len < HEADERS_MAX) {
        Arrays.fill(f, len, HEADERS_MAX, (byte) 0); // payload, ICRC and trailer: zeros
      }
      len = Math.min(origLen, SNAPLEN);
    }
    // IPv4
    f[14] = 0x45;
    int ecn = (flags & Packets.CE) != 0 ? 3 : 2;
    f[15] = (byte) (((flags & Packets.PRIORITY) != 0 ? 46 << 2 : 0) | ecn);
    put16(f, 16, ipLen);
    put16(f, 18, seq & 0xFFFF);
    put16(f, 20, 0x4000);
    f[22] = (byte) Math.max(1, 64 - pk.hops(p));
    f[23] = (byte) (tcp ? 6 : 17);
    put16(f, 24, 0);
    put32(f, 26, ip(pk.src(p)));
    put32(f, 30, group != 0 ? groupIp(group) : ip(pk.dst(p)));
    put16(f, 24, checksum(f, 14, 20));
    return len;
  }

  private int bth(byte[] f, int b, int c, int p, int flow, int seq, int flags) {
    int opcode;
    int psn = seq;
    boolean ackReq = false;
    int pad = 0;
    switch (c) {
      case ROCE_DATA -> {
        ackReq = (flags & Packets.ACK_REQ) != 0;
        opcode = seq == 0 ? (ackReq ? SEND_ONLY : SEND_FIRST) : ackReq ? SEND_LAST : SEND_MIDDLE;
        pad = (4 - (pk.payload(p) & 3)) & 3;
      }
      case ROCE_ACK -> { opcode = ACKNOWLEDGE; psn = seq - 1; }
      case ROCE_NACK -> opcode = ACKNOWLEDGE;
      default -> opcode = CNP;
    }
    f[b] = (byte) opcode;
    f[b + 1] = (byte) (pad << 4);
    put16(f, b + 2, 0xFFFF);
    put32(f, b + 4, QP_BASE | (flow & 0x7FFFFF));
    put32(f, b + 8, psn & 0xFFFFFF);
    f[b + 8] = (byte) (ackReq ? 0x80 : 0);
    int end = b + 12;
    if (c == ROCE_ACK || c == ROCE_NACK) {
      put32(f, end, (c == ROCE_ACK ? AETH_ACK : AETH_NAK_PSN_ERROR) << 24);
      end += 4;
    } else if (c == ROCE_CNP) {
      Arrays.fill(f, end, end + 16, (byte) 0);
      end += 16;
    }
    return end;
  }

  private int classOf(int kind) {
    if (kind >= classOf.length) {
      classOf = Arrays.copyOf(classOf, Math.max(kind + 1, 2 * classOf.length));
    }
    int c = classOf[kind];
    if (c == UNRESOLVED) {
      c = resolve(kind < kinds.size() ? kinds.name(kind) : "");
      classOf[kind] = c;
    }
    return c;
  }

  private static int resolve(String name) {
    return switch (name) {
      case "rocev2.DATA" -> ROCE_DATA;
      case "rocev2.ACK" -> ROCE_ACK;
      case "rocev2.NACK" -> ROCE_NACK;
      case "rocev2.CNP" -> ROCE_CNP;
      case "tcp.SYN" -> TCP_SYN;
      case "tcp.SYNACK" -> TCP_SYNACK;
      case "tcp.DATA" -> TCP_DATA;
      case "tcp.ACK" -> TCP_ACK;
      default -> OTHER;
    };
  }

  private static void mac(byte[] f, int at, int node) {
    f[at] = 0x02;
    f[at + 1] = 0;
    put32(f, at + 2, node);
  }

  static void put16(byte[] f, int at, int v) {
    f[at] = (byte) (v >>> 8);
    f[at + 1] = (byte) v;
  }

  static void put32(byte[] f, int at, int v) {
    f[at] = (byte) (v >>> 24);
    f[at + 1] = (byte) (v >>> 16);
    f[at + 2] = (byte) (v >>> 8);
    f[at + 3] = (byte) v;
  }

  /** The Internet checksum (RFC 1071) of {@code len} bytes from {@code at}. */
  static int checksum(byte[] f, int at, int len) {
    int sum = 0;
    for (int i = 0; i < len; i += 2) {
      sum += ((f[at + i] & 0xFF) << 8) | (i + 1 < len ? f[at + i + 1] & 0xFF : 0);
    }
    while ((sum >>> 16) != 0) {
      sum = (sum & 0xFFFF) + (sum >>> 16);
    }
    return ~sum & 0xFFFF;
  }
}
