package org.fabriclab.analysis;

import java.util.Arrays;
import org.fabriclab.graph.Topology;

/**
 * Single-source breadth-first search over a {@link Topology}'s CSR arrays, following directed
 * links (a cable is two of them; a one-way link is followed only forward). Reusable: the distance
 * and queue arrays are owned by the caller or allocated once, and a run allocates nothing. A run
 * costs O(r + e) where r is the number of nodes it reaches and e the links leaving them; resetting
 * the previous run touches only the nodes that run reached.
 *
 * <p>Optionally some nodes are <em>terminal</em>: they receive a distance but are not expanded (a
 * single-homed server is a dead end, so marking it terminal changes no other distance and skips
 * its link). Not thread-safe: give each worker its own instance.
 */
public final class Bfs {
  private final int[] offsets;
  private final int[] targets;
  private final int[] dist;
  private final int[] queue;
  private final boolean[] terminal;
  private int reached;
  private int eccentricity;

  /** A search that allocates its own scratch arrays (two {@code int[n]}). */
  public Bfs(Topology t) {
    this(t, new int[t.nodeCount()], new int[t.nodeCount()], null);
  }

  /**
   * A search on caller-owned scratch arrays.
   *
   * @param dist at least {@code n} entries; overwritten (set to -1 here)
   * @param queue at least {@code n} entries
   * @param terminal nodes labelled but not expanded, or {@code null}; shared, not copied
   */
  public Bfs(Topology t, int[] dist, int[] queue, boolean[] terminal) {
    int n = t.nodeCount();
    if (dist.length < n || queue.length < n || (terminal != null && terminal.length < n)) {
      throw new IllegalArgumentException("scratch arrays need " + n + " entries");
    }
    this.offsets = t.csrOffsets();
    this.targets = t.csrTargets();
    this.dist = dist;
    this.queue = queue;
    this.terminal = terminal;
    Arrays.fill(dist, 0, n, -1);
  }

  /**
   * Runs from {@code source}; afterwards {@link #distance(int)} is the hop count from the source
   * (-1 if unreachable) and {@link #reached(int)} lists reached nodes in non-decreasing distance.
   * O(r + e).
   *
   * @return the number of nodes reached, the source included
   */
  public int run(int source) {
    for (int i = 0; i < reached; i++) {
      dist[queue[i]] = -1;
    }
    int[] off = offsets;
    int[] tgt = targets;
    int[] d = dist;
    int[] q = queue;
    boolean[] term = terminal;
    int head = 0;
    int tail = 0;
    d[source] = 0;
    q[tail++] = source;
    while (head < tail) {
      int u = q[head++];
      if (term != null && term[u] && u != source) {
        continue;
      }
      int du = d[u] + 1;
      for (int e = off[u], end = off[u + 1]; e < end; e++) {
        int v = tgt[e];
        if (d[v] < 0) {
          d[v] = du;
          q[tail++] = v;
        }
      }
    }
    reached = tail;
    eccentricity = d[q[tail - 1]];
    return tail;
  }

  /** Hop count from the last source to {@code node}, or -1 when unreachable. */
  public int distance(int node) {
    return dist[node];
  }

  /** Number of nodes reached by the last run. */
  public int reachedCount() {
    return reached;
  }

  /** The i-th reached node of the last run, in BFS order (non-decreasing distance). */
  public int reached(int i) {
    if (i < 0 || i >= reached) {
      throw new IndexOutOfBoundsException("reached index " + i + " of " + reached);
    }
    return queue[i];
  }

  /** Largest finite distance of the last run (its source's eccentricity within its reach). */
  public int eccentricity() {
    return eccentricity;
  }

  /** The distance array itself (shared, read-only by convention): index = node. */
  int[] distances() {
    return dist;
  }

  /** The queue array itself: its first {@link #reachedCount()} entries are the reached nodes. */
  int[] order() {
    return queue;
  }
}
