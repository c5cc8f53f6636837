package org.fabriclab.flattree;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.routing.EcmpPaths;
import org.fabriclab.routing.KShortestPaths;
import org.fabriclab.routing.Path;

/**
 * What the Flat-tree controller yields (seed 001_5e703544cea19579.txt, §2.6): the logical topology
 * (converter switches removed, they add no hop, §3.1) and the routing scheme the paper adopts for
 * it: ECMP for Clos, k shortest paths for approximated random graphs (and for hybrid networks,
 * since any zone that is not Clos needs it). Queries cost what {@link EcmpPaths} /
 * {@link KShortestPaths} cost.
 *
 * @param topology the logical topology
 * @param scheme routing scheme
 */
public record LogicalNetwork(Topology topology, Scheme scheme) {
  /** Routing schemes of §2.6. */
  public enum Scheme {
    ECMP,
    K_SHORTEST_PATHS
  }

  /**
   * Paths the scheme uses from {@code src} to {@code dst}: all equal-cost shortest paths (at most
   * {@code limit}) for ECMP, the {@code limit} shortest loopless paths otherwise (Jellyfish uses 8).
   */
  public List<Path> paths(int src, int dst, int limit) {
    if (scheme == Scheme.ECMP) {
      return new ArrayList<>(EcmpPaths.between(topology, src, dst, limit).paths());
    }
    return KShortestPaths.between(topology, src, dst, limit);
  }
}
