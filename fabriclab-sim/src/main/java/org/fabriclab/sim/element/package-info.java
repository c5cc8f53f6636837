/**
 * Per-node forwarding elements ({@link org.fabriclab.sim.element.SwitchElement}): the default
 * ECMP/spray/source-route switch, a passive optical splitter, and the contract systems implement
 * to forward, replicate, rewrite, absorb or generate packets.
 */
package org.fabriclab.sim.element;
