package org.fabriclab.gleam.dataplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.fabriclab.gleam.PacketBcast;
import org.fabriclab.gleam.PacketGroupBcast;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveResult;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveRun;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSchemes;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.fabriclab.sim.collective.Placement;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.transport.TransportSpec;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/**
 * The {@code gleam} scheme against closed forms on a star (the α–β cost of one message from the
 * link parameters) and against the {@code gleam bcast} harnesses ({@link PacketGroupBcast}, {@link
 * PacketBcast}), an independent path through the same Gleam elements.
 */
class GleamSchemeTest {
  private static final long GBPS = 10_000_000_000L;
  private static final long DELAY_PS = 1_000_000L;
  private static final long MIB8 = 8L << 20;

  /** 8 hosts (nodes 0..7) on one switch, 10 Gb/s, 1 µs. */
  private static Topology star(int hosts) {
    TopologyBuilder b = new TopologyBuilder("star", "hosts=" + hosts, hosts + 1, 2 * hosts);
    b.defaults(GBPS, DELAY_PS);
    b.addNodes(NodeRole.SERVER, hosts);
    int sw = b.addNode(NodeRole.PACKET_SWITCH);
    for (int i = 0; i < hosts; i++) {
      b.addCable(i, sw);
    }
    return b.build();
  }

  /** Payload plus one 64 B header per 1024 B packet. */
  private static long wire(long s) {
    return s + (s + 1023) / 1024 * 64;
  }

  /** Hockney time of one message on the star: two links' delay, one packet's store-and-forward, the wire bytes. */
  private static double message(long s) {
    long pkt = Math.min(s, 1024) + 64;
    return 2.0 * DELAY_PS + pkt * 8e12 / GBPS + wire(s) * 8e12 / GBPS;
  }

  private static final CollectiveSchemes SCHEMES = CollectiveSchemes.load();

  private static CollectiveResult run(CollectiveRun run, String scheme, CollectiveSpec spec) {
    CollectiveScheme sc = SCHEMES.get(scheme);
    return run.run(sc, spec, Placement.CONTIGUOUS.hosts(run.topo(), spec.ranks(), run.seed()), Progress.NONE);
  }

  /** The harness's network: 16 MiB ports, no ECN, no PFC, per-flow ECMP. */
  private static CollectiveRun harnessNetwork(Topology topo, long seed) {
    return new CollectiveRun(topo, "packet", Placement.CONTIGUOUS, TransportSpec.preset("rocev2", false),
        new NetworkConfig(16L << 20, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, seed), seed);
  }

  @Test
  void registeredWithBothEngines() {
    CollectiveScheme sc = SCHEMES.get("gleam");
    assertThat(sc).isInstanceOf(GleamScheme.class);
    assertThat(sc.ops()).containsExactlyInAnyOrder(CollectiveOp.BROADCAST, CollectiveOp.ALLGATHER);
    assertThat(sc.engines()).containsExactlyInAnyOrder("packet", "flow");
  }

  @Test
  void starBroadcastTakesOneMessageTimeAndTheRootSendsOnce() {
    Topology topo = star(8);
    CollectiveResult r = run(CollectiveRun.defaults(topo, "packet", Placement.CONTIGUOUS, 1), "gleam",
        CollectiveSpec.of(CollectiveOp.BROADCAST, 8, MIB8));
    assertThat((double) r.jctPs()).isCloseTo(message(MIB8), within(0.02 * message(MIB8)));
    assertThat(r.rootUplinkBytes()).isEqualTo(wire(MIB8));
    assertThat(r.wireBytes()).isEqualTo(8 * MIB8); // the tree: the root's uplink and 7 downlinks
    assertThat(r.linksUsed()).isEqualTo(8);
    assertThat(r.retransmissions()).isZero();
    assertThat(r.drops()).isZero();
  }

  @Test
  void starBroadcastEqualsTheGleamBcastHarness() {
    Topology topo = star(8);
    int[] members = {0, 1, 2, 3, 4, 5, 6, 7};
    CollectiveResult r = run(harnessNetwork(topo, 3), "gleam", CollectiveSpec.of(CollectiveOp.BROADCAST, 8, MIB8));
    PacketGroupBcast.Result h = PacketGroupBcast.run("gleam", topo, members, MIB8, 0, 3, List.of(), false);
    assertThat(r.jctPs()).isEqualTo(h.jctPs());
    assertThat(r.rootUplinkBytes()).isEqualTo(h.sourceTxBytes());
    // the receiver-side harness stops at the last receiver's last byte: the aggregated ACK's way back
    // is two hops of a 64 B ACK (the receivers' ACKs reach the switch together)
    PacketBcast.Result last = PacketBcast.run("gleam", topo, 0, new int[] {1, 2, 3, 4, 5, 6, 7}, MIB8, 0,
        List.of(), 3);
    long ackHop = Time.serialization(64, GBPS) + DELAY_PS;
    assertThat(r.jctPs() - last.jctPs()).isEqualTo(2 * ackHop);
  }

  @Test
  void fatTreeBroadcastEqualsTheGleamBcastHarness() {
    Topology topo = new FatTree(4).build();
    int[] members = new int[16];
    for (int i = 0; i < 16; i++) {
      members[i] = i;
    }
    long size = 1L << 20;
    CollectiveResult r = run(harnessNetwork(topo, 5), "gleam", CollectiveSpec.of(CollectiveOp.BROADCAST, 16, size));
    PacketGroupBcast.Result h = PacketGroupBcast.run("gleam", topo, members, size, 0, 5, List.of(), false);
    assertThat(r.jctPs()).isEqualTo(h.jctPs());
    assertThat(r.rootUplinkBytes()).isEqualTo(h.sourceTxBytes()).isEqualTo(wire(size));
  }

  @Test
  void fatTreeBroadcastEndsOneAggregatedAckAfterIpMulticast() {
    // both replicate at line rate along shortest-path trees, so the farthest receivers (6 hops away
    // in another pod) hold the last byte at the same time; Gleam completes when the aggregated ACK
    // has come back those 6 hops, a 64 B packet each
    Topology topo = new FatTree(4).build();
    CollectiveRun run = CollectiveRun.defaults(topo, "packet", Placement.CONTIGUOUS, 1);
    CollectiveSpec spec = CollectiveSpec.of(CollectiveOp.BROADCAST, 16, 1L << 20);
    long ackHop = Time.serialization(64, topo.capacityBps(0)) + topo.delayPs(0);
    assertThat(run(run, "gleam", spec).jctPs() - run(run, "ipmulticast", spec).jctPs()).isEqualTo(6 * ackHop);
  }

  @Test
  void multicastsAndUnicastTransfersShareTheNetwork() {
    // a Gleam multicast 0 -> {1, 2, 3}, a concurrent transfer 4 -> 5 on disjoint links, and a
    // transfer 1 -> 6 once the multicast is done: the two RoCEv2 transports (the run's and
    // Gleam's) on one network, one NIC scheduler
    Topology topo = star(8);
    long mib = 1L << 20;
    CollectiveSchedule s = new CollectiveSchedule(8);
    int mc = s.multicast(0, new int[] {1, 2, 3}, mib);
    int side = s.transfer(4, 5, 2 * mib);
    int after = s.transfer(1, 6, mib, mc);
    CollectiveResult r = CollectiveRun.defaults(topo, "packet", Placement.CONTIGUOUS, 1)
        .run(s, 0, new int[] {0, 1, 2, 3, 4, 5, 6, 7}, new GleamScheme().packetBinding(), Progress.NONE);
    long ackHop = Time.serialization(64, GBPS) + DELAY_PS;
    long[] end = r.nodeEndPs();
    assertThat((double) end[mc]).isCloseTo(message(mib) + 2 * ackHop, within(0.01 * message(mib)));
    assertThat((double) end[side]).isCloseTo(message(2 * mib), within(0.01 * message(2 * mib)));
    assertThat((double) (end[after] - end[mc])).isCloseTo(message(mib), within(0.01 * message(mib)));
    assertThat(r.jctPs()).isEqualTo(end[after]);
    assertThat(r.retransmissions()).isZero();
  }

  @Test
  void lossyFatTreeBroadcastCompletesByRetransmission() {
    Topology topo = new FatTree(4).build();
    NetworkConfig lossy = PacketSimulation.benchmarkNetwork("rocev2", 7).withLoss(1e-3);
    CollectiveRun run = new CollectiveRun(topo, "packet", Placement.CONTIGUOUS, TransportSpec.preset("rocev2", false),
        lossy, 7);
    CollectiveSpec spec = CollectiveSpec.of(CollectiveOp.BROADCAST, 16, 1L << 20);
    CollectiveResult g = run(run, "gleam", spec);
    assertThat(g.jctPs()).isPositive();
    assertThat(g.drops()).isPositive();
    assertThat(g.retransmissions()).isPositive();
    CollectiveResult ip = run(run, "ipmulticast", spec);
    assertThat(ip.drops()).isPositive();
    assertThat(ip.jctPs()).isEqualTo(-1); // no reliability: a lost packet is never repaired
  }

  @Test
  void flowEngineBroadcastIsOneMessageTime() {
    Topology topo = star(8);
    CollectiveSpec spec = CollectiveSpec.of(CollectiveOp.BROADCAST, 8, MIB8);
    CollectiveResult r = run(CollectiveRun.defaults(topo, "flow", Placement.CONTIGUOUS, 1), "gleam", spec);
    assertThat((double) r.jctPs()).isCloseTo(message(MIB8), within(1e-6 * message(MIB8)));
    assertThat(r.rootUplinkBytes()).isEqualTo(wire(MIB8));
  }

  @Test
  void starAllgatherCarriesEveryBlockOncePerTreeLink() {
    Topology topo = star(8);
    CollectiveSpec spec = CollectiveSpec.of(CollectiveOp.ALLGATHER, 8, MIB8);
    long block = spec.blockBytes();
    CollectiveResult r = run(CollectiveRun.defaults(topo, "packet", Placement.CONTIGUOUS, 1), "gleam", spec);
    assertThat(r.jctPs()).isPositive();
    assertThat(r.wireBytes()).isEqualTo(8 * 8 * block); // 8 groups, each tree 1 uplink + 7 downlinks
    // each downlink carries the 7 other blocks: no faster than their wire time
    assertThat((double) r.jctPs()).isGreaterThan(wire(7 * block) * 8e12 / GBPS);
    assertThat(r.retransmissions()).isZero();
  }

  @Test
  void refusesAFabricOfOpticalSplitters() {
    Topology sc = org.fabriclab.topology.TopologyFamilies.load().build("shufflecast",
        java.util.Map.of("p", "2", "k", "2", "seed", "1"));
    CollectiveScheme g = CollectiveSchemes.load().get("gleam");
    assertThat(g.unsupported(sc, null)).contains("packet switches").contains("optical-splitter");
    assertThat(g.unsupported(new FatTree(4).build(), null)).isNull();
  }
}
