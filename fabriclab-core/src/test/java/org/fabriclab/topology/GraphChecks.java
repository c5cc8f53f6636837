package org.fabriclab.topology;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
import org.fabriclab.graph.Topology;

/** Independent invariant checks on a {@link Topology}, written without the generators' code. */
public final class GraphChecks {
  private GraphChecks() {}

  /** True when no node has a self-loop or two links to the same neighbour. */
  public static boolean isSimple(Topology t) {
    for (int v = 0; v < t.nodeCount(); v++) {
      Set<Integer> seen = new HashSet<>();
      for (int p = 0; p < t.degree(v); p++) {
        int w = t.neighbor(v, p);
        if (w == v || !seen.add(w)) {
          return false;
        }
      }
    }
    return true;
  }

  /** True when every link has a reverse that points back (every link is half of a cable). */
  public static boolean isSymmetric(Topology t) {
    for (int e = 0; e < t.linkCount(); e++) {
      int r = t.reverse(e);
      if (r < 0 || t.reverse(r) != e || t.target(r) != t.source(e) || t.target(e) != t.source(r)) {
        return false;
      }
    }
    return true;
  }

  /** True when a breadth-first search from node 0 reaches every node. */
  public static boolean isConnected(Topology t) {
    int n = t.nodeCount();
    if (n == 0) {
      return true;
    }
    boolean[] seen = new boolean[n];
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    queue.add(0);
    seen[0] = true;
    int reached = 1;
    while (!queue.isEmpty()) {
      int v = queue.poll();
      for (int p = 0; p < t.degree(v); p++) {
        int w = t.neighbor(v, p);
        if (!seen[w]) {
          seen[w] = true;
          reached++;
          queue.add(w);
        }
      }
    }
    return reached == n;
  }

  /** Number of neighbours of {@code v} that are switches. */
  public static int switchNeighbors(Topology t, int v) {
    int c = 0;
    for (int p = 0; p < t.degree(v); p++) {
      if (!t.isServer(t.neighbor(v, p))) {
        c++;
      }
    }
    return c;
  }
}
