package org.fabriclab.sim.collective;

import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.transport.TransportSpec;

/**
 * A non-blocking star (every host on one switch) and the α–β (Hockney) cost of one message on it,
 * derived from the link parameters alone: a message of {@code s} payload bytes crosses two links
 * of rate {@code B} and delay {@code d}, so it takes {@code α + w(s)·8/B} with {@code w(s)} its
 * bytes on the wire (payload and one 64 B header per 1024 B packet) and {@code α = 2d + p·8/B},
 * {@code p} its largest packet: the propagation of both links and the store-and-forward of the
 * last packet at the switch.
 */
final class Star {
  static final long GBPS = 10_000_000_000L;
  static final long DELAY_PS = 1_000_000L;

  final Topology topo;
  final EcmpTable ecmp;
  final int hosts;

  Star(int hosts) {
    this.hosts = hosts;
    TopologyBuilder b = new TopologyBuilder("star", "hosts=" + hosts, hosts + 1, 2 * hosts);
    b.defaults(GBPS, DELAY_PS);
    b.addNodes(NodeRole.SERVER, hosts);
    int sw = b.addNode(NodeRole.PACKET_SWITCH);
    for (int i = 0; i < hosts; i++) {
      b.addCable(i, sw);
    }
    topo = b.build();
    ecmp = new EcmpTable(topo);
  }

  static long wire(long s) {
    return s + (s + 1023) / 1024 * 64;
  }

  /** Hockney time of one message of {@code s} payload bytes, in ps. */
  static double message(long s) {
    long pkt = Math.min(s, 1024) + 64;
    return 2.0 * DELAY_PS + pkt * 8e12 / GBPS + wire(s) * 8e12 / GBPS;
  }

  int[] contiguous(int ranks) {
    return Placement.CONTIGUOUS.hosts(topo, ranks, 1);
  }

  CollectiveResult flow(CollectiveSchedule s, int root) {
    return FlowCollective.run(topo, ecmp, s, contiguous(s.ranks()), root, Framing.rocev2(), 1, Progress.NONE);
  }

  CollectiveResult packet(CollectiveSchedule s, int root) {
    int[] h = contiguous(s.ranks());
    return prepare(s).run(Long.MAX_VALUE, Long.MAX_VALUE, root, h);
  }

  /** A packet-level run of {@code s} with the ranks on hosts 0.., not started yet. */
  PacketCollective prepare(CollectiveSchedule s) {
    return prepare(s, PacketSimulation.benchmarkNetwork("rocev2", 1));
  }

  /** The same on a network of {@code net}. */
  PacketCollective prepare(CollectiveSchedule s, NetworkConfig net) {
    return new PacketCollective(topo, ecmp, s, contiguous(s.ranks()), TransportSpec.preset("rocev2", false),
        net, Progress.NONE);
  }

  /** The link from host {@code h} to the switch. */
  int uplink(int h) {
    return topo.firstLink(topo.server(h));
  }

  /** The link from the switch to host {@code h}. */
  int downlink(int h) {
    return topo.reverse(uplink(h));
  }
}
