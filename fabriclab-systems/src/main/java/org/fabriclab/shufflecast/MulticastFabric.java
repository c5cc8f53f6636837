package org.fabriclab.shufflecast;

import org.fabriclab.graph.Topology;
import org.fabriclab.sim.assembly.ElementBinding;

/**
 * A network that carries the multicast groups of {@link ShufflecastMulticastRun}: the Shufflecast
 * splitter fabric or the comparison network of the same ToRs (seed 000_9b2589b0d55d7b52.txt §V).
 * Servers are nodes {@code 0..servers−1}, server {@code i} under ToR {@code i / serversPerTor}.
 */
interface MulticastFabric {
  /** Builds the topology with every server link at {@code capacityBps}. */
  Topology build(long capacityBps);

  /** The fabric's elements on {@link #build}'s topology, as a binding of its fabric description. */
  ElementBinding binding();

  /**
   * The control plane learns that group {@code group}'s members change from {@code before} to
   * {@code after} (source excluded); returns the time until the data plane can hold the new
   * state, ps. Nothing changes in the data plane until {@link #install}.
   */
  long update(int group, int source, int[] before, int[] after);

  /** Puts the forwarding state of {@code group} (≥ 1) for exactly {@code members} in place. */
  void install(int group, int source, int[] members);

  /**
   * Installs the forwarding state of {@code group} (≥ 1) from {@code source} to {@code members};
   * returns the time until it is in place, ps (the data plane holds it at once).
   */
  default long join(int group, int source, int[] members) {
    long ps = update(group, source, new int[0], members);
    install(group, source, members);
    return ps;
  }
}
