package org.fabriclab.shufflecast;

import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.Network;

/**
 * A network that carries the multicast groups of {@link ShufflecastMulticastRun}: the Shufflecast
 * splitter fabric or the comparison network of the same ToRs (seed 000_9b2589b0d55d7b52.txt §V).
 * Servers are nodes {@code 0..servers−1}, server {@code i} under ToR {@code i / serversPerTor}.
 */
interface MulticastFabric {
  /** Builds the topology with every server link at {@code capacityBps}. */
  Topology build(long capacityBps);

  /** Binds the fabric's elements to the network built on {@link #build}'s topology. */
  void attach(Network net);

  /**
   * Installs the forwarding state of {@code group} (≥ 1) from {@code source} to {@code members};
   * returns the time until it is in place, ps.
   */
  long join(int group, int source, int[] members);
}
