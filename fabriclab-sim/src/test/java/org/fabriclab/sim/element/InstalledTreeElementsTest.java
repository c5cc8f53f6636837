package org.fabriclab.sim.element;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Accounting;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.SwitchElement;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.packet.Packets;
import org.junit.jupiter.api.Test;

/**
 * {@link MulticastReplication} and {@link StreamAggregation} on hand-built graphs: paths that meet
 * again carry each packet once, and a combined stream goes at the pace of its slowest child.
 */
class InstalledTreeElementsTest {
  private static final NetworkConfig PLAIN =
      new NetworkConfig(150_000, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, 1);
  private static final int PACKETS = 100;
  private static final int BYTES = 1088;
  private static final long DELAY_PS = 1_000_000L;

  private static int link(Topology t, int u, int v) {
    for (int e = t.firstLink(u); e < t.firstLink(u + 1); e++) {
      if (t.target(e) == v) {
        return e;
      }
    }
    throw new AssertionError(u + " -> " + v);
  }

  @Test
  void aDiamondCarriesEachPacketOnceToTheMember() {
    // hosts S = 0, R = 1; switches A = 2, B = 3, C = 4, D = 5: S - A, A - B, A - C, B - D, C - D, D - R
    TopologyBuilder b = new TopologyBuilder("diamond", "", 6, 12);
    b.defaults(10_000_000_000L, DELAY_PS);
    b.addNodes(NodeRole.SERVER, 2);
    b.addNodes(NodeRole.PACKET_SWITCH, 4);
    int[][] cables = {{0, 2}, {2, 3}, {2, 4}, {3, 5}, {4, 5}, {5, 1}};
    for (int[] c : cables) {
      b.addCable(c[0], c[1]);
    }
    Topology t = b.build();
    Simulator sim = new Simulator();
    Network net = new Network(sim, t, new EcmpTable(t), new Packets(256), PLAIN);
    MulticastReplication mc = new MulticastReplication();
    mc.install(7, 0, -1, new int[] {link(t, 0, 2)}, false);
    mc.install(7, 2, link(t, 0, 2), new int[] {link(t, 2, 3), link(t, 2, 4)}, false);
    mc.install(7, 3, link(t, 2, 3), new int[] {link(t, 3, 5)}, false);
    mc.install(7, 4, link(t, 2, 4), new int[] {link(t, 4, 5)}, false);
    mc.install(7, 5, link(t, 3, 5), new int[] {link(t, 5, 1)}, false); // C's branch arrives second-class
    mc.install(7, 1, link(t, 5, 1), new int[0], true);
    assertThat(mc.entries()).isEqualTo(6);
    assertThat(mc.entry(7, 4)).isEqualTo(3);
    assertThat(mc.entry(7, 6)).isEqualTo(-1);
    for (int u = 0; u < 6; u++) {
      net.setElement(u, mc);
    }
    int[] got = new int[1];
    net.setSink((p, node) -> {
      assertThat(node).isEqualTo(1);
      got[0]++;
      net.packets().free(p);
    });
    Packets pk = net.packets();
    for (int i = 0; i < PACKETS; i++) {
      int p = pk.allocate(0, 0, i, BYTES, 0, 0, 0);
      pk.setGroup(p, 7);
      net.send(p);
    }
    sim.run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertThat(got[0]).isEqualTo(PACKETS);
    for (int[] c : cables) {
      assertThat(net.bytesSent(link(t, c[0], c[1]))).isEqualTo((long) PACKETS * BYTES);
    }
    Accounting a = net.accounting();
    assertThat(a.copiedPackets()).isEqualTo(PACKETS); // at A
    assertThat(a.absorbedPackets()).isEqualTo(PACKETS); // C's copy at D
    assertThat(a.deliveredPackets()).isEqualTo(PACKETS);
    assertThat(a.balanced()).isTrue();
    assertThat(a.inFlightPackets()).isZero();
  }

  @Test
  void theCombinedStreamGoesAtItsSlowestChildsPace() {
    // hosts X = 0 (10 Gb/s), Y = 1 (1 Gb/s), root Z = 2, all on switch W = 3
    TopologyBuilder b = new TopologyBuilder("vee", "", 4, 6);
    b.addNodes(NodeRole.SERVER, 3);
    b.addNodes(NodeRole.PACKET_SWITCH, 1);
    b.addCable(0, 3, 10_000_000_000L, DELAY_PS);
    b.addCable(1, 3, 1_000_000_000L, DELAY_PS);
    b.addCable(2, 3, 10_000_000_000L, DELAY_PS);
    Topology t = b.build();
    Simulator sim = new Simulator();
    Network net = new Network(sim, t, new EcmpTable(t), new Packets(256), PLAIN);
    int kind = 3;
    StreamAggregation agg = new StreamAggregation(t, kind, SwitchElement.DEFAULT);
    int ex = agg.install(5, 0, new int[] {-1}, link(t, 0, 3));
    agg.install(5, 1, new int[] {-1}, link(t, 1, 3));
    int ew = agg.install(5, 3, new int[] {link(t, 0, 3), link(t, 1, 3)}, link(t, 3, 2));
    int ez = agg.install(5, 2, new int[] {link(t, 3, 2)}, -1);
    for (int u = 0; u < 4; u++) {
      net.setElement(u, agg);
    }
    long[] last = new long[1];
    int[] got = new int[1];
    net.setSink((p, node) -> {
      assertThat(node).isEqualTo(2);
      assertThat(net.packets().seq(p)).isEqualTo(got[0]);
      got[0]++;
      last[0] = sim.now();
      net.packets().free(p);
    });
    Packets pk = net.packets();
    for (int i = 0; i < PACKETS; i++) {
      for (int src = 0; src < 2; src++) {
        int p = pk.allocate(0, kind, i, BYTES, src, 2, 0);
        pk.setGroup(p, 5);
        net.send(p);
      }
    }
    sim.run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertThat(got[0]).isEqualTo(PACKETS);
    assertThat(agg.sent(ex)).isEqualTo(PACKETS);
    assertThat(agg.sent(ew)).isEqualTo(PACKETS);
    assertThat(agg.sent(ez)).isEqualTo(PACKETS);
    // Y's last packet leaves after 100 serializations at 1 Gb/s, crosses its link, and the combined
    // packet is serialized once at 10 Gb/s and crosses the root's link
    long slow = BYTES * 8L * 1000; // ps at 1 Gb/s
    long fast = BYTES * 8L * 100; // ps at 10 Gb/s
    assertThat(last[0]).isEqualTo(PACKETS * slow + DELAY_PS + fast + DELAY_PS);
    assertThat(net.bytesSent(link(t, 3, 2))).isEqualTo((long) PACKETS * BYTES);
    Accounting a = net.accounting();
    assertThat(a.absorbedPackets()).isEqualTo(PACKETS);
    assertThat(a.deliveredPackets()).isEqualTo(PACKETS);
    assertThat(a.balanced()).isTrue();
  }
}
