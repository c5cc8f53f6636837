package org.fabriclab.routing;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;

/**
 * The equal-cost shortest paths between two nodes (ECMP, RFC 2992), following directed links.
 *
 * <p>Method: a BFS from the source that stops after the destination's level D; then, in reverse
 * BFS order, the number of shortest paths from each node to the destination along links that go
 * one level deeper (a node at level l with a non-zero count is exactly a node at distance D − l
 * from the destination on a shortest path, so this equals "BFS from the destination, descend along
 * decreasing distance", and works with one-way links, which a reverse BFS could not follow).
 * Finally a depth-first walk from the source in port order lists the first {@code limit} paths,
 * never entering a dead branch. Cost: O(n + m) for the search and count, plus
 * O(limit · D · degree) for the listing. Reusable: one instance per thread, no allocation per
 * query beyond the result.
 */
public final class EcmpPaths {
  private final Topology t;
  private final int[] off;
  private final int[] tgt;
  private final int[] dist;
  private final int[] queue;
  private final long[] count;
  private int reached;

  /** Scratch for queries on {@code t}: two {@code int[n]} and one {@code long[n]}. */
  public EcmpPaths(Topology t) {
    this.t = t;
    this.off = t.csrOffsets();
    this.tgt = t.csrTargets();
    int n = t.nodeCount();
    dist = new int[n];
    queue = new int[n];
    count = new long[n];
    Arrays.fill(dist, -1);
  }

  /** One query on a fresh instance; see {@link #query}. */
  public static ShortestPathSet between(Topology t, int src, int dst, int limit) {
    return new EcmpPaths(t).query(src, dst, limit);
  }

  /**
   * The shortest paths from {@code src} to {@code dst}.
   *
   * @param limit how many explicit paths to list, >= 0
   * @throws InvalidParameterException when a node is out of range or limit is negative
   */
  public ShortestPathSet query(int src, int dst, int limit) {
    int n = t.nodeCount();
    InvalidParameterException.requireRange("src", src, 0, n - 1L);
    InvalidParameterException.requireRange("dst", dst, 0, n - 1L);
    InvalidParameterException.requireRange("limit", limit, 0, Integer.MAX_VALUE);
    if (src == dst) {
      List<Path> one = limit > 0 ? List.of(new Path(new int[] {src}, new int[0])) : List.of();
      return new ShortestPathSet(src, dst, 0, 1, one, new int[0]);
    }
    try {
      int hops = search(src, dst);
      if (hops < 0) {
        return new ShortestPathSet(src, dst, -1, 0, List.of(), new int[0]);
      }
      countPaths(dst, hops);
      IntArrayList ports = new IntArrayList();
      for (int e = off[src]; e < off[src + 1]; e++) {
        if (onPath(src, tgt[e])) {
          ports.add(e - off[src]);
        }
      }
      return new ShortestPathSet(
          src, dst, hops, count[src], list(src, hops, limit), ports.toIntArray());
    } finally {
      for (int i = 0; i < reached; i++) {
        dist[queue[i]] = -1;
        count[queue[i]] = 0;
      }
      reached = 0;
    }
  }

  /** BFS from src, not expanding the destination's level; returns D or -1. */
  private int search(int src, int dst) {
    int head = 0;
    int tail = 0;
    dist[src] = 0;
    queue[tail++] = src;
    int limitLevel = Integer.MAX_VALUE;
    while (head < tail) {
      int u = queue[head++];
      int du = dist[u];
      if (du >= limitLevel) {
        break;
      }
      for (int e = off[u]; e < off[u + 1]; e++) {
        int v = tgt[e];
        if (dist[v] < 0) {
          dist[v] = du + 1;
          queue[tail++] = v;
          if (v == dst) {
            limitLevel = du + 1;
          }
        }
      }
    }
    reached = tail;
    return dist[dst];
  }

  /** Paths to dst from every reached node, in reverse BFS order; saturating sums. */
  private void countPaths(int dst, int hops) {
    for (int i = reached - 1; i >= 0; i--) {
      int u = queue[i];
      if (u == dst) {
        count[u] = 1;
        continue;
      }
      if (dist[u] >= hops) {
        continue;
      }
      long c = 0;
      for (int e = off[u]; e < off[u + 1]; e++) {
        int v = tgt[e];
        if (dist[v] == dist[u] + 1) {
          c += count[v];
          if (c < 0) {
            c = Long.MAX_VALUE;
          }
        }
      }
      count[u] = c;
    }
  }

  private boolean onPath(int u, int v) {
    return dist[v] == dist[u] + 1 && count[v] > 0;
  }

  /** Depth-first in port order over links to the next level with a non-zero count. */
  private List<Path> list(int src, int hops, int limit) {
    List<Path> out = new ArrayList<>();
    if (limit == 0) {
      return out;
    }
    int[] nodes = new int[hops + 1];
    int[] links = new int[hops];
    int[] nextLink = new int[hops + 1];
    nodes[0] = src;
    nextLink[0] = off[src];
    int depth = 0;
    while (depth >= 0 && out.size() < limit) {
      if (depth == hops) {
        out.add(new Path(nodes, links));
        depth--;
        continue;
      }
      int u = nodes[depth];
      int e = nextLink[depth];
      while (e < off[u + 1] && !onPath(u, tgt[e])) {
        e++;
      }
      if (e == off[u + 1]) {
        depth--;
        continue;
      }
      nextLink[depth] = e + 1;
      links[depth] = e;
      nodes[depth + 1] = tgt[e];
      nextLink[depth + 1] = off[tgt[e]];
      depth++;
    }
    return out;
  }
}
