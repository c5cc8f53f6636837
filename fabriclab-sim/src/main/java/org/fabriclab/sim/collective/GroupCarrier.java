package org.fabriclab.sim.collective;

import java.util.BitSet;

/**
 * The packet-level carrier of a schedule's multicasts and aggregations, made by a {@link
 * GroupBinding}: it owns the engine parts the groups travel on (switch elements, senders,
 * receivers, a transport of its own) and reports each node's completion to {@link
 * GroupBinding.Context#done()}.
 */
public interface GroupCarrier {
  /** Whether schedule node {@code node} is carried here. */
  boolean handles(int node);

  /** Starts node {@code node} now (its dependencies have completed). */
  void start(int node);

  /** Payload bytes times the links they crossed, over the nodes carried here. */
  long wireBytes();

  /** Directed links that carried payload of the nodes carried here. */
  BitSet usedLinks();

  /** Data packets sent again by the nodes carried here (0 for a carrier with no reliability). */
  default long retransmissions() {
    return 0;
  }
}
