/**
 * Packet captures of packet-level runs: pcapng files with real Ethernet, IPv4, TCP and UDP headers
 * (RoCEv2: UDP 4791 + InfiniBand BTH) and simulated timestamps, filtered to a few flows, hosts or
 * ports ({@link org.fabriclab.sim.probe.pcap.CaptureFile}, {@link org.fabriclab.sim.probe.pcap.CaptureFilter}).
 * Format and header mapping: docs/formats.md.
 */
package org.fabriclab.sim.probe.pcap;
