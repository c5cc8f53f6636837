package org.fabriclab.sim.host;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.SimulationResult;
import org.fabriclab.sim.net.Network;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/** The RNIC egress scheduler: a host never drops its own packets, and PFC stops it injecting. */
class NicSchedulerTest {
  static final Topology FT4 = new FatTree(4).build();
  static final long RATE = 10_000_000_000L;

  static FlowTrace trace(int[] src, int[] dst, long[] size) {
    long[] id = new long[src.length];
    for (int i = 0; i < id.length; i++) {
      id[i] = i;
    }
    return new FlowTrace(id, src, dst, new long[src.length], size);
  }

  @Test
  void eightQueuePairsFromOneHostShareTheNicWithoutDrops() {
    int qps = 8;
    int[] src = new int[qps];
    int[] dst = new int[qps];
    long[] size = new long[qps];
    for (int i = 0; i < qps; i++) {
      dst[i] = 8 + i; // other pods
      size[i] = 300_000;
    }
    PacketSimulation ps = PacketSimulation.benchmark(FT4, trace(src, dst, size), "rocev2", false,
        1, Progress.NONE);
    SimulationResult r = ps.run(Time.seconds(1), Long.MAX_VALUE);
    Network net = ps.network();
    int nic = FT4.firstLink(FT4.server(0));
    assertThat(r.flows().completed()).isEqualTo(qps);
    assertThat(net.drops(nic)).isZero(); // 645 before the scheduler
    assertThat(r.droppedPackets()).isZero();
    // 293 packets per QP: 292 of 1024 + 64 B and one of 992 + 64 B; the NIC sends them back to
    // back in round robin, so the last packet (QP 7's last) leaves at the sum of all
    // serializations and crosses 5 more store-and-forward hops of 1 µs links
    long full = Time.serialization(1088, RATE);
    long last = Time.serialization(1056, RATE);
    long nicDone = qps * (292 * full + last);
    long end = nicDone + Time.us(1) + 5 * (last + Time.us(1));
    long latest = 0;
    for (int i = 0; i < qps; i++) {
      latest = Math.max(latest, r.flows().endPs(i));
    }
    assertThat(latest).isEqualTo(end);
    assertThat(net.maxOccupancyBytes(nic)).isLessThanOrEqualTo(1088);
  }

  @Test
  void losslessIncastKeepsEveryPortWithinBufferPlusHeadroom() {
    int senders = 15;
    int[] src = new int[senders];
    int[] dst = new int[senders];
    long[] size = new long[senders];
    for (int i = 0; i < senders; i++) {
      src[i] = 1 + i;
      size[i] = 400_000;
    }
    long xoff = 60_000;
    PacketSimulation ps = PacketSimulation.benchmark(FT4, trace(src, dst, size), "rocev2", false,
        1, xoff, Progress.NONE);
    SimulationResult r = ps.run(Time.seconds(1), Long.MAX_VALUE);
    Network net = ps.network();
    assertThat(r.flows().completed()).isEqualTo(senders);
    assertThat(r.droppedPackets()).isZero();
    assertThat(net.pfcFrames()).isPositive();
    long buffer = net.config().bufferBytes();
    // headroom per ingress link: a pause frame's flight plus the reply's (2 delays at line rate),
    // the packet the upstream port is sending, and the one that triggered the pause
    long perIngress = 2 * (Time.us(1) * RATE / 8 / 1_000_000_000_000L) + 2 * 1088;
    int[] ingress = new int[FT4.nodeCount()];
    for (int e = 0; e < FT4.linkCount(); e++) {
      ingress[FT4.target(e)]++;
    }
    for (int e = 0; e < FT4.linkCount(); e++) {
      int u = FT4.source(e);
      long bound = FT4.isServer(u) ? 1088 + 64 * 8 : buffer + ingress[u] * perIngress;
      assertThat(net.maxOccupancyBytes(e)).as("port %d of node %d", e, u).isLessThanOrEqualTo(bound);
    }
  }
}
