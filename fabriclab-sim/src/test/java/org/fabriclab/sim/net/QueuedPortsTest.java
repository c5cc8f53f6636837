package org.fabriclab.sim.net;

import org.fabriclab.sim.packet.Packets;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.SimulationResult;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.transport.tcp.TcpConfig;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

class QueuedPortsTest {
  static final Topology FT4 = new FatTree(4).build();

  @Test
  void priorityPacketOvertakesQueuedOnes() {
    Simulator sim = new Simulator();
    Packets pk = new Packets(16);
    NetworkConfig cfg = new NetworkConfig(150_000, Long.MAX_VALUE,
        NetworkConfig.Routing.ECMP_PER_FLOW, 1, 0, 64, true, 0, 0);
    Network net = new Network(sim, FT4, new EcmpTable(FT4), pk, cfg);
    List<Integer> order = new ArrayList<>();
    net.setSink((p, node) -> {
      order.add(pk.seq(p));
      pk.free(p);
    });
    int h0 = FT4.server(0);
    int h1 = FT4.server(1);
    for (int i = 0; i < 5; i++) {
      net.send(pk.allocate(0, 0, i, 1500, h0, h1, 0));
    }
    int hi = pk.allocate(1, 0, 99, 1500, h0, h1, 0);
    pk.setFlags(hi, Packets.PRIORITY);
    net.send(hi);
    sim.run(Long.MAX_VALUE, Long.MAX_VALUE);
    // packet 0 was already on the wire; the priority packet leaves next
    assertThat(order).containsExactly(0, 99, 1, 2, 3, 4);
  }

  /**
   * Incast of 8 RoCEv2 senders into host 0 with buffers far too small for it: without PFC packets
   * are dropped and go-back-N retransmits; with PFC (pause at 12 KB per ingress link) nothing is
   * dropped, nothing retransmitted, and pause frames flowed.
   */
  @Test
  void pfcMakesAnIncastLossless() {
    int senders = 8;
    int[] src = new int[senders];
    long[] size = new long[senders];
    long[] id = new long[senders];
    for (int i = 0; i < senders; i++) {
      src[i] = 2 + i;
      size[i] = 200_000;
      id[i] = i;
    }
    FlowTrace t = new FlowTrace(id, src, new int[senders], new long[senders], size);
    NetworkConfig lossy = new NetworkConfig(16_000, Long.MAX_VALUE,
        NetworkConfig.Routing.ECMP_PER_FLOW, 1);
    SimulationResult a = new PacketSimulation(FT4, new EcmpTable(FT4), t, "rocev2", lossy,
        TcpConfig.benchmark(false), Progress.NONE).run(Time.seconds(1), Long.MAX_VALUE);
    assertThat(a.droppedPackets()).isPositive();
    PacketSimulation ps = new PacketSimulation(FT4, new EcmpTable(FT4), t, "rocev2",
        lossy.withPriorityAndPfc(12_000, 6_000), TcpConfig.benchmark(false), Progress.NONE);
    SimulationResult b = ps.run(Time.seconds(1), Long.MAX_VALUE);
    assertThat(b.flows().completed()).isEqualTo(senders);
    assertThat(b.droppedPackets()).isZero();
    assertThat(ps.network().pfcFrames()).isPositive();
    for (int i = 0; i < senders; i++) {
      assertThat(b.flows().retransmissions(i)).isZero();
    }
    Network net = ps.network();
    assertThat(net.injectedBytes())
        .isEqualTo(net.deliveredBytes() + net.droppedBytes() + net.packets().liveBytes());
    // lossless and work-conserving: the receiver's link stays busy (within 10%)
    long bytes = 0;
    for (int i = 0; i < senders; i++) {
      bytes += 200_000 + ((200_000 + 1023) / 1024) * 64L;
    }
    long last = 0;
    for (int i = 0; i < senders; i++) {
      last = Math.max(last, b.flows().endPs(i));
    }
    assertThat((double) last).isBetween((double) Time.serialization(bytes, 10_000_000_000L),
        Time.serialization(bytes, 10_000_000_000L) * 1.10);
  }
}
