package org.fabriclab.sim.net;

import org.fabriclab.sim.packet.Packets;

/**
 * Replication-aware packet and byte accounting of a network. Packets enter by being injected by a
 * host, copied by an element, or generated at a switch; they leave by delivery to a host stack,
 * absorption by an element, or a drop (tail drop, random loss, no route). What is neither is in
 * flight, and the pool must hold exactly that:
 * {@code injected + copied + generated = delivered + absorbed + dropped + inFlight}, checked against
 * the pool's own live count by {@link #balanced()}. Trimming (NDP) cuts payload bytes from a packet
 * that stays alive: those bytes count as dropped bytes (not as a dropped packet). In a partitioned
 * run ({@code sim.parallel}) packets also leave to another logical process (exported) and arrive
 * from one (imported); the other terms are then this partition's, and the sums over partitions
 * are the run's (exports and imports cancel once every exported packet has been imported).
 */
public final class Accounting {
  private final Packets pool;
  long injectedPackets;
  long injectedBytes;
  long copiedPackets;
  long copiedBytes;
  long generatedPackets;
  long generatedBytes;
  long deliveredPackets;
  long deliveredBytes;
  long absorbedPackets;
  long absorbedBytes;
  long droppedPackets;
  long droppedBytes;
  long exportedPackets;
  long exportedBytes;
  long importedPackets;
  long importedBytes;
  private long[] flowBytes;

  Accounting(Packets pool) {
    this.pool = pool;
  }

  /** A packet of flow number {@code flow} and {@code bytes} reached a host stack. */
  void deliver(int flow, int bytes) {
    deliveredPackets++;
    deliveredBytes += bytes;
    if (flowBytes != null && flow >= 0 && flow < flowBytes.length) {
      flowBytes[flow] += bytes;
    }
  }

  /** Starts counting delivered bytes per flow number {@code 0..flows-1}. */
  void trackFlowBytes(int flows) {
    if (flowBytes == null || flowBytes.length < flows) {
      flowBytes = flowBytes == null ? new long[flows] : java.util.Arrays.copyOf(flowBytes, flows);
    }
  }

  /** Bytes delivered for flow number {@code f} since tracking began (0 when untracked). */
  long flowBytesDelivered(int f) {
    return flowBytes == null || f >= flowBytes.length ? 0 : flowBytes[f];
  }

  public long injectedPackets() {
    return injectedPackets;
  }

  public long injectedBytes() {
    return injectedBytes;
  }

  public long copiedPackets() {
    return copiedPackets;
  }

  public long copiedBytes() {
    return copiedBytes;
  }

  public long generatedPackets() {
    return generatedPackets;
  }

  public long generatedBytes() {
    return generatedBytes;
  }

  public long deliveredPackets() {
    return deliveredPackets;
  }

  public long deliveredBytes() {
    return deliveredBytes;
  }

  public long absorbedPackets() {
    return absorbedPackets;
  }

  public long absorbedBytes() {
    return absorbedBytes;
  }

  public long droppedPackets() {
    return droppedPackets;
  }

  /** Bytes of dropped packets plus payload bytes cut by trimming. */
  public long droppedBytes() {
    return droppedBytes;
  }

  /** Packets sent to another logical process (partitioned runs; 0 otherwise). */
  public long exportedPackets() {
    return exportedPackets;
  }

  public long exportedBytes() {
    return exportedBytes;
  }

  /** Packets received from another logical process (partitioned runs; 0 otherwise). */
  public long importedPackets() {
    return importedPackets;
  }

  public long importedBytes() {
    return importedBytes;
  }

  /** In flight by the books: entered minus left. */
  public long inFlightPackets() {
    return injectedPackets + copiedPackets + generatedPackets + importedPackets
        - deliveredPackets - absorbedPackets - droppedPackets - exportedPackets;
  }

  /** In flight by the books, in bytes. */
  public long inFlightBytes() {
    return injectedBytes + copiedBytes + generatedBytes + importedBytes
        - deliveredBytes - absorbedBytes - droppedBytes - exportedBytes;
  }

  /**
   * True when the books agree with the packet pool (every live packet is in the network: call it
   * when no model holds packets outside the network, as the built-in transports never do).
   */
  public boolean balanced() {
    return inFlightPackets() == pool.live() && inFlightBytes() == pool.liveBytes();
  }

  @Override
  public String toString() {
    return "injected " + injectedPackets + "/" + injectedBytes + " B, copied " + copiedPackets + "/"
        + copiedBytes + " B, generated " + generatedPackets + "/" + generatedBytes + " B, delivered "
        + deliveredPackets + "/" + deliveredBytes + " B, absorbed " + absorbedPackets + "/"
        + absorbedBytes + " B, dropped " + droppedPackets + "/" + droppedBytes + " B, pool "
        + pool.live() + "/" + pool.liveBytes() + " B";
  }
}
