package org.fabriclab.sim.net;

import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;

/**
 * What an output port is, decided per port from the topology (not per network): a host's NIC
 * (server to switch), a direct-connect node's port (server to server: torus, server-centric
 * fabrics), a switch port, or a passive splitter output. With explicit queues, host NICs neither
 * drop, mark nor trim (their host's scheduler keeps them short); the other roles behave as switch
 * ports (drop-tail at the buffer, ECN, trimming, PFC). A splitter output has no queue at all: the
 * one transmission upstream reaches every output after the fibre delay.
 */
public enum PortRole {
  HOST_NIC,
  DIRECT,
  SWITCH,
  SPLITTER;

  /** The role of every directed link of {@code t}, indexed by link. O(links). */
  public static PortRole[] of(Topology t) {
    PortRole[] r = new PortRole[t.linkCount()];
    for (int u = 0; u < t.nodeCount(); u++) {
      for (int e = t.firstLink(u); e < t.firstLink(u + 1); e++) {
        int v = t.target(e);
        if (t.role(u) == NodeRole.OPTICAL_SPLITTER) {
          r[e] = SPLITTER;
        } else if (t.isServer(u)) {
          r[e] = t.isServer(v) ? DIRECT : HOST_NIC;
        } else {
          r[e] = SWITCH;
        }
      }
    }
    return r;
  }
}
