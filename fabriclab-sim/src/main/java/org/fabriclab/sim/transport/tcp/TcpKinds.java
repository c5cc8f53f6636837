package org.fabriclab.sim.transport.tcp;

/**
 * The packet kinds of one {@link TcpTransport} on its network, as typed handles
 * ({@link TcpTransport#kinds()}), so code that observes its packets never looks them up by name.
 */
public record TcpKinds(int syn, int synack, int data, int ack) {}
