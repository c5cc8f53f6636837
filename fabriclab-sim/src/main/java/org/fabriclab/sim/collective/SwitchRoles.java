package org.fabriclab.sim.collective;

import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;

/**
 * The fabric requirement of the in-network schemes that copy or combine packets in the switches
 * (IP multicast, switch aggregation): a circuit switch (an optical circuit switch, Shoal's
 * rack switches, seed 003 §3.2) forwards whole circuits and neither replicates nor aggregates, so
 * such a scheme cannot run on a fabric that has one. O(nodes) at worst.
 */
final class SwitchRoles {
  private SwitchRoles() {}

  /** Why {@code scheme} cannot run on {@code topo}, naming its first circuit switch, or null. */
  static String circuitSwitch(Topology topo, String scheme, String needs) {
    for (int v = 0; v < topo.nodeCount(); v++) {
      if (topo.role(v) == NodeRole.CIRCUIT_SWITCH) {
        return scheme + " " + needs + " in packet switches, and node " + v + " is a circuit switch"
            + " (it forwards circuits: no copies, no aggregation)";
      }
    }
    return null;
  }
}
