package org.fabriclab.sim.host;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.sim.transport.rocev2.Rocev2Transport;
import org.fabriclab.sim.transport.tcp.Dctcp;
import org.fabriclab.sim.transport.tcp.TcpConfig;
import org.fabriclab.sim.transport.tcp.TcpTransport;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/** Two transports on one network at once, demultiplexed by packet kind (no collisions). */
class SharedNetworkTest {
  static final Topology FT4 = new FatTree(4).build();

  static FlowTrace one(int src, int dst, long size) {
    return new FlowTrace(new long[] {0}, new int[] {src}, new int[] {dst}, new long[] {0},
        new long[] {size});
  }

  @Test
  void tcpAndRoceShareANetworkAndEachRunsAsAlone() {
    // pod 0 talks TCP, pod 3 RoCEv2: disjoint paths, so each flow's FCT is its lone run's FCT
    FlowTrace tcpTrace = one(0, 2, 200_000);
    FlowTrace roceTrace = one(12, 14, 200_000);
    long tcpAlone = PacketSimulation.benchmark(FT4, tcpTrace, "dctcp", false, 1, Progress.NONE)
        .run(Long.MAX_VALUE, Long.MAX_VALUE).flows().fctPs(0);
    long roceAlone = PacketSimulation.benchmark(FT4, roceTrace, "rocev2", false, 1, Progress.NONE)
        .run(Long.MAX_VALUE, Long.MAX_VALUE).flows().fctPs(0);

    Simulator sim = new Simulator();
    Network net = new Network(sim, FT4, new EcmpTable(FT4), new Packets(256),
        NetworkConfig.dctcpBenchmark(1));
    TcpConfig tc = TcpConfig.benchmark(false);
    FlowRecords tcpRec = new FlowRecords(tcpTrace);
    FlowRecords roceRec = new FlowRecords(roceTrace);
    TcpTransport tcp = new TcpTransport(net, tc, new Dctcp(tc), tcpTrace, tcpRec, Progress.NONE);
    Rocev2Transport roce = new Rocev2Transport(net, RcConfig.defaults(), new NicScheduler(net),
        roceTrace, roceRec, Progress.NONE);
    tcp.setStopWhenDone(false);
    roce.setStopWhenDone(false);
    tcp.begin();
    roce.begin();
    sim.run(Time.seconds(1), Long.MAX_VALUE);
    assertThat(net.kinds().size()).isEqualTo(8);
    assertThat(net.kinds().name(0)).isEqualTo("tcp.SYN");
    assertThat(net.kinds().name(4)).isEqualTo("rocev2.DATA");
    // each transport's typed handles name its own kinds in the shared registry
    assertThat(net.kinds().name(tcp.kinds().ack())).isEqualTo("tcp.ACK");
    assertThat(net.kinds().name(roce.kinds().data())).isEqualTo("rocev2.DATA");
    assertThat(net.kinds().name(roce.kinds().cnp())).isEqualTo("rocev2.CNP");
    assertThat(net.kinds().kind("rocev2.NACK")).isEqualTo(roce.kinds().nack()).isEqualTo(6);
    assertThat(roce.kinds().contains(tcp.kinds().data())).isFalse();
    assertThat(tcpRec.fctPs(0)).isEqualTo(tcpAlone);
    assertThat(roceRec.fctPs(0)).isEqualTo(roceAlone);
    // and the lone RoCE run is the closed form: 195 packets of 1024 + 64 B and one of 320 + 64 B
    // leave the NIC back to back (line rate at start) over 4 hops of 10 Gb/s, 1 µs links (hosts
    // 12 and 14 sit on different edges of pod 3). The short last packet catches up with the full
    // one before it at every store-and-forward hop, so it ends one short serialization after the
    // last full packet has crossed all 4 hops
    long rate = 10_000_000_000L;
    long full = Time.serialization(1088, rate);
    long closed = 195 * full + Time.us(1) + 3 * (full + Time.us(1))
        + Time.serialization(384, rate);
    assertThat(roceAlone).isEqualTo(closed);
    assertThat(net.accounting().balanced()).isTrue();
  }
}
