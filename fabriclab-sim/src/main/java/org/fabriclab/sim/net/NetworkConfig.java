package org.fabriclab.sim.net;

import org.fabriclab.error.InvalidParameterException;

/**
 * Port and routing settings of a simulated network.
 *
 * @param bufferBytes byte bound of every output queue (drop-tail beyond it), host NICs included
 * @param ecnThresholdBytes mark CE at enqueue when the queue already holds at least this many
 *     bytes ({@code Long.MAX_VALUE}: no marking)
 * @param routing per-flow ECMP hashing or per-packet spraying over shortest paths
 * @param hashSeed salt of the ECMP hash
 * @param trimPackets 0: plain FIFO ports; n &gt; 0: NDP trimming ports — switch ports keep at most n
 *     data packets and cut the payload of any further one, headers and control packets go to a
 *     strict-priority queue (host NICs do not trim and are unbounded)
 * @param trimmedBytes size of a trimmed packet (its header)
 * @param priorityQueues strict priority: packets flagged {@link Packets#PRIORITY} (and, with
 *     trimming, header-only packets) leave before the others
 * @param pfcXoffBytes 0: no PFC; else a switch pauses an upstream port when the bytes it holds
 *     that arrived over that link reach this value (lossless: no drop while PFC is on)
 * @param pfcXonBytes resume the upstream port when those bytes fall to this value
 * @param ecnKminBytes RED-style marking (0 = off, the step threshold applies): no mark below kmin
 * @param ecnKmaxBytes RED-style marking: always mark at or above kmax, linear in between
 * @param ecnPmax RED-style marking probability just below kmax
 * @param lossProbability random loss on every switch and direct-connect port (0: none), seeded
 *     from {@code hashSeed}
 * @param sharedBufferBytes 0: per-port buffers only; else a shared-buffer MMU per switch (explicit
 *     queues): the bytes a node's non-NIC ports hold together stay within this, each port within
 *     {@code bufferBytes} too; with PFC the ingress thresholds split this shared buffer
 */
public record NetworkConfig(long bufferBytes, long ecnThresholdBytes, Routing routing, long hashSeed,
    int trimPackets, int trimmedBytes, boolean priorityQueues, long pfcXoffBytes, long pfcXonBytes,
    long ecnKminBytes, long ecnKmaxBytes, double ecnPmax, double lossProbability,
    long sharedBufferBytes) {
  /** Data-plane path choice. */
  public enum Routing {
    ECMP_PER_FLOW,
    SPRAY_PER_PACKET
  }

  public NetworkConfig {
    InvalidParameterException.requireRange("bufferBytes", bufferBytes, 1, Long.MAX_VALUE);
    InvalidParameterException.requireRange("ecnThresholdBytes", ecnThresholdBytes, 0, Long.MAX_VALUE);
    InvalidParameterException.requireRange("trimPackets", trimPackets, 0, 1 << 20);
    InvalidParameterException.requireRange("pfcXoffBytes", pfcXoffBytes, 0, Long.MAX_VALUE);
    InvalidParameterException.requireRange("pfcXonBytes", pfcXonBytes, 0, Math.max(0, pfcXoffBytes - 1));
    InvalidParameterException.requireRange("ecnKminBytes", ecnKminBytes, 0, Long.MAX_VALUE);
    if (ecnKminBytes > 0) {
      InvalidParameterException.requireRange("ecnKmaxBytes", ecnKmaxBytes, ecnKminBytes, Long.MAX_VALUE);
      if (!(ecnPmax > 0 && ecnPmax <= 1)) {
        throw new InvalidParameterException("ecnPmax", ecnPmax, "valid range (0, 1]");
      }
    }
    InvalidParameterException.requireRange("sharedBufferBytes", sharedBufferBytes, 0, Long.MAX_VALUE);
    if (!(lossProbability >= 0 && lossProbability < 1)) {
      throw new InvalidParameterException("lossProbability", lossProbability, "valid range [0, 1)");
    }
  }

  /** Without RED marking and random loss. */
  public NetworkConfig(long bufferBytes, long ecnThresholdBytes, Routing routing, long hashSeed,
      int trimPackets, int trimmedBytes, boolean priorityQueues, long pfcXoffBytes, long pfcXonBytes) {
    this(bufferBytes, ecnThresholdBytes, routing, hashSeed, trimPackets, trimmedBytes, priorityQueues,
        pfcXoffBytes, pfcXonBytes, 0, 0, 0, 0, 0);
  }

  /** This configuration with another port buffer. */
  public NetworkConfig withBufferBytes(long b) {
    return new NetworkConfig(b, ecnThresholdBytes, routing, hashSeed, trimPackets, trimmedBytes,
        priorityQueues, pfcXoffBytes, pfcXonBytes, ecnKminBytes, ecnKmaxBytes, ecnPmax, lossProbability,
        sharedBufferBytes);
  }

  /** This configuration with step ECN marking at {@code threshold} bytes (RED off). */
  public NetworkConfig withEcnThreshold(long threshold) {
    return new NetworkConfig(bufferBytes, threshold, routing, hashSeed, trimPackets, trimmedBytes,
        priorityQueues, pfcXoffBytes, pfcXonBytes, 0, 0, 0, lossProbability,
        sharedBufferBytes);
  }

  /** This configuration with RED-style marking between kmin and kmax (probability up to pmax). */
  public NetworkConfig withRed(long kmin, long kmax, double pmax) {
    return new NetworkConfig(bufferBytes, Long.MAX_VALUE, routing, hashSeed, trimPackets,
        trimmedBytes, priorityQueues, pfcXoffBytes, pfcXonBytes, kmin, kmax, pmax, lossProbability,
        sharedBufferBytes);
  }

  /** This configuration with random loss {@code p} on every switch and direct-connect port. */
  public NetworkConfig withLoss(double p) {
    return new NetworkConfig(bufferBytes, ecnThresholdBytes, routing, hashSeed, trimPackets,
        trimmedBytes, priorityQueues, pfcXoffBytes, pfcXonBytes, ecnKminBytes, ecnKmaxBytes, ecnPmax, p,
        sharedBufferBytes);
  }

  /** No priority queues, no PFC. */
  public NetworkConfig(long bufferBytes, long ecnThresholdBytes, Routing routing, long hashSeed,
      int trimPackets, int trimmedBytes) {
    this(bufferBytes, ecnThresholdBytes, routing, hashSeed, trimPackets, trimmedBytes, false, 0, 0);
  }

  /** Ports with explicit queues (priority, trimming, PFC or a shared buffer) rather than the departure-time FIFO. */
  public boolean explicitQueues() {
    return trimPackets > 0 || priorityQueues || pfcXoffBytes > 0 || sharedBufferBytes > 0;
  }

  /** This configuration with a shared-buffer MMU of {@code bytes} per switch (explicit queues). */
  public NetworkConfig withSharedBuffer(long bytes) {
    return new NetworkConfig(bufferBytes, ecnThresholdBytes, routing, hashSeed, trimPackets,
        trimmedBytes, priorityQueues, pfcXoffBytes, pfcXonBytes, ecnKminBytes, ecnKmaxBytes, ecnPmax,
        lossProbability, bytes);
  }

  /** This configuration with strict priority queues and PFC (xoff, xon in bytes per ingress link). */
  public NetworkConfig withPriorityAndPfc(long xoff, long xon) {
    return new NetworkConfig(bufferBytes, ecnThresholdBytes, routing, hashSeed, trimPackets,
        trimmedBytes, true, xoff, xon, ecnKminBytes, ecnKmaxBytes, ecnPmax, lossProbability,
        sharedBufferBytes);
  }

  /** Plain FIFO ports (no trimming). */
  public NetworkConfig(long bufferBytes, long ecnThresholdBytes, Routing routing, long hashSeed) {
    this(bufferBytes, ecnThresholdBytes, routing, hashSeed, 0, 64);
  }

  /**
   * The benchmark's NDP profile: 15-packet trimming queues, 64 B headers, per-packet spraying,
   * a 150,000 B bound on the priority (header) queue.
   */
  public static NetworkConfig ndpBenchmark(long seed) {
    return new NetworkConfig(150_000, Long.MAX_VALUE, Routing.SPRAY_PER_PACKET, seed, 15, 64);
  }

  /** The DCTCP benchmark profile: 150,000 B tail drop, ECN at 30,000 B, per-flow ECMP. */
  public static NetworkConfig dctcpBenchmark(long seed) {
    return new NetworkConfig(150_000, 30_000, Routing.ECMP_PER_FLOW, seed);
  }
}
