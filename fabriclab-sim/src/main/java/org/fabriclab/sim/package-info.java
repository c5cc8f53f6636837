/** Simulation engines (packet-level and flow-level); filled by the engine issue. */
package org.fabriclab.sim;
