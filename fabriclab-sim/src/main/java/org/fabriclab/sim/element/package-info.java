/**
 * Per-node forwarding elements, implementations of the network's contract
 * {@link org.fabriclab.sim.net.SwitchElement} (this package depends on {@code net}, never the
 * reverse): a passive optical splitter, IP multicast replication along installed trees
 * ({@link org.fabriclab.sim.element.MulticastReplication}, RFC 1112) and streaming aggregation of
 * several senders' packets ({@link org.fabriclab.sim.element.StreamAggregation}, SHARP). Which
 * element runs on which node is a binding of a {@code sim.assembly} description.
 */
package org.fabriclab.sim.element;
