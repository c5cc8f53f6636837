package org.fabriclab.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.fabriclab.graph.ServerOrbits;
import org.fabriclab.graph.Topology;

/** Test oracles shared by the family tests: a tiny BFS and the invariants every family keeps. */
public final class TopologyChecks {
  private TopologyChecks() {}

  /** Hop distances from {@code src} over every link (-1 when unreachable); plain BFS. */
  public static int[] bfs(Topology t, int src) {
    int n = t.nodeCount();
    int[] dist = new int[n];
    Arrays.fill(dist, -1);
    int[] queue = new int[n];
    int head = 0;
    int tail = 0;
    dist[src] = 0;
    queue[tail++] = src;
    while (head < tail) {
      int u = queue[head++];
      for (int p = 0; p < t.degree(u); p++) {
        int v = t.neighbor(u, p);
        if (dist[v] < 0) {
          dist[v] = dist[u] + 1;
          queue[tail++] = v;
        }
      }
    }
    return dist;
  }

  public static boolean connected(Topology t) {
    return Arrays.stream(bfs(t, 0)).allMatch(d -> d >= 0);
  }

  /** Ordered server pairs (s != d) by hop distance, one BFS per server. */
  public static long[] serverPairHistogram(Topology t) {
    long[] h = new long[t.nodeCount()];
    for (int s : t.servers()) {
      int[] dist = bfs(t, s);
      for (int d : t.servers()) {
        if (d != s) {
          h[dist[d]]++;
        }
      }
    }
    return h;
  }

  /** The same histogram from the orbit hint: one BFS per representative, weighted by its class. */
  public static long[] orbitHistogram(Topology t) {
    ServerOrbits o = t.serverOrbits();
    long[] h = new long[t.nodeCount()];
    int[] reps = o.representatives();
    long[] sizes = o.sizes();
    for (int i = 0; i < reps.length; i++) {
      int[] dist = bfs(t, reps[i]);
      for (int d : t.servers()) {
        if (d != reps[i]) {
          h[dist[d]] += sizes[i];
        }
      }
    }
    return h;
  }

  /** The orbit hint is consistent and reproduces the brute-force server-pair histogram. */
  public static void checkOrbits(Topology t) {
    ServerOrbits o = t.serverOrbits();
    assertThat(o).as("orbit hint of %s", t).isNotNull();
    assertThat(Arrays.stream(o.sizes()).sum()).isEqualTo(t.serverCount());
    for (int r : o.representatives()) {
      assertThat(t.isServer(r)).isTrue();
    }
    assertThat(orbitHistogram(t)).as("orbit histogram of %s", t).isEqualTo(serverPairHistogram(t));
  }

  /**
   * Invariants of every structured family: the estimate is exact, every directed link has a
   * reverse leading back, servers hold the lowest ids, and the graph is connected.
   */
  public static void checkInvariants(Topology t, SizeEstimate e) {
    assertThat((long) t.nodeCount()).as("nodes of %s", t).isEqualTo(e.nodes());
    assertThat((long) t.linkCount()).as("directed links of %s", t).isEqualTo(e.directedLinks());
    assertThat(t.cableCount() * 2L).isEqualTo(t.linkCount());
    for (int u = 0; u < t.nodeCount(); u++) {
      for (int p = 0; p < t.degree(u); p++) {
        int link = t.link(u, p);
        int r = t.reverse(link);
        assertThat(r).isGreaterThanOrEqualTo(0);
        assertThat(t.reverse(r)).isEqualTo(link);
        assertThat(t.target(r)).isEqualTo(u);
        assertThat(t.target(link)).isNotEqualTo(u);
      }
    }
    int[] servers = t.servers();
    for (int i = 0; i < servers.length; i++) {
      assertThat(servers[i]).as("server %d of %s", i, t).isEqualTo(i);
    }
    assertThat(connected(t)).as("%s connected", t).isTrue();
  }

  /** Number of cables between {@code u} and {@code v}. */
  public static int multiplicity(Topology t, int u, int v) {
    int m = 0;
    for (int p = 0; p < t.degree(u); p++) {
      if (t.neighbor(u, p) == v) {
        m++;
      }
    }
    return m;
  }

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
