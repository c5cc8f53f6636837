package org.fabriclab.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntPredicate;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.ServerOrbits;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.jgrapht.Graph;
import org.jgrapht.alg.shortestpath.FloydWarshallShortestPaths;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.DirectedPseudograph;

/**
 * Test helper: builds a topology by hand and keeps its own list of directed arcs, so oracles
 * (JGraphT, naive BFS, brute force) never read the Topology's CSR arrays.
 */
public final class HandGraph {
  final List<NodeRole> roles = new ArrayList<>();
  final List<int[]> arcs = new ArrayList<>();
  private final TopologyBuilder b;

  public HandGraph(String family) {
    b = new TopologyBuilder(family, "test");
  }

  public int node(NodeRole r) {
    roles.add(r);
    return b.addNode(r);
  }

  public int sw() {
    return node(NodeRole.PACKET_SWITCH);
  }

  public int server() {
    return node(NodeRole.SERVER);
  }

  public HandGraph cable(int u, int v) {
    b.addCable(u, v);
    arcs.add(new int[] {u, v});
    arcs.add(new int[] {v, u});
    return this;
  }

  public HandGraph oneWay(int u, int v) {
    b.addLink(u, v);
    arcs.add(new int[] {u, v});
    return this;
  }

  public HandGraph orbits(ServerOrbits o) {
    b.serverOrbits(o);
    return this;
  }

  public int n() {
    return roles.size();
  }

  public boolean isServer(int v) {
    return roles.get(v) == NodeRole.SERVER;
  }

  public Topology build() {
    return b.build();
  }

  /** Out-neighbour lists from the arc list, parallel arcs repeated, in insertion order. */
  public int[][] adjacency() {
    int[] deg = new int[n()];
    for (int[] a : arcs) {
      deg[a[0]]++;
    }
    int[][] adj = new int[n()][];
    for (int v = 0; v < n(); v++) {
      adj[v] = new int[deg[v]];
    }
    int[] fill = new int[n()];
    for (int[] a : arcs) {
      adj[a[0]][fill[a[0]]++] = a[1];
    }
    return adj;
  }

  /** Textbook BFS on the arc list. */
  public int[] naiveBfs(int src) {
    int[][] adj = adjacency();
    int[] d = new int[n()];
    Arrays.fill(d, -1);
    d[src] = 0;
    ArrayDeque<Integer> q = new ArrayDeque<>();
    q.add(src);
    while (!q.isEmpty()) {
      int u = q.poll();
      for (int v : adj[u]) {
        if (d[v] < 0) {
          d[v] = d[u] + 1;
          q.add(v);
        }
      }
    }
    return d;
  }

  /** Histogram over ordered pairs of distinct members, by naive BFS from every member. */
  public HopHistogram naiveHistogram(IntPredicate member) {
    long[] counts = new long[n() + 1];
    long unreachable = 0;
    for (int s = 0; s < n(); s++) {
      if (!member.test(s)) {
        continue;
      }
      int[] d = naiveBfs(s);
      for (int v = 0; v < n(); v++) {
        if (v != s && member.test(v)) {
          if (d[v] < 0) {
            unreachable++;
          } else {
            counts[d[v]]++;
          }
        }
      }
    }
    return new HopHistogram(counts, unreachable, false);
  }

  /** Histogram over ordered pairs of distinct members by JGraphT Floyd–Warshall. */
  public HopHistogram floydHistogram(IntPredicate member) {
    Graph<Integer, DefaultEdge> g = jgrapht();
    FloydWarshallShortestPaths<Integer, DefaultEdge> fw = new FloydWarshallShortestPaths<>(g);
    long[] counts = new long[n() + 1];
    long unreachable = 0;
    for (int s = 0; s < n(); s++) {
      for (int v = 0; v < n(); v++) {
        if (s != v && member.test(s) && member.test(v)) {
          double w = fw.getPathWeight(s, v);
          if (Double.isInfinite(w)) {
            unreachable++;
          } else {
            counts[(int) w]++;
          }
        }
      }
    }
    return new HopHistogram(counts, unreachable, false);
  }

  public Graph<Integer, DefaultEdge> jgrapht() {
    Graph<Integer, DefaultEdge> g = new DirectedPseudograph<>(DefaultEdge.class);
    for (int v = 0; v < n(); v++) {
      g.addVertex(v);
    }
    for (int[] a : arcs) {
      g.addEdge(a[0], a[1]);
    }
    return g;
  }

  /**
   * A random fabric: {@code switches} switches with random cables (some parallel) and a few
   * one-way links, then {@code servers} servers attached at random: mostly single-homed, some
   * multi-homed, some cabled to other servers, some by one-way links, some with a cable and an
   * extra incoming one-way link, some isolated.
   */
  public static HandGraph random(SplittableRandom rnd, int switches, int servers, int extraCables) {
    HandGraph g = new HandGraph("random");
    for (int i = 0; i < switches; i++) {
      g.sw();
    }
    for (int i = 1; i < switches; i++) {
      if (rnd.nextInt(10) > 0) {
        g.cable(i, rnd.nextInt(i));
      }
    }
    for (int i = 0; i < extraCables; i++) {
      int u = rnd.nextInt(switches);
      int v = rnd.nextInt(switches);
      if (u != v) {
        if (rnd.nextInt(6) == 0) {
          g.oneWay(u, v);
        } else {
          g.cable(u, v);
        }
      }
    }
    for (int i = 0; i < servers; i++) {
      int s = g.server();
      int kind = rnd.nextInt(20);
      if (kind < 13) {
        g.cable(s, rnd.nextInt(switches));
      } else if (kind < 16) {
        g.cable(s, rnd.nextInt(switches));
        g.cable(s, rnd.nextInt(switches));
      } else if (kind == 16 && s > switches) {
        g.cable(s, switches + rnd.nextInt(s - switches));
      } else if (kind == 17) {
        g.oneWay(s, rnd.nextInt(switches));
        g.oneWay(rnd.nextInt(switches), s);
      } else if (kind == 18) {
        g.cable(s, rnd.nextInt(switches));
        g.oneWay(rnd.nextInt(switches), s);
      }
    }
    return g;
  }

  /**
   * A k-ary fat-tree built here by hand (k^3/4 servers, 5k^2/4 switches): core j*(k/2)+i is
   * cabled to aggregation switch j of every pod; every edge switch to every aggregation switch of
   * its pod and to k/2 servers.
   */
  public static HandGraph fatTree(int k, boolean declareOrbits) {
    HandGraph g = new HandGraph("fattree");
    int h = k / 2;
    int core = g.n();
    for (int i = 0; i < h * h; i++) {
      g.sw();
    }
    int firstServer = -1;
    for (int p = 0; p < k; p++) {
      int agg = g.n();
      for (int j = 0; j < h; j++) {
        g.sw();
        for (int i = 0; i < h; i++) {
          g.cable(agg + j, core + j * h + i);
        }
      }
      for (int e = 0; e < h; e++) {
        int edge = g.sw();
        for (int j = 0; j < h; j++) {
          g.cable(edge, agg + j);
        }
        for (int s = 0; s < h; s++) {
          int srv = g.server();
          firstServer = firstServer < 0 ? srv : firstServer;
          g.cable(srv, edge);
        }
      }
    }
    if (declareOrbits) {
      g.orbits(ServerOrbits.transitive(firstServer, (long) k * k * k / 4));
    }
    return g;
  }

  /**
   * BCube(n,k) built here by hand (seed 004 §II): n^(k+1) servers with k+1 base-n digits; for
   * each level l, n^k switches, switch (l, rest) cabled to the n servers that agree on every digit
   * but digit l. Servers first, in digit order.
   */
  public static HandGraph bcube(int n, int k, boolean declareOrbits) {
    HandGraph g = new HandGraph("bcube");
    int servers = (int) Math.pow(n, k + 1);
    for (int i = 0; i < servers; i++) {
      g.server();
    }
    int perLevel = servers / n;
    for (int l = 0; l <= k; l++) {
      int first = g.n();
      for (int i = 0; i < perLevel; i++) {
        g.sw();
      }
      int pow = (int) Math.pow(n, l);
      for (int s = 0; s < servers; s++) {
        int low = s % pow;
        int high = s / (pow * n);
        g.cable(s, first + high * pow + low);
      }
    }
    if (declareOrbits) {
      g.orbits(ServerOrbits.transitive(0, servers));
    }
    return g;
  }

  /** Every node-simple path from src to dst over the arc list, parallel arcs giving repeats. */
  public List<int[]> allSimplePaths(int src, int dst) {
    List<int[]> out = new ArrayList<>();
    int[][] adj = adjacency();
    boolean[] on = new boolean[n()];
    int[] stack = new int[n()];
    stack[0] = src;
    on[src] = true;
    extend(adj, on, stack, 1, dst, out);
    return out;
  }

  private static void extend(
      int[][] adj, boolean[] on, int[] stack, int len, int dst, List<int[]> out) {
    int u = stack[len - 1];
    if (u == dst) {
      out.add(Arrays.copyOf(stack, len));
      return;
    }
    for (int v : adj[u]) {
      if (!on[v]) {
        on[v] = true;
        stack[len] = v;
        extend(adj, on, stack, len + 1, dst, out);
        on[v] = false;
      }
    }
  }
}
