/**
 * Transports: the common interface and the open {@link org.fabriclab.sim.transport.TransportSpec};
 * each protocol in its own subpackage with its spec, its presets (a {@code ServiceLoader}
 * provider) and its typed packet-kind handles. This package names none of its subpackages.
 */
package org.fabriclab.sim.transport;
