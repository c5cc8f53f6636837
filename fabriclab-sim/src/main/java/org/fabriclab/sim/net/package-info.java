/** Simulated networks built from a topology: ports, queues, ECMP next hops, source routes, hooks. */
package org.fabriclab.sim.net;
