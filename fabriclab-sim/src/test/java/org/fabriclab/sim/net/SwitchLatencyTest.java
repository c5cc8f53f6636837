package org.fabriclab.sim.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/**
 * The optional switch latency of the element pipeline (htsim: ingress lookup → latency → egress
 * queue): it adds once per switch on the path and does not cut a switch's throughput.
 */
class SwitchLatencyTest {
  static final Topology FT4 = new FatTree(4).build();

  /** Arrival times at the receiver of {@code n} back-to-back 1500 B packets from host 0 to 15. */
  static long[] arrivals(int n, java.util.function.Consumer<Network> setup) {
    Simulator sim = new Simulator();
    Packets pk = new Packets(64);
    Network net = new Network(sim, FT4, new EcmpTable(FT4), pk, NetworkConfig.dctcpBenchmark(1));
    setup.accept(net);
    long[] at = new long[n];
    int[] k = {0};
    net.setSink((p, node) -> {
      at[k[0]++] = sim.now();
      pk.free(p);
    });
    for (int i = 0; i < n; i++) {
      net.send(pk.allocate(0, 0, i, 1500, FT4.server(0), FT4.server(15), 0));
    }
    sim.run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertThat(k[0]).isEqualTo(n);
    assertThat(net.accounting().balanced()).isTrue();
    return at;
  }

  @Test
  void latencyAddsOncePerSwitchAndKeepsTheLineRate() {
    long rate = FT4.capacityBps(0);
    long d = FT4.delayPs(0);
    long ser = Time.serialization(1500, rate);
    long lat = Time.ns(500);
    // across pods: 6 links, 5 switches (edge, aggregation, core, aggregation, edge)
    long[] base = arrivals(3, n -> { });
    assertThat(base[0]).isEqualTo(6 * (ser + d));
    long[] slow = arrivals(3, n -> n.setSwitchLatencyPs(lat));
    for (int i = 0; i < 3; i++) {
      // store-and-forward pipeline: packet i leaves the host at i·ser behind the others, and the
      // latency delays every packet alike, so the spacing stays one serialization time
      assertThat(slow[i]).isEqualTo(6 * (ser + d) + 5 * lat + i * ser);
    }
    // only the sender's edge switch: once
    int edge = FT4.target(FT4.firstLink(FT4.server(0)));
    long[] one = arrivals(1, n -> n.setSwitchLatencyPs(edge, lat));
    assertThat(one[0]).isEqualTo(6 * (ser + d) + lat);
    // latency 0 is the engine without the stage
    long[] zero = arrivals(1, n -> n.setSwitchLatencyPs(0));
    assertThat(zero[0]).isEqualTo(base[0]);
  }
}
