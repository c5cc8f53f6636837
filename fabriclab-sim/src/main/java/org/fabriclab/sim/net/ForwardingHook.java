package org.fabriclab.sim.net;

/**
 * A switch-level hook consulted before unicast routing: a model (a multicast switch, say) may take
 * the packet, replicate it with {@link Packets#copy(int)} and {@link Network#enqueue(int, int)}
 * the copies on several ports. Return {@code true} when the packet was taken.
 */
@FunctionalInterface
public interface ForwardingHook {
  boolean forward(Network net, int packet, int node);
}
