package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.sim.transport.rocev2.RdmaCompletions;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/**
 * Seed 002 §3.3 one-to-many WRITE on the packet engine: before each WRITE the source sends the
 * MR-update message (16 B per receiver) on the group QP; the leaf switch stores each receiver's
 * region and rewrites the WRITE's first packet per receiver. Bytes are counted on the links by the
 * engine; the closed forms use the engine's RoCE packet: 1024 B payload + 64 B headers.
 */
class WriteMrUpdatePacketTest {
  static final int HDR = 64;
  static final int PAY = 1024;
  static final int RETH = 16;

  static long wire(long payload) {
    return payload + HDR * ((payload + PAY - 1) / PAY);
  }

  /** {@code writes} WRITEs of {@code bytes} from member 0 to {@code receivers} testbed receivers, one after another. */
  static PacketGroup run(int receivers, long bytes, int writes) {
    double[] gbps = new double[receivers + 1];
    java.util.Arrays.fill(gbps, 100);
    Topology topo = PacketGroup.testbed(gbps, Time.ns(10));
    int[] members = new int[receivers + 1];
    long[] va = new long[receivers + 1];
    int[] rkey = new int[receivers + 1];
    for (int i = 0; i <= receivers; i++) {
      members[i] = i;
      va[i] = 0x10_0000L * i;
      rkey[i] = 1000 + i;
    }
    PacketGroup g = new PacketGroup(topo, new NetworkConfig(16L << 20, Long.MAX_VALUE,
        NetworkConfig.Routing.ECMP_PER_FLOW, 1), RcConfig.defaults(), members);
    int[] done = {1};
    g.setCompletions(new RdmaCompletions() {
      @Override
      public void sendComplete(int q, long id, long now) {
        if (id >= 0 && done[0] < writes) {
          done[0]++;
          // the next request's regions differ: the update must be per request
          for (int i = 0; i <= receivers; i++) {
            va[i] += 0x1000;
          }
          g.write(0, bytes, va, rkey, done[0] - 1);
        }
      }

      @Override
      public void receiveComplete(int q, long id, long now) { }
    });
    g.write(0, bytes, va, rkey, 0);
    g.run(Time.ms(100), 50_000_000L);
    return g;
  }

  @Test
  void wireBytesArePayloadPlusHeadersPlusTheUpdate() {
    long w = 100_000;
    PacketGroup g = run(3, w, 2);
    // per WRITE: update 3 x 16 = 48 B in one packet, then the WRITE; both are WRITEs, so the first
    // packet of each carries a 16 B RETH
    long perWrite = wire(48) + RETH + wire(w) + RETH;
    assertThat(perWrite).isEqualTo(48 + 64 + 16 + 100_000 + 98 * 64 + 16);
    Topology t = g.network().topology();
    assertThat(g.network().bytesSent(t.firstLink(g.host(0)))).isEqualTo(2 * perWrite);
    for (int m = 1; m <= 3; m++) {
      // the switch's port towards the receiver carries the same bytes
      int sw = t.neighbor(g.host(m), 0);
      int link = -1;
      for (int e = t.firstLink(sw); e < t.firstLink(sw + 1); e++) {
        if (t.target(e) == g.host(m)) {
          link = e;
        }
      }
      assertThat(g.network().bytesSent(link)).isEqualTo(2 * perWrite);
      assertThat(g.acceptedBytes(m)).isEqualTo(2 * (48 + w));
    }
    // every receiver's WRITE start was rewritten to its own region of that request
    long[][] rw = g.writes().rewrites();
    assertThat(rw).hasNumberOfRows(6);
    int writeStart0 = 1;
    int writeStart1 = 1 + 98 + 1;
    for (long[] r : rw) {
      int m = (int) r[0] - 1; // server index m is node m + 1
      boolean first = r[1] == writeStart0;
      assertThat(r[1]).isIn((long) writeStart0, (long) writeStart1);
      assertThat(r[2]).isEqualTo(0x10_0000L * m + (first ? 0 : 0x1000));
      assertThat(r[3]).isEqualTo(1000 + m);
    }
    // the update's share of an 8 KB IO, the paper's storage case: 112 B against 8,704 B
    assertThat((double) wire(48) / wire(8192)).isCloseTo(112.0 / 8704, org.assertj.core.data.Offset.offset(1e-12));
  }

  @Test
  void aHundredReceiversNeedATwoPacketUpdate() {
    long w = 8192;
    PacketGroup g = run(100, w, 1);
    // 100 x 16 = 1,600 B: two packets (1,024 + 576), a RETH on the update's and the WRITE's first
    long expected = 1600 + 2 * 64 + 16 + 8192 + 8 * 64 + 16;
    Topology t = g.network().topology();
    assertThat(g.network().bytesSent(t.firstLink(g.host(0)))).isEqualTo(expected);
    for (int m = 1; m <= 100; m++) {
      assertThat(g.acceptedBytes(m)).isEqualTo(1600 + w);
    }
    assertThat(g.writes().rewrites()).hasNumberOfRows(100);
  }

  @Test
  void aUnicastWriteCarriesOneRethOnItsFirstPacketAcrossEveryHop() {
    // wire bytes = payload + packets x 64 + 16, for a one-packet and a multi-packet WRITE
    for (long bytes : new long[] {1, 1000, 1024, 1025, 100_000}) {
      long packets = (bytes + PAY - 1) / PAY;
      Topology topo = PacketGroup.testbed(new double[] {100, 100}, Time.ns(10));
      PacketGroup g = new PacketGroup(topo, new NetworkConfig(16L << 20, Long.MAX_VALUE,
          NetworkConfig.Routing.ECMP_PER_FLOW, 1), RcConfig.defaults(), new int[] {0, 1});
      long[] doneAt = {-1};
      g.setCompletions(new RdmaCompletions() {
        @Override
        public void sendComplete(int q, long id, long now) {
          doneAt[0] = now;
        }

        @Override
        public void receiveComplete(int q, long id, long now) { }
      });
      g.unicastWrite(g.unicastQp(0, 1), bytes, 0);
      g.run(Time.ms(10), 10_000_000L);
      Topology t = g.network().topology();
      int out = t.firstLink(g.host(0));
      assertThat(doneAt[0]).isPositive();
      assertThat(g.network().bytesSent(out)).isEqualTo(bytes + packets * HDR + RETH);
      // the switch's port towards the receiver: the same bytes (data only; ACKs go the other way)
      assertThat(g.network().bytesSent(t.reverse(t.firstLink(g.host(1))))).isEqualTo(bytes + packets * HDR + RETH);
    }
  }
}
