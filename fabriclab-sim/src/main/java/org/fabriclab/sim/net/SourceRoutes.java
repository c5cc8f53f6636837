package org.fabriclab.sim.net;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.graph.Topology;
import org.fabriclab.routing.KShortestPaths;
import org.fabriclab.routing.Path;

/**
 * Source routing: each flow carries a fixed list of links from its source to its destination;
 * packets going back (ACKs, pulls) follow the reverse links of the same path. Switches then
 * forward by the packet's hop count alone. {@link #kShortest} picks, per flow, one of the k
 * shortest loopless paths of its host pair by the flow's hash (Yen's algorithm through
 * {@link KShortestPaths}, cached per host pair: O(pairs · k · n(m + n log n)) to build).
 */
public final class SourceRoutes {
  private final Topology topo;
  private final int[][] links;
  private final int[] from;

  /** @param linksPerFlow each flow's links from its source (not copied) */
  public SourceRoutes(Topology topo, int[][] linksPerFlow) {
    this.topo = topo;
    this.links = linksPerFlow;
    from = new int[linksPerFlow.length];
    for (int f = 0; f < from.length; f++) {
      from[f] = linksPerFlow[f].length == 0 ? -1 : topo.source(linksPerFlow[f][0]);
    }
  }

  /** One of the k shortest paths per flow, chosen by {@code Network.flowHash(flow, src, seed)}. */
  public static SourceRoutes kShortest(Topology t, int[] srcNode, int[] dstNode, int k, long seed) {
    KShortestPaths ksp = new KShortestPaths(t);
    Map<Long, List<Path>> cache = new HashMap<>();
    int[][] l = new int[srcNode.length][];
    for (int f = 0; f < l.length; f++) {
      long key = (long) srcNode[f] << 32 | dstNode[f];
      int s = srcNode[f];
      int d = dstNode[f];
      List<Path> ps = cache.computeIfAbsent(key, x -> ksp.query(s, d, k));
      if (ps.isEmpty()) {
        throw new org.fabriclab.error.InvalidParameterException("trace", "flow " + f
            + ": no path between its hosts");
      }
      l[f] = ps.get(Integer.remainderUnsigned(Network.flowHash(f, s, seed), ps.size())).links();
    }
    return new SourceRoutes(t, l);
  }

  /** The links of flow {@code f} (shared; do not write). */
  public int[] path(int f) {
    return links[f];
  }

  /**
   * The link a packet of flow {@code f} takes after {@code hops} links: along the path when it
   * left the flow's source ({@code fromSource}), else along the reversed path.
   */
  public int link(int f, boolean fromSource, int hops) {
    int[] p = links[f];
    if (hops >= p.length) {
      return -1;
    }
    return fromSource ? p[hops] : topo.reverse(p[p.length - 1 - hops]);
  }

  /** The node where flow {@code f}'s path starts. */
  public int source(int f) {
    return from[f];
  }
}
