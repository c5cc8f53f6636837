/**
 * The simulation engines. {@link org.fabriclab.sim.PacketSimulation} runs a flow trace
 * on any topology with the packet-level engine ({@code engine}: the (time, sequence)-ordered event
 * loop; {@code net}: ports, ECMP, spraying, source routes, trimming, priority, PFC;
 * {@code transport.tcp}: NewReno and DCTCP; {@code transport.ndp}; {@code transport.rocev2}: RC
 * queue pairs with DCQCN); {@link org.fabriclab.sim.flow.FlowLevelSimulation} runs it with max-min
 * fair rates; both fill the same {@link org.fabriclab.sim.probe.FlowRecords}.
 *
 * <p>Modelling decisions: FCT ends when the last byte reaches the receiver in order (handshake
 * included for TCP); a FIFO port's occupancy is its unsent bytes; host NICs are ports like any
 * other (FIFO, byte-bounded) except in NDP mode, where they neither trim nor drop.
 */
package org.fabriclab.sim;
