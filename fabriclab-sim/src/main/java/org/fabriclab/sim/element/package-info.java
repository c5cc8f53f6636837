/**
 * Per-node forwarding elements ({@link org.fabriclab.sim.element.SwitchElement}): the default
 * ECMP/spray/source-route switch, a passive optical splitter, IP multicast replication along
 * installed trees ({@link org.fabriclab.sim.element.MulticastReplication}, RFC 1112), streaming
 * aggregation of several senders' packets ({@link org.fabriclab.sim.element.StreamAggregation},
 * SHARP), and the contract systems implement to forward, replicate, rewrite, absorb or generate
 * packets.
 */
package org.fabriclab.sim.element;
