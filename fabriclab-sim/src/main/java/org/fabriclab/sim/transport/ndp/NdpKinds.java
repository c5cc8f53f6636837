package org.fabriclab.sim.transport.ndp;

/**
 * The packet kinds of one {@link NdpTransport} on its network, as typed handles
 * ({@link NdpTransport#kinds()}), so code that observes its packets never looks them up by name.
 */
public record NdpKinds(int data, int ack, int nack, int pull) {}
