package org.fabriclab.sim.net;

/** Where the network hands a packet that reached its destination node; the sink frees it. */
@FunctionalInterface
public interface PacketSink {
  void deliver(int packet, int node);
}
