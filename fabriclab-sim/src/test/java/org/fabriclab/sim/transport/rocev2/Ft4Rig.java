package org.fabriclab.sim.transport.rocev2;

import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.host.NicScheduler;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.topology.fattree.FatTree;

/**
 * Test set-up shared by the RoCEv2 receiver tests: a fat-tree k = 4, 1 MiB port buffers, no ECN,
 * per-flow ECMP (seed 1), and an application-mode {@link Rocev2Transport} with configuration
 * {@code rc} on its own NIC scheduler.
 */
record Ft4Rig(Topology topo, Simulator sim, Network net, RcConfig rc, Rocev2Transport transport) {
  static final Topology FT4 = new FatTree(4).build();

  static Ft4Rig of(RcConfig rc) {
    Simulator sim = new Simulator();
    Network net = new Network(sim, FT4, new EcmpTable(FT4), new Packets(64),
        new NetworkConfig(1L << 20, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, 1));
    return new Ft4Rig(FT4, sim, net, rc, new Rocev2Transport(net, rc, new NicScheduler(net)));
  }
}
