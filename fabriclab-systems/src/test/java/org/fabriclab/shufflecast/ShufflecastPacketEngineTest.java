package org.fabriclab.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.Topology;
import org.fabriclab.sim.assembly.Fabric;
import org.fabriclab.sim.assembly.FabricDescription;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.packet.Packets;
import org.junit.jupiter.api.Test;

/**
 * The packet engine on the real 2,2-Shufflecast (seed 000_9b2589b0d55d7b52.txt §III-A1): hosts on
 * different ToRs reach each other over the one-way splitter links.
 */
class ShufflecastPacketEngineTest {
  @Test
  void everyHostPairIsConnectedThroughTheSplitters() {
    Topology t = new ShufflecastTopology(2, 2).build(1);
    assertThat(t.serverCount()).isEqualTo(8);
    EcmpTable ecmp = new EcmpTable(t);
    Fabric f = FabricDescription.on(t).ecmp(ecmp).config(NetworkConfig.dctcpBenchmark(1))
        .packetCapacity(64).splitters().build().assemble();
    Simulator sim = f.simulator();
    Packets pk = f.packets();
    Network net = f.network();
    int[] got = new int[t.nodeCount()];
    net.setSink((p, node) -> {
      got[node]++;
      pk.free(p);
    });
    int sent = 0;
    for (int a = 0; a < 8; a++) {
      for (int b = 0; b < 8; b++) {
        if (a != b) {
          // host - ToR - (splitter - ToR)+ - host: at least one splitter between two ToRs
          assertThat(ecmp.distance(t.server(a), t.server(b))).isGreaterThanOrEqualTo(4);
          net.send(pk.allocate(a * 8 + b, 0, 0, 1000, t.server(a), t.server(b), 0));
          sent++;
        }
      }
    }
    sim.run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertThat(net.totalDrops()).isZero();
    for (int b = 0; b < 8; b++) {
      assertThat(got[t.server(b)]).isEqualTo(7);
    }
    assertThat(net.accounting().deliveredPackets()).isEqualTo(sent);
  }
}
