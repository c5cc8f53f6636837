package org.fabriclab.sim.net;

import org.fabriclab.sim.packet.Packets;

/**
 * The default switch element's next-hop choice: a flow's source route when one covers it, else
 * ECMP over the shortest paths by a per-flow hash ({@code ECMP_PER_FLOW}) or a per-packet hash
 * (spraying). O(1) per packet (the ECMP table is precomputed), no allocation.
 */
final class DefaultRouting {
  private final EcmpTable ecmp;
  private final Packets packets;
  private final NetworkConfig cfg;
  private SourceRoutes sourceRoutes;
  private long sprayCount;

  DefaultRouting(EcmpTable ecmp, Packets packets, NetworkConfig cfg) {
    this.ecmp = ecmp;
    this.packets = packets;
    this.cfg = cfg;
  }

  void setSourceRoutes(SourceRoutes r) {
    sourceRoutes = r;
  }

  /** The output link for {@code p} at {@code node}, or -1 when no route leads to its destination. */
  int link(int p, int node) {
    if (sourceRoutes != null) {
      int f = packets.flow(p);
      return sourceRoutes.link(f, packets.src(p) == sourceRoutes.source(f), packets.hops(p));
    }
    return ecmp.nextLink(node, packets.dst(p), choice(p, node));
  }

  /** The ECMP candidate index for {@code p} at {@code node} (spraying advances a counter). */
  int choice(int p, int node) {
    if (cfg.routing() == NetworkConfig.Routing.ECMP_PER_FLOW) {
      return flowHash(packets.flow(p), node, cfg.hashSeed());
    }
    return mix(packets.flow(p) * 0x9E3779B97F4A7C15L + packets.seq(p) * 0xC2B2AE3D27D4EB4FL
        + (sprayCount++) * 0xD6E8FEB86659FD93L + node + cfg.hashSeed());
  }

  static int flowHash(int flow, int node, long seed) {
    return mix(flow * 0x9E3779B97F4A7C15L + node * 0xD6E8FEB86659FD93L + seed);
  }

  static int mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return (int) (z ^ (z >>> 31));
  }
}
