package org.fabriclab.sim.transport.norm;

/**
 * The packet kinds of one {@link NormMulticast} session on its network, as typed handles
 * ({@link NormMulticast#kinds()}), so code that observes its packets never looks them up by name.
 */
public record NormKinds(int data, int repair, int flush, int nack, int report, int ack) {}
