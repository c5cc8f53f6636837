package org.fabriclab.sim.host;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.net.PortRole;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.topology.torus.Torus;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/**
 * The RNIC scheduler on a direct-connect torus, where a host's own ports also carry transit
 * traffic (the decision in {@link NicScheduler}'s javadoc): the NIC emits at its line rate and
 * its packets queue behind transit packets as at a switch port, instead of waiting for an idle
 * port (which would starve it while transit keeps the port busy).
 */
class TorusNicSchedulerTest {
  @Test
  void hostOnATorusSendsAtLineRateAndQueuesBehindTransitTraffic() {
    // ring of 5: node 2 reaches node 0 only through node 1 (2 hops; the other way is 3)
    Topology t = new Torus(new int[] {5}, 0).build();
    int n0 = t.server(0);
    int n1 = t.server(1);
    int n2 = t.server(2);
    long rate = t.capacityBps(t.firstLink(n1));
    long d = t.delayPs(t.firstLink(n1));
    Simulator sim = new Simulator();
    Packets pk = new Packets(256);
    // a buffer large enough for every packet: no drop, so every packet's time is derivable
    NetworkConfig cfg = NetworkConfig.dctcpBenchmark(1).withBufferBytes(10_000_000);
    Network net = new Network(sim, t, new EcmpTable(t), pk, cfg);
    int size = 1500;
    int s = 40;
    long[] lastA = {-1};
    long[] lastC = {-1};
    int[] deliveredA = {0};
    net.setSink((p, node) -> {
      assertThat(node).isEqualTo(n0);
      if (pk.flow(p) == 1) {
        lastA[0] = sim.now();
        deliveredA[0]++;
      } else {
        lastC[0] = sim.now();
      }
      pk.free(p);
    });
    for (int e = 0; e < t.linkCount(); e++) {
      assertThat(net.role(e)).isEqualTo(PortRole.DIRECT);
    }
    // transit: node 2 bursts s packets to node 0 at time 0 (straight into its port 2 -> 1)
    for (int j = 0; j < s; j++) {
      net.send(pk.allocate(2, 0, j, size, n2, n0, 0));
    }
    // host 1's own flow A (s packets to node 0) behind its NIC scheduler
    NicScheduler nic = new NicScheduler(net);
    int[] sent = {0};
    int handle = nic.register((id, now) -> {
      if (sent[0] == s) {
        return EgressSource.IDLE;
      }
      net.send(pk.allocate(1, 0, sent[0]++, size, n1, n0, now));
      return EgressSource.SENT;
    }, 0, n1);
    nic.activate(handle);
    sim.run(Long.MAX_VALUE, Long.MAX_VALUE);

    long ser = Time.serialization(size, rate);
    // A_i enters port 1 -> 0 at i·ser (one per serialization time: the NIC's line rate);
    // C_j arrives at node 1 at (j + 1)·ser + d. A alone keeps the port busy from 0 on, so the
    // port is never idle: its k-th packet in FIFO order leaves at (k + 1)·ser.
    int cBeforeLastA = 0;
    for (int j = 0; j < s; j++) {
      if ((j + 1) * ser + d < (s - 1) * ser) {
        cBeforeLastA++;
      }
    }
    assertThat(deliveredA[0]).isEqualTo(s);
    assertThat(lastA[0]).isEqualTo((s - 1 + cBeforeLastA + 1) * ser + d);
    // C's last packet arrives after A's last, so it is the 2s-th to leave port 1 -> 0
    assertThat(lastC[0]).isEqualTo(2L * s * ser + d);
    assertThat(net.totalDrops()).isZero();
    int port10 = -1;
    for (int e = t.firstLink(n1); e < t.firstLink(n1 + 1); e++) {
      if (t.target(e) == n0) {
        port10 = e;
      }
    }
    assertThat(net.bytesSent(port10)).isEqualTo(2L * s * size);
    assertThat(net.accounting().balanced()).isTrue();
  }
}
