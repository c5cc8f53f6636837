package org.fabriclab.sim.element;

import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.SwitchElement;
import org.fabriclab.sim.packet.Packets;

/**
 * A passive optical splitter (Shufflecast, seed 000_9b2589b0d55d7b52.txt §III-A1): one
 * transmitter upstream, and its light reaches every output after the fibre's propagation delay —
 * no second serialization, no queue ({@link Network#passThrough}).
 *
 * <p>Decision (the paper has no packet-level receiver rule): a multicast packet (group ≠ 0) is
 * copied to every output and each receiving node's element decides what to keep; a unicast packet
 * continues only on the output towards its destination (ECMP over the one-way links), since every
 * other receiver would discard a frame not addressed to it — those discarded copies are not
 * simulated. Bound to every {@code OPTICAL_SPLITTER} node by {@code ElementBinding.splitters()}
 * (package {@code sim.assembly}); the network installs no element by role. O(outputs).
 */
public final class SplitterElement implements SwitchElement {
  @Override
  public void receive(Network net, int p, int node, int inLink) {
    Packets pk = net.packets();
    Topology t = net.topology();
    if (pk.group(p) != 0) {
      int first = t.firstLink(node);
      int end = t.firstLink(node + 1);
      if (end == first) {
        net.drop(p);
        return;
      }
      for (int e = first + 1; e < end; e++) {
        net.passThrough(net.copy(p), e);
      }
      net.passThrough(p, first);
      return;
    }
    int link = net.ecmp().nextLink(node, pk.dst(p), net.routeChoice(p, node));
    if (link < 0) {
      net.drop(p);
    } else {
      net.passThrough(p, link);
    }
  }
}
