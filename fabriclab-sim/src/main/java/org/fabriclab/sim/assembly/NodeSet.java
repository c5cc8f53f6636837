package org.fabriclab.sim.assembly;

import java.util.Arrays;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;

/**
 * The nodes a binding of a {@link FabricDescription} applies to: every node of a role, an explicit
 * list, or any predicate over the topology (labels, degree). Evaluated once per node when the
 * fabric is built, never per packet.
 */
@FunctionalInterface
public interface NodeSet {
  /** Whether {@code node} of {@code topo} belongs to the set. */
  boolean contains(Topology topo, int node);

  /** Every node of role {@code role}. */
  static NodeSet role(NodeRole role) {
    return (t, u) -> t.role(u) == role;
  }

  /** Exactly the nodes {@code nodes} (node ids of the topology). */
  static NodeSet nodes(int... nodes) {
    int[] sorted = nodes.clone();
    Arrays.sort(sorted);
    return (t, u) -> Arrays.binarySearch(sorted, u) >= 0;
  }

  /**
   * The switches that process packets: packet, circuit and converter switches, not servers nor
   * passive splitters (the nodes {@code Network.setSwitchLatencyPs(long)} covers).
   */
  static NodeSet activeSwitches() {
    return (t, u) -> t.role(u) != NodeRole.SERVER && t.role(u) != NodeRole.OPTICAL_SPLITTER;
  }

  /** Every node that is not a server (packet, circuit and converter switches, splitters). */
  static NodeSet switches() {
    return (t, u) -> !t.isServer(u);
  }
}
