/**
 * A simulated fabric described, not wired: a {@link org.fabriclab.sim.assembly.FabricDescription}
 * is a topology plus bindings (node set → element factory, the ports' queue discipline and buffers,
 * switch latency, transports handing out typed packet-kind handles, probes), and builds the
 * {@link org.fabriclab.sim.assembly.Fabric}. Systems contribute bindings (their switch elements,
 * relays, aggregators); the engine names no system and installs nothing by role on its own
 * (docs/design-notes.md, "Assembly").
 */
package org.fabriclab.sim.assembly;
