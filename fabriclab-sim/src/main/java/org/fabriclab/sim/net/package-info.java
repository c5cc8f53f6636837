/**
 * Simulated networks built from a topology: ports, queues, ECMP next hops, source routes, and the
 * per-node element contract ({@link org.fabriclab.sim.net.SwitchElement}) that elements implement
 * elsewhere; which element runs on which node is bound from outside ({@code sim.assembly}).
 */
package org.fabriclab.sim.net;
