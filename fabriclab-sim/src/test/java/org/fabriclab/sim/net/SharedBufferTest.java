package org.fabriclab.sim.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/** The shared-buffer MMU: a switch's ports together stay within the pool, copies included. */
class SharedBufferTest {
  static Network run(long shared) {
    FatTree ft = new FatTree(4);
    Topology t = ft.build();
    NetworkConfig cfg = new NetworkConfig(150_000, Long.MAX_VALUE,
        NetworkConfig.Routing.ECMP_PER_FLOW, 1, 0, 64, true, 0, 0).withSharedBuffer(shared);
    Simulator sim = new Simulator();
    Packets pk = new Packets(256);
    Network net = new Network(sim, t, new EcmpTable(t), pk, cfg);
    net.setSink((p, node) -> pk.free(p));
    int edge = ft.edgeSwitch(0, 0);
    int h0 = t.server(0);
    int h1 = t.server(1);
    // the edge switch replicates every packet for host 0 to host 1 as well
    net.setElement(edge, (n, p, node, in) -> {
      if (pk.dst(p) == h0) {
        int c = n.copy(p);
        pk.setDst(c, h1);
        n.forward(c, t.reverse(t.firstLink(h1)));
      }
      n.routeDefault(p, node);
    });
    for (int s = 2; s < 16; s++) {
      for (int i = 0; i < 4; i++) {
        net.send(pk.allocate(s, 0, i, 1500, t.server(s), h0, 0));
      }
    }
    sim.run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertThat(net.accounting().balanced()).isTrue();
    return net;
  }

  @Test
  void switchPortsShareOnePool() {
    FatTree ft = new FatTree(4);
    int edge = ft.edgeSwitch(0, 0);
    // 56 packets and 56 copies converge on the two host ports: 168 KB at most, 84 KB per port
    Network free = run(0);
    assertThat(free.totalDrops()).isZero();
    assertThat(free.accounting().copiedPackets()).isEqualTo(56);
    assertThat(free.maxNodeBufferBytes(edge)).isGreaterThan(12_000);
    Network pooled = run(12_000);
    assertThat(pooled.maxNodeBufferBytes(edge)).isLessThanOrEqualTo(12_000);
    assertThat(pooled.totalDrops()).isPositive();
    // every packet and copy either reached its host or was dropped
    var a = pooled.accounting();
    assertThat(a.deliveredPackets() + a.droppedPackets()).isEqualTo(56 + a.copiedPackets());
  }
}
