package org.fabriclab.sim.net;

import org.fabriclab.sim.packet.Packets;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.traffic.FlowTrace;
import org.junit.jupiter.api.Test;

/** Two islands: hosts 0 and 1 under one switch, host 2 under another, no link between them. */
class UnroutableTest {
  static Topology split() {
    TopologyBuilder b = new TopologyBuilder("split", "two islands").defaults(10_000_000_000L, 1_000_000);
    int s0 = b.addNode(NodeRole.PACKET_SWITCH);
    int s1 = b.addNode(NodeRole.PACKET_SWITCH);
    int h0 = b.addNode(NodeRole.SERVER);
    int h1 = b.addNode(NodeRole.SERVER);
    int h2 = b.addNode(NodeRole.SERVER);
    b.addCable(h0, s0);
    b.addCable(h1, s0);
    b.addCable(h2, s1);
    return b.build();
  }

  @Test
  void packetSimulationRejectsAFlowBetweenIslands() {
    Topology t = split();
    FlowTrace ok = new FlowTrace(new long[] {0}, new int[] {0}, new int[] {1}, new long[1],
        new long[] {1000});
    // a reachable pair is accepted
    PacketSimulation.benchmark(t, ok, "dctcp", false, 1, Progress.NONE);
    FlowTrace bad = new FlowTrace(new long[] {0, 1}, new int[] {0, 1}, new int[] {1, 2},
        new long[2], new long[] {1000, 1000});
    for (String transport : new String[] {"dctcp", "ndp", "rocev2"}) {
      assertThatThrownBy(() -> PacketSimulation.benchmark(t, bad, transport, false, 1, Progress.NONE))
          .isInstanceOf(InvalidParameterException.class)
          .hasMessageContaining("flow 1: no path between its hosts in split");
    }
  }

  @Test
  void unroutablePacketsAreCountedAsDrops() {
    Topology t = split();
    Simulator sim = new Simulator();
    Packets pk = new Packets(4);
    Network net = new Network(sim, t, new EcmpTable(t), pk,
        new NetworkConfig(100_000, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, 1));
    long[] delivered = new long[1];
    net.setSink((p, node) -> {
      delivered[0]++;
      pk.free(p);
    });
    net.send(pk.allocate(0, 0, 0, 700, t.server(0), t.server(2), 0));
    net.send(pk.allocate(1, 0, 0, 500, t.server(0), t.server(1), 0));
    sim.run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertThat(delivered[0]).isEqualTo(1);
    assertThat(net.unroutableDrops()).isEqualTo(1);
    assertThat(net.totalDrops()).isEqualTo(1);
    assertThat(net.droppedBytes()).isEqualTo(700);
    assertThat(net.deliveredBytes()).isEqualTo(500);
  }
}
