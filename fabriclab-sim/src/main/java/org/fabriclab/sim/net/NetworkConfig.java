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
 */
public record NetworkConfig(long bufferBytes, long ecnThresholdBytes, Routing routing, long hashSeed) {
  /** Data-plane path choice. */
  public enum Routing {
    ECMP_PER_FLOW,
    SPRAY_PER_PACKET
  }

  public NetworkConfig {
    InvalidParameterException.requireRange("bufferBytes", bufferBytes, 1, Long.MAX_VALUE);
    InvalidParameterException.requireRange("ecnThresholdBytes", ecnThresholdBytes, 0, Long.MAX_VALUE);
  }

  /** The DCTCP benchmark profile: 150,000 B tail drop, ECN at 30,000 B, per-flow ECMP. */
  public static NetworkConfig dctcpBenchmark(long seed) {
    return new NetworkConfig(150_000, 30_000, Routing.ECMP_PER_FLOW, seed);
  }
}
