package org.fabriclab.sim.assembly;

import org.fabriclab.sim.net.SwitchElement;

/**
 * Makes the forwarding element of one node of a fabric being built. It sees the whole
 * {@link Fabric} (network, NIC schedulers, the transports already built and their packet-kind
 * handles), so an element that generates a transport's packets (a NACK, a CNP) takes the kinds from
 * the transport, never by name or offset. It may return one shared instance for many nodes (a
 * stateless element) or a new one per node.
 */
@FunctionalInterface
public interface ElementFactory {
  SwitchElement create(Fabric fabric, int node);
}
