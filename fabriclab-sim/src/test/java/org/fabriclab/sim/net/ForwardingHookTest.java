package org.fabriclab.sim.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/** The multicast hook: a switch replicates one packet to several ports. */
class ForwardingHookTest {
  @Test
  void edgeSwitchReplicatesToBothHostsOfItsRack() {
    FatTree ft = new FatTree(4);
    Topology t = ft.build();
    Simulator sim = new Simulator();
    Packets pk = new Packets(16);
    Network net = new Network(sim, t, new EcmpTable(t), pk,
        new NetworkConfig(150_000, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, 1));
    int edge = ft.edgeSwitch(0, 0);
    int h0 = t.server(0);
    int h1 = t.server(1);
    net.setForwardingHook((n, p, node) -> {
      if (node != edge || pk.kind(p) != 7) {
        return false;
      }
      int c = pk.copy(p);
      pk.setDst(c, h1);
      n.enqueue(p, t.reverse(t.link(h0, 0)));
      n.enqueue(c, t.reverse(t.link(h1, 0)));
      return true;
    });
    long[] arrivals = new long[t.nodeCount()];
    long[] when = new long[t.nodeCount()];
    net.setSink((p, node) -> {
      arrivals[node]++;
      when[node] = sim.now();
      pk.free(p);
    });
    int src = t.server(t.serverCount() - 1);
    net.send(pk.allocate(0, 7, 0, 1500, src, h0, 0));
    sim.run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertThat(arrivals[h0]).isEqualTo(1);
    assertThat(arrivals[h1]).isEqualTo(1);
    long hop = Time.serialization(1500, 10_000_000_000L) + Time.us(1);
    assertThat(when[h0]).isEqualTo(6 * hop);
    assertThat(when[h1]).isEqualTo(6 * hop);
    assertThat(pk.live()).isZero();
  }
}
