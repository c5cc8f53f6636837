/** The packet pool with typed header fields, and the packet-kind registry (host demultiplexing). */
package org.fabriclab.sim.packet;
