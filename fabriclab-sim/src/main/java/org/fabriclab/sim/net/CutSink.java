package org.fabriclab.sim.net;

/**
 * Where a partitioned network sends a packet that leaves over a cut link, one whose far end belongs
 * to another logical process ({@code sim.parallel}): instead of scheduling the packet's arrival in
 * this network's simulator, the port hands it here with the time it reaches the far end
 * ({@link Network#setCut}). The sink copies what it needs ({@link
 * org.fabriclab.sim.packet.Packets#export}) before returning; the network then frees the packet.
 */
public interface CutSink {
  /** Packet {@code p} reaches the far end of {@code link} at {@code arrivalPs}. */
  void depart(int p, int link, long arrivalPs);

  /**
   * A PFC PAUSE ({@code on} = 1) or RESUME ({@code on} = 0) frame reaches the upstream port of
   * {@code link} (the link's tail, in the other logical process) at {@code atPs}.
   */
  void pause(int link, int on, long atPs);
}
