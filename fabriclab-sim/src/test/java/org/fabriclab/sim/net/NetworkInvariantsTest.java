package org.fabriclab.sim.net;

import org.fabriclab.sim.packet.Packets;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/** Packets injected at random into a fat-tree with small buffers: drops happen, bytes balance. */
class NetworkInvariantsTest {
  @Test
  void bytesConservedPathsShortestAndQueuesBounded() {
    Topology t = new FatTree(4).build();
    NetworkConfig[] configs = {
      new NetworkConfig(6000, 3000, NetworkConfig.Routing.ECMP_PER_FLOW, 3),
      new NetworkConfig(6000, 3000, NetworkConfig.Routing.SPRAY_PER_PACKET, 3),
      new NetworkConfig(6000, Long.MAX_VALUE, NetworkConfig.Routing.SPRAY_PER_PACKET, 3, 3, 64)};
    for (NetworkConfig cfg : configs) {
      boolean trimming = cfg.trimPackets() > 0;
      Simulator sim = new Simulator();
      Packets pk = new Packets(16);
      EcmpTable ecmp = new EcmpTable(t);
      Network net = new Network(sim, t, ecmp, pk, cfg);
      long[] wrongPath = new long[1];
      long[] delivered = new long[1];
      net.setSink((p, node) -> {
        delivered[0]++;
        if (node != pk.dst(p) || pk.hops(p) != ecmp.distance(pk.src(p), pk.dst(p))) {
          wrongPath[0]++;
        }
        pk.free(p);
      });
      SplittableRandom rnd = new SplittableRandom(1);
      int inject = sim.register((a, b) -> {
        int s = t.server(a);
        int d = t.server(b);
        net.send(pk.allocate(rnd.nextInt(20), 0, rnd.nextInt(), 200 + rnd.nextInt(1300), s, d, 0));
      });
      int hosts = t.serverCount();
      for (int i = 0; i < 5000; i++) {
        int a = rnd.nextInt(hosts);
        int b = (a + 1 + rnd.nextInt(hosts - 1)) % hosts;
        sim.schedule(rnd.nextLong(Time.us(200)), inject, a, b);
      }
      for (long cut : new long[] {Time.us(50), Time.us(120), Long.MAX_VALUE}) {
        sim.run(cut, Long.MAX_VALUE);
        assertThat(net.injectedBytes()).isEqualTo(net.deliveredBytes() + net.droppedBytes()
            + pk.liveBytes());
        assertThat(net.accounting().balanced()).isTrue();
      }
      if (trimming) {
        assertThat(net.trimmedBytes()).isPositive();
      } else {
        assertThat(net.totalDrops()).isPositive();
        assertThat(net.trimmedBytes()).isZero();
      }
      assertThat(delivered[0]).isPositive();
      assertThat(wrongPath[0]).isZero();
      assertThat(pk.live()).isZero();
      for (int e = 0; e < t.linkCount(); e++) {
        if (trimming) {
          // switch ports: at most 3 data packets (< 1500 B) plus a priority queue of <= 6000 B
          assertThat(net.maxOccupancyBytes(e) <= 3 * 1500 + 6000 || t.isServer(t.source(e))).isTrue();
          continue;
        }
        assertThat(net.maxOccupancyBytes(e)).isLessThanOrEqualTo(6000);
        // a time average never exceeds the maximum it averages
        assertThat(net.averageOccupancyBytes(e)).isBetween(0.0, (double) net.maxOccupancyBytes(e));
      }
    }
  }

  @Test
  void averageOccupancyOfABurstIsTheTriangleByHand() {
    // three 1500 B packets enter host 0's idle 10 Gb/s NIC at t = 0: the bytes not yet sent fall
    // linearly from 4500 to 0 over 3.6 µs, an area of 4500 · 3.6 / 2 B·µs; the run ends when the
    // last packet reaches host 1 under the same edge switch: 3.6 + 1 + 1.2 + 1 = 6.8 µs
    Topology t = new FatTree(4).build();
    Simulator sim = new Simulator();
    Packets pk = new Packets(16);
    Network net = new Network(sim, t, new EcmpTable(t), pk,
        new NetworkConfig(150_000, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, 1));
    net.setSink((p, node) -> pk.free(p));
    for (int i = 0; i < 3; i++) {
      net.send(pk.allocate(0, 0, i, 1500, t.server(0), t.server(1), 0));
    }
    sim.run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertThat(sim.now()).isEqualTo(Time.ns(6800));
    int nic = t.firstLink(t.server(0));
    assertThat(net.averageOccupancyBytes(nic)).isCloseTo(4500 * 3.6 / 2 / 6.8,
        org.assertj.core.data.Offset.offset(1e-6));
    assertThat(net.maxOccupancyBytes(nic)).isEqualTo(4500);
    // the edge switch's port to host 1 holds one packet at a time: 1500 B falling over 1.2 µs, thrice
    int down = t.reverse(t.firstLink(t.server(1)));
    assertThat(net.averageOccupancyBytes(down)).isCloseTo(3 * 1500 * 1.2 / 2 / 6.8,
        org.assertj.core.data.Offset.offset(1e-6));
  }

  @Test
  void ecmpCandidatesOfAFatTreeMatchItsStructure() {
    FatTree ft = new FatTree(4);
    Topology t = ft.build();
    EcmpTable ecmp = new EcmpTable(t);
    int src = t.server(0);
    int far = t.server(t.serverCount() - 1);
    // host -> edge: 1; edge -> aggregation: k/2 = 2; aggregation -> core: 2; core -> agg: 1
    assertThat(ecmp.candidates(src, far)).isEqualTo(1);
    assertThat(ecmp.candidates(ft.edgeSwitch(0, 0), far)).isEqualTo(2);
    assertThat(ecmp.candidates(ft.aggregationSwitch(0, 0), far)).isEqualTo(2);
    assertThat(ecmp.candidates(ft.coreSwitch(0), far)).isEqualTo(1);
    assertThat(ecmp.distance(src, far)).isEqualTo(6);
    assertThat(ecmp.distance(src, t.server(1))).isEqualTo(2);
    assertThat(ecmp.distance(src, t.server(2))).isEqualTo(4);
    assertThat(ecmp.keys()).isEqualTo(8);
  }
}
