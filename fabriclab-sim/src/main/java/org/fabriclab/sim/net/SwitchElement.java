package org.fabriclab.sim.net;

/**
 * A node's forwarding logic, bound to that node with {@link Network#setElement(int, SwitchElement)}
 * (htsim's switch pipeline: ingress lookup that knows the ingress port, then egress queue). The
 * network calls {@link #receive} for <em>every</em> packet at the node: packets its own host stack
 * injects ({@code inLink = -1}), transit packets, and packets addressed to the node.
 *
 * <p>The element must dispose of the packet exactly once, through the network's counted actions:
 * <ul>
 *   <li>{@link Network#forward(int, int)} — put it in an egress port's queue;
 *   <li>{@link Network#routeDefault(int, int)} — today's behaviour: ECMP / spray / source route,
 *       or {@link Network#deliverLocal(int, int)} when the node is the destination;
 *   <li>{@link Network#copy(int)} then forward each copy — replication (copies keep inLink, so
 *       PFC and the MMU charge them to the ingress port);
 *   <li>{@link Network#absorb(int)} — consume it (an aggregated ACK, a filtered frame);
 *   <li>{@link Network#generate} — create a new packet at the switch (a NACK, a CNP);
 *   <li>{@link Network#passThrough(int, int)} — a passive element: arrive at the link's far end
 *       after its propagation delay, no serialization, no queue (optical splitter);
 *   <li>header rewrites through {@link Network#packets()} setters before forwarding.
 * </ul>
 * Accounting then stays conserved: {@code injected + copied + generated = delivered + absorbed +
 * dropped + inFlight}, in packets and bytes ({@link Network#accounting()}).
 *
 * <p>A node without an element behaves as {@link #DEFAULT}; the network inlines that case, so the
 * default costs no virtual call.
 */
@FunctionalInterface
public interface SwitchElement {
  /**
   * Packet {@code packet} is at {@code node}, having arrived over {@code inLink} (-1: injected by
   * the node's own host stack).
   */
  void receive(Network net, int packet, int node, int inLink);

  /** Today's switch: deliver when the node is the destination, else ECMP / spray / source route. */
  SwitchElement DEFAULT = (net, p, node, inLink) -> net.routeDefault(p, node);
}
