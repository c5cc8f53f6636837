package org.fabriclab.sim.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.net.Accounting;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.transport.TransportSpec;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/**
 * IP multicast and switch aggregation at packet level on a fat-tree k=4 (16 hosts, 10 Gb/s):
 * the tree's links counted by hand, the message once on each of them, the packet books
 * conserved, the JCT that of the flow engine for a large message, and a lossy fabric on which a
 * multicast never completes and the run still ends.
 */
class InNetworkFatTreeTest {
  private static final Topology FT4 = new FatTree(4).build();
  private static final int N = 8;
  private static final long SIZE = 8L << 20;
  private static final long PACKETS = SIZE / 1024;
  private static final long WIRE = SIZE + PACKETS * 64;

  private final int[] hosts = Placement.CONTIGUOUS.hosts(FT4, N, 1);

  private PacketCollective prepare(CollectiveSchedule s, NetworkConfig net) {
    return new PacketCollective(FT4, new EcmpTable(FT4), s, hosts, TransportSpec.preset("rocev2", false), net,
        Progress.NONE);
  }

  private static NetworkConfig lossless() {
    return CollectiveRun.defaults(FT4, "packet", Placement.CONTIGUOUS, 1).network();
  }

  private CollectiveResult flow(CollectiveSchedule s) {
    return FlowCollective.run(FT4, new EcmpTable(FT4), s, hosts, 0, Framing.rocev2(), 1, Progress.NONE);
  }

  @Test
  void broadcastTreeHasFourteenLinksEachCarryingTheMessageOnce() {
    // ranks 0..7 on pods 0 and 1: host 0's uplink, host 1's downlink, edge0 -> agg, agg -> edge1
    // and its two hosts, agg -> core, core -> agg', agg' -> both edges of pod 1 and their four
    // hosts: 7 host downlinks + 1 uplink + 6 switch links = 14
    CollectiveSchedule s = new IpMulticast().build(CollectiveSpec.of(CollectiveOp.BROADCAST, N, SIZE));
    PacketCollective pc = prepare(s, lossless());
    CollectiveResult p = pc.run(Long.MAX_VALUE, Long.MAX_VALUE, 0, hosts);
    CollectiveResult f = flow(s);
    assertThat(p.linksUsed()).isEqualTo(f.linksUsed()).isEqualTo(14);
    assertThat(p.wireBytes()).isEqualTo(f.wireBytes()).isEqualTo(14 * SIZE);
    // no transport: the links carry the tree's packets and nothing else
    assertThat(p.linkBytes()).isEqualTo(14 * WIRE);
    assertThat(p.rootUplinkBytes()).isEqualTo(WIRE);
    assertThat(p.drops()).isZero();
    Network net = pc.simulation().network();
    assertThat(net.packetHops()).isEqualTo(14 * PACKETS);
    Accounting a = net.accounting();
    assertThat(a.injectedPackets()).isEqualTo(PACKETS);
    assertThat(a.deliveredPackets()).isEqualTo((N - 1) * PACKETS);
    assertThat(a.injectedPackets() + a.copiedPackets() + a.generatedPackets())
        .isEqualTo(a.deliveredPackets() + a.absorbedPackets() + a.droppedPackets() + a.inFlightPackets());
    assertThat(a.inFlightPackets()).isZero();
    assertThat(a.balanced()).isTrue();
    // every tree link at line rate, no sharing: the engines agree
    assertThat((double) p.jctPs() / f.jctPs()).isCloseTo(1.0, within(0.02));
  }

  @Test
  void switchReduceCarriesTheMessageOncePerTreeLinkAsTheFlowEngineDoes() {
    CollectiveSchedule s = new SwitchAggregation().build(CollectiveSpec.of(CollectiveOp.REDUCE, N, SIZE));
    PacketCollective pc = prepare(s, lossless());
    CollectiveResult p = pc.run(Long.MAX_VALUE, Long.MAX_VALUE, 0, hosts);
    CollectiveResult f = flow(s);
    assertThat(p.linksUsed()).isEqualTo(f.linksUsed());
    assertThat(p.wireBytes()).isEqualTo(f.wireBytes()).isEqualTo(p.linksUsed() * SIZE);
    // every source's uplink and every other tree link: the message once
    assertThat(p.linkBytes()).isEqualTo(p.linksUsed() * WIRE);
    Network net = pc.simulation().network();
    for (int r = 1; r < N; r++) {
      assertThat(net.bytesSent(FT4.firstLink(FT4.server(hosts[r])))).isEqualTo(WIRE);
    }
    Accounting a = net.accounting();
    assertThat(a.injectedPackets()).isEqualTo((N - 1) * PACKETS);
    assertThat(a.deliveredPackets()).isEqualTo(PACKETS);
    assertThat(a.absorbedPackets()).isEqualTo((N - 2) * PACKETS); // n - 1 streams become one
    assertThat(a.balanced()).isTrue();
    assertThat(a.inFlightPackets()).isZero();
    assertThat((double) p.jctPs() / f.jctPs()).isCloseTo(1.0, within(0.02));
  }

  @Test
  void pipelinedSwitchAllreduceMatchesTheFlowEngine() {
    CollectiveSchedule s = new SwitchAggregation().build(
        CollectiveSpec.of(CollectiveOp.ALLREDUCE, N, SIZE).withSegmentBytes(1 << 20));
    PacketCollective pc = prepare(s, lossless());
    CollectiveResult p = pc.run(Long.MAX_VALUE, Long.MAX_VALUE, 0, hosts);
    CollectiveResult f = flow(s);
    assertThat(p.wireBytes()).isEqualTo(f.wireBytes());
    assertThat(p.drops()).isZero();
    assertThat(pc.simulation().network().accounting().balanced()).isTrue();
    assertThat((double) p.jctPs() / f.jctPs()).isCloseTo(1.0, within(0.05));
  }

  @Test
  void multicastAllgatherCompletesLosslesslyNearTheFlowEngine() {
    CollectiveSchedule s = new IpMulticast().build(CollectiveSpec.of(CollectiveOp.ALLGATHER, 16, 16L << 20));
    int[] all = Placement.CONTIGUOUS.hosts(FT4, 16, 1);
    PacketCollective pc = new PacketCollective(FT4, new EcmpTable(FT4), s, all, TransportSpec.preset("rocev2", false),
        lossless(), Progress.NONE);
    CollectiveResult p = pc.run(Long.MAX_VALUE, Long.MAX_VALUE, 0, all);
    CollectiveResult f = FlowCollective.run(FT4, new EcmpTable(FT4), s, all, 0, Framing.rocev2(), 1, Progress.NONE);
    assertThat(p.jctPs()).isPositive();
    assertThat(p.drops()).isZero();
    assertThat(p.wireBytes()).isEqualTo(f.wireBytes());
    Accounting a = pc.simulation().network().accounting();
    // each host receives the 15 other blocks of 1 MiB
    assertThat(a.deliveredPackets()).isEqualTo(16L * 15 * 1024);
    assertThat(a.balanced()).isTrue();
    assertThat((double) p.jctPs() / f.jctPs()).isCloseTo(1.0, within(0.10));
  }

  @Test
  void aLossyFabricLeavesTheMulticastIncompleteAndTheRunEnds() {
    NetworkConfig lossy = PacketSimulation.benchmarkNetwork("rocev2", 1).withLoss(0.01);
    for (CollectiveSchedule s : new CollectiveSchedule[] {
        new IpMulticast().build(CollectiveSpec.of(CollectiveOp.BROADCAST, N, 1L << 20)),
        new SwitchAggregation().build(CollectiveSpec.of(CollectiveOp.REDUCE, N, 1L << 20))}) {
      PacketCollective pc = prepare(s, lossy);
      CollectiveResult r = pc.run(Long.MAX_VALUE, Long.MAX_VALUE, 0, hosts);
      assertThat(r.jctPs()).isEqualTo(-1);
      assertThat(r.drops()).isPositive();
      assertThat(r.retransmissions()).isZero();
      Accounting a = pc.simulation().network().accounting();
      assertThat(a.inFlightPackets()).isZero(); // the queue emptied: every packet left the network
      assertThat(a.balanced()).isTrue();
      assertThat(a.droppedPackets()).isEqualTo(r.drops());
    }
  }
}
