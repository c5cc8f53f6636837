/** NDP end hosts: pulls, NACKs, trimming-aware retransmission. */
package org.fabriclab.sim.transport.ndp;
