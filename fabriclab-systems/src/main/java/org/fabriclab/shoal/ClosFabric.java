package org.fabriclab.shoal;

import org.fabriclab.error.InvalidParameterException;

/**
 * Shoal's physical fabric (seed 003 §3.2, Fig. 2): k-port circuit switches in a two-stage Clos.
 * k leaves with k/2 node ports (ports 0..k/2−1) and k/2 uplinks (ports k/2..k−1, uplink s to
 * spine s); k/2 spines with k ports (port ℓ to leaf ℓ); N = k²/2 nodes, node i on leaf i/(k/2)
 * port i mod (k/2). Every cell crosses leaf → spine → leaf, also between nodes of one leaf. One
 * such plane per channel (§3.4). Immutable, O(1) per query.
 */
public final class ClosFabric {
  private final int switchPorts;
  private final int nodes;

  public ClosFabric(int nodes, int switchPorts) {
    if (switchPorts < 2 || switchPorts % 2 != 0 || switchPorts > 2048) {
      throw new InvalidParameterException("--switch-ports", switchPorts, "must be even, 2..2048");
    }
    int n = switchPorts * switchPorts / 2;
    if (nodes != n) {
      throw new InvalidParameterException("--nodes", "invalid --nodes = " + nodes
          + ": a two-stage Clos of " + switchPorts + "-port switches connects k²/2 = " + n + " nodes");
    }
    this.switchPorts = switchPorts;
    this.nodes = nodes;
  }

  /** The port count k whose Clos connects exactly {@code nodes} = k²/2 nodes, or -1. */
  public static int portsFor(int nodes) {
    int k = (int) Math.round(Math.sqrt(2.0 * nodes));
    return k % 2 == 0 && k * k / 2 == nodes ? k : -1;
  }

  public int switchPorts() {
    return switchPorts;
  }

  public int nodes() {
    return nodes;
  }

  /** Nodes (and uplinks) per leaf, k/2. */
  public int half() {
    return switchPorts / 2;
  }

  public int leaves() {
    return switchPorts;
  }

  public int spines() {
    return switchPorts / 2;
  }

  public int leafOf(int node) {
    return node / half();
  }

  public int portOf(int node) {
    return node % half();
  }

  /** Switches per channel plane: k leaves + k/2 spines (6 for the 8-node prototype, 48 for 512). */
  public int switchesPerPlane() {
    return leaves() + spines();
  }
}
