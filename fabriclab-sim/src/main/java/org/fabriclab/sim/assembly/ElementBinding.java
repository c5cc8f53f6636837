package org.fabriclab.sim.assembly;

import org.fabriclab.graph.NodeRole;
import org.fabriclab.sim.element.SplitterElement;

/**
 * Node set → element factory: every node of {@code nodes} forwards with the element
 * {@code factory} makes for it. Bindings apply in the order the description lists them; a later
 * binding replaces an earlier one on the nodes they share. A node no binding covers runs the
 * engine's default element (ECMP / spray / source routes).
 */
public record ElementBinding(NodeSet nodes, ElementFactory factory) {
  /**
   * The passive optical splitter on every {@code OPTICAL_SPLITTER} node (Shufflecast, seed
   * 000_9b2589b0d55d7b52.txt §III-A1): one stateless {@link SplitterElement} shared by all of them.
   * Its output ports are {@code SPLITTER} ports, which have no queue (the network decides that
   * from the topology, per port).
   */
  public static ElementBinding splitters() {
    SplitterElement splitter = new SplitterElement();
    return new ElementBinding(NodeSet.role(NodeRole.OPTICAL_SPLITTER), (f, u) -> splitter);
  }
}
