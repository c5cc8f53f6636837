package org.fabriclab.sim.net;

/**
 * Sees every packet that arrives over a link, before the far end's element, delivery or routing
 * acts on it: the packet's last bit has reached the link's far end at the simulator's current
 * time (store-and-forward), with its header fields as the link carried them (an ECN mark set at
 * this link's queue included; the hop count not yet advanced). Packet captures use it
 * ({@code probe.pcap}). A tap only reads: it must neither change nor free the packet.
 */
@FunctionalInterface
public interface PacketTap {
  /** {@code packet} arrived over {@code link}. */
  void arrived(int packet, int link);
}
