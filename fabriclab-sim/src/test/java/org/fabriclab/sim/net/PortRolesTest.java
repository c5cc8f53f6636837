package org.fabriclab.sim.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.sim.assembly.Fabric;
import org.fabriclab.sim.assembly.FabricDescription;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.topology.torus.Torus;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/** Port behaviour by role: direct-connect ports drop and mark; splitters pass light through. */
class PortRolesTest {
  @Test
  void torusIncastMarksAndDropsAtItsBuffers() {
    Topology t = new Torus(new int[] {4, 4, 4}, 0).build();
    assertThat(t.serverCount()).isEqualTo(64);
    // explicit queues (priority classes on, no PFC), 30 KB buffers, ECN at 10 KB
    NetworkConfig cfg = new NetworkConfig(30_000, 10_000, NetworkConfig.Routing.ECMP_PER_FLOW, 1,
        0, 64, true, 0, 0);
    Simulator sim = new Simulator();
    Packets pk = new Packets(1024);
    Network net = new Network(sim, t, new EcmpTable(t), pk, cfg);
    net.setSink((p, node) -> pk.free(p));
    int dst = t.server(0);
    for (int s = 1; s < 64; s++) {
      for (int i = 0; i < 10; i++) {
        net.send(pk.allocate(s, 0, i, 1500, t.server(s), dst, 0));
      }
    }
    sim.run(Long.MAX_VALUE, Long.MAX_VALUE);
    // 630 packets into 6 links of the receiver: far more than 6 × 30 KB can hold
    assertThat(net.totalDrops()).isPositive();
    assertThat(net.totalMarks()).isPositive();
    for (int e = 0; e < t.linkCount(); e++) {
      assertThat(net.role(e)).isEqualTo(PortRole.DIRECT);
      assertThat(net.maxOccupancyBytes(e)).isLessThanOrEqualTo(30_000);
    }
    assertThat(net.accounting().balanced()).isTrue();
    assertThat(net.accounting().deliveredPackets() + net.accounting().droppedPackets())
        .isEqualTo(630);
  }

  @Test
  void torusPortDropsAndMarksExactlyAsASwitchPort() {
    Topology t = new Torus(new int[] {4, 4, 4}, 0).build();
    NetworkConfig cfg = new NetworkConfig(30_000, 10_000, NetworkConfig.Routing.ECMP_PER_FLOW, 1,
        0, 64, true, 0, 0);
    Simulator sim = new Simulator();
    Packets pk = new Packets(64);
    Network net = new Network(sim, t, new EcmpTable(t), pk, cfg);
    int[] delivered = {0};
    net.setSink((p, node) -> {
      delivered[0]++;
      pk.free(p);
    });
    int src = t.server(1);
    int port = t.firstLink(src);
    int dst = t.target(port); // a neighbour: the only shortest path is this one port
    for (int k = 0; k < 30; k++) {
      net.send(pk.allocate(0, 0, k, 1500, src, dst, 0));
    }
    sim.run(Long.MAX_VALUE, Long.MAX_VALUE);
    // all 30 arrive at time 0: packet 0 starts at once (leaves the queue), packet k >= 1 finds
    // (k - 1)·1500 B queued: admitted while (k - 1)·1500 + 1500 <= 30,000, i.e. k <= 20 (21 in,
    // 9 dropped); marked when (k - 1)·1500 >= 10,000, i.e. k = 8..20 (13 marks). As a host port
    // (the old engine) it dropped and marked nothing.
    assertThat(net.drops(port)).isEqualTo(9);
    assertThat(net.marks(port)).isEqualTo(13);
    assertThat(delivered[0]).isEqualTo(21);
    assertThat(net.maxOccupancyBytes(port)).isEqualTo(19 * 1500 + 1500);
  }

  /** Two ToRs joined only by one-way links through passive splitters (a Shufflecast in miniature). */
  static Topology splitterPair() {
    TopologyBuilder b = new TopologyBuilder("splitters", "hand", 8, 16)
        .defaults(10_000_000_000L, Time.us(1));
    int ha = b.addNode(NodeRole.SERVER);
    int hb = b.addNode(NodeRole.SERVER);
    int hc = b.addNode(NodeRole.SERVER);
    int ta = b.addNode(NodeRole.PACKET_SWITCH);
    int tb = b.addNode(NodeRole.PACKET_SWITCH);
    int tc = b.addNode(NodeRole.PACKET_SWITCH);
    int sa = b.addNode(NodeRole.OPTICAL_SPLITTER);
    int sb = b.addNode(NodeRole.OPTICAL_SPLITTER);
    b.addCable(ha, ta).addCable(hb, tb).addCable(hc, tc);
    b.addLink(ta, sa).addLink(sa, tb).addLink(sa, tc);
    b.addLink(tb, sb).addLink(sb, ta);
    b.addLink(tc, sb);
    return b.build();
  }

  @Test
  void hostsOnDifferentTorsTalkThroughOneWaySplitters() {
    Topology t = splitterPair();
    EcmpTable ecmp = new EcmpTable(t);
    Fabric f = FabricDescription.on(t).ecmp(ecmp).config(NetworkConfig.dctcpBenchmark(1))
        .packetCapacity(16).splitters().build().assemble();
    Simulator sim = f.simulator();
    Packets pk = f.packets();
    Network net = f.network();
    long[] when = new long[t.nodeCount()];
    net.setSink((p, node) -> {
      when[node] = sim.now();
      pk.free(p);
    });
    // a -> b: a, ToR a, splitter a (no serialization), ToR b, b; b -> a back through splitter b
    assertThat(ecmp.distance(t.server(0), t.server(1))).isEqualTo(4);
    assertThat(ecmp.distance(t.server(1), t.server(0))).isEqualTo(4);
    net.send(pk.allocate(0, 0, 0, 1500, t.server(0), t.server(1), 0));
    sim.run(Long.MAX_VALUE, Long.MAX_VALUE);
    long ser = Time.serialization(1500, 10_000_000_000L);
    assertThat(when[t.server(1)]).isEqualTo(3 * ser + 4 * Time.us(1));
    assertThat(when[t.server(2)]).isZero();
    // a multicast frame reaches both outputs of splitter a at the same time
    java.util.Arrays.fill(when, 0);
    long t0 = sim.now();
    int tc = 5;
    int hc = t.server(2);
    net.setElement(tc, (n, p, node, in) -> {
      pk.setDst(p, hc);
      n.routeDefault(p, node);
    });
    int tb = 4;
    int hb = t.server(1);
    net.setElement(tb, (n, p, node, in) -> {
      pk.setDst(p, hb);
      n.routeDefault(p, node);
    });
    int p = pk.allocate(1, 0, 0, 1500, t.server(0), t.server(1), t0);
    pk.setGroup(p, 1);
    net.send(p);
    sim.run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertThat(when[hb] - t0).isEqualTo(3 * ser + 4 * Time.us(1));
    assertThat(when[hc] - t0).isEqualTo(3 * ser + 4 * Time.us(1));
    assertThat(net.accounting().copiedPackets()).isEqualTo(1);
    assertThat(net.accounting().balanced()).isTrue();
  }
}
