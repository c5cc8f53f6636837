/** Transports: the common interface; each protocol in its own subpackage. */
package org.fabriclab.sim.transport;
