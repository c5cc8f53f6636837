package org.fabriclab.routing;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.jgrapht.Graph;
import org.jgrapht.GraphPath;
import org.jgrapht.alg.shortestpath.YenKShortestPath;
import org.jgrapht.graph.DirectedPseudograph;

/**
 * Up to k loopless paths between two nodes in non-decreasing hop count, by Yen's algorithm
 * (JGraphT {@link YenKShortestPath}) on a directed multigraph copy of the topology whose vertices
 * are node ids and whose edges are directed link ids, so parallel cables give distinct paths.
 * Jellyfish-style k-shortest-path routing uses these.
 *
 * <p>Cost: building the graph is O(n + m) (boxed, about 100 bytes per link); a query runs Yen's
 * algorithm, O(k · n · (m + n log n)) in the worst case. Build an instance once to query many
 * pairs; an instance is not thread-safe.
 */
public final class KShortestPaths {
  private final Topology t;
  private final Graph<Integer, Integer> graph;

  public KShortestPaths(Topology t) {
    this.t = t;
    this.graph = asGraph(t);
  }

  /** One query on a fresh instance; see {@link #query}. */
  public static List<Path> between(Topology t, int src, int dst, int k) {
    return new KShortestPaths(t).query(src, dst, k);
  }

  /**
   * A JGraphT directed pseudograph of {@code t}: vertex {@code v} is node {@code v}, edge
   * {@code e} is directed link {@code e} from its source to {@link Topology#target(int)}. O(n + m).
   */
  public static Graph<Integer, Integer> asGraph(Topology t) {
    Graph<Integer, Integer> g = new DirectedPseudograph<>(Integer.class);
    int n = t.nodeCount();
    for (int v = 0; v < n; v++) {
      g.addVertex(v);
    }
    for (int u = 0; u < n; u++) {
      for (int e = t.firstLink(u); e < t.firstLink(u + 1); e++) {
        g.addEdge(u, t.target(e), e);
      }
    }
    return g;
  }

  /**
   * The k shortest loopless paths from {@code src} to {@code dst}, shortest first; fewer when
   * fewer exist, none when unreachable. For {@code src == dst}, the single empty path.
   *
   * @throws InvalidParameterException when a node is out of range or k < 1
   */
  public List<Path> query(int src, int dst, int k) {
    int n = t.nodeCount();
    InvalidParameterException.requireRange("src", src, 0, n - 1L);
    InvalidParameterException.requireRange("dst", dst, 0, n - 1L);
    InvalidParameterException.requireRange("k", k, 1, Integer.MAX_VALUE);
    if (src == dst) {
      return List.of(new Path(new int[] {src}, new int[0]));
    }
    List<GraphPath<Integer, Integer>> found = new YenKShortestPath<>(graph).getPaths(src, dst, k);
    List<Path> out = new ArrayList<>(found.size());
    for (GraphPath<Integer, Integer> p : found) {
      List<Integer> edges = p.getEdgeList();
      int[] links = new int[edges.size()];
      int[] nodes = new int[edges.size() + 1];
      nodes[0] = src;
      for (int i = 0; i < links.length; i++) {
        links[i] = edges.get(i);
        nodes[i + 1] = t.target(links[i]);
      }
      out.add(new Path(nodes, links));
    }
    return out;
  }
}
