package org.fabriclab.routing;

import java.util.Arrays;
import java.util.List;

/**
 * All shortest (minimum-hop) paths between two nodes, as ECMP (RFC 2992) spreads traffic over them:
 * their hop count, how many there are, the first {@code limit} of them in a deterministic order,
 * and the source's ECMP next-hop ports.
 *
 * @param source source node
 * @param destination destination node
 * @param hops shortest hop count, or -1 when the destination is unreachable
 * @param pathCount number of distinct shortest link paths (parallel cables count separately),
 *     saturating at {@link Long#MAX_VALUE}; 0 when unreachable
 * @param paths up to {@code limit} of them, in depth-first port order
 * @param nextHopPorts the source's ports whose link starts a shortest path, ascending
 */
public record ShortestPathSet(
    int source, int destination, int hops, long pathCount, List<Path> paths, int[] nextHopPorts) {
  public ShortestPathSet {
    paths = List.copyOf(paths);
    nextHopPorts = nextHopPorts.clone();
  }

  public boolean reachable() {
    return hops >= 0;
  }

  /** True when {@link #paths()} lists fewer paths than exist. */
  public boolean truncated() {
    return paths.size() < pathCount;
  }

  /** A copy of the next-hop ports. */
  @Override
  public int[] nextHopPorts() {
    return nextHopPorts.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ShortestPathSet s
        && source == s.source
        && destination == s.destination
        && hops == s.hops
        && pathCount == s.pathCount
        && paths.equals(s.paths)
        && Arrays.equals(nextHopPorts, s.nextHopPorts);
  }

  @Override
  public int hashCode() {
    return ((31 * source + destination) * 31 + hops) * 31 + Long.hashCode(pathCount);
  }
}
