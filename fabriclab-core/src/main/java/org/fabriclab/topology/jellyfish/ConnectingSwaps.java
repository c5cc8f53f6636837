package org.fabriclab.topology.jellyfish;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Makes a random graph connected without changing any node's degree: while there are several
 * components, take a link {@code (a, b)} of one component that is on a cycle (not a bridge) and
 * any link {@code (c, d)} of another, and replace them with {@code (a, c)} and {@code (b, d)}.
 * The first component stays connected (its link was on a cycle) and both halves of the second
 * now hang off it, so each swap removes at least one component; the new links join different
 * components, so they create no parallel link and no self-loop. Jellyfish's construction
 * (Singla et al., NSDI 2012 §3) does not guarantee connectivity — small or low-degree instances
 * are often disconnected — and a disconnected fabric is useless to its users, so both random
 * families apply this repair after wiring.
 *
 * <p>Links {@code 0..fixed-1} are never swapped (the two-stage random graph keeps its intra-Pod
 * graphs); nodes joined only by fixed links must therefore already be connected within their
 * group, as Pods are. When no component has a swappable link on a cycle (a perfect matching,
 * degree 1) the graph is left as it is and the number of components is returned.
 *
 * <p>Complexity: O(C·(n + m)) for C initial components (components and bridges are recomputed
 * after each swap, iteratively, without recursion).
 */
final class ConnectingSwaps {
  private ConnectingSwaps() {}

  /**
   * Repairs in place.
   *
   * @param n number of nodes
   * @param from one end of each link (modified)
   * @param to other end of each link (modified)
   * @param fixed links {@code 0..fixed-1} are never swapped
   * @param rnd random choices of the links to swap
   * @return number of components left (1 when connected)
   */
  static int connect(int n, int[] from, int[] to, int fixed, SplittableRandom rnd) {
    int m = from.length;
    while (true) {
      int[] offsets = new int[n + 1];
      int[] adj = new int[2 * m];
      buildAdjacency(n, from, to, offsets, adj);
      int[] comp = new int[n];
      int count = components(n, from, to, offsets, adj, comp);
      if (count <= 1) {
        return count;
      }
      boolean[] bridge = bridges(n, from, to, offsets, adj);
      int[] onCycle = new int[m];
      int cycles = 0;
      for (int e = fixed; e < m; e++) {
        if (!bridge[e]) {
          onCycle[cycles++] = e;
        }
      }
      if (cycles == 0) {
        return count;
      }
      int i = onCycle[rnd.nextInt(cycles)];
      int ca = comp[from[i]];
      int[] other = new int[m];
      int others = 0;
      for (int e = fixed; e < m; e++) {
        if (comp[from[e]] != ca) {
          other[others++] = e;
        }
      }
      if (others == 0) {
        return count;
      }
      int j = other[rnd.nextInt(others)];
      int a = from[i];
      int b = to[i];
      int c = from[j];
      int d = to[j];
      from[i] = Math.min(a, c);
      to[i] = Math.max(a, c);
      from[j] = Math.min(b, d);
      to[j] = Math.max(b, d);
    }
  }

  private static void buildAdjacency(int n, int[] from, int[] to, int[] offsets, int[] adj) {
    for (int e = 0; e < from.length; e++) {
      offsets[from[e] + 1]++;
      offsets[to[e] + 1]++;
    }
    for (int v = 0; v < n; v++) {
      offsets[v + 1] += offsets[v];
    }
    int[] next = Arrays.copyOf(offsets, n);
    for (int e = 0; e < from.length; e++) {
      adj[next[from[e]]++] = e;
      adj[next[to[e]]++] = e;
    }
  }

  private static int components(
      int n, int[] from, int[] to, int[] offsets, int[] adj, int[] comp) {
    Arrays.fill(comp, -1);
    int[] stack = new int[n];
    int count = 0;
    for (int s = 0; s < n; s++) {
      if (comp[s] >= 0) {
        continue;
      }
      int top = 0;
      stack[top++] = s;
      comp[s] = count;
      while (top > 0) {
        int v = stack[--top];
        for (int p = offsets[v]; p < offsets[v + 1]; p++) {
          int e = adj[p];
          int w = from[e] == v ? to[e] : from[e];
          if (comp[w] < 0) {
            comp[w] = count;
            stack[top++] = w;
          }
        }
      }
      count++;
    }
    return count;
  }

  /** Tarjan's bridge finding by iterative DFS; parallel links are never bridges. */
  private static boolean[] bridges(int n, int[] from, int[] to, int[] offsets, int[] adj) {
    boolean[] bridge = new boolean[from.length];
    int[] disc = new int[n];
    int[] low = new int[n];
    int[] parentLink = new int[n];
    int[] cursor = new int[n];
    int[] stack = new int[n];
    Arrays.fill(disc, -1);
    int time = 0;
    for (int s = 0; s < n; s++) {
      if (disc[s] >= 0) {
        continue;
      }
      int top = 0;
      stack[top++] = s;
      disc[s] = low[s] = time++;
      parentLink[s] = -1;
      cursor[s] = offsets[s];
      while (top > 0) {
        int v = stack[top - 1];
        if (cursor[v] < offsets[v + 1]) {
          int e = adj[cursor[v]++];
          if (e == parentLink[v]) {
            continue;
          }
          int w = from[e] == v ? to[e] : from[e];
          if (disc[w] < 0) {
            disc[w] = low[w] = time++;
            parentLink[w] = e;
            cursor[w] = offsets[w];
            stack[top++] = w;
          } else {
            low[v] = Math.min(low[v], disc[w]);
          }
        } else {
          top--;
          int e = parentLink[v];
          if (e >= 0) {
            int u = from[e] == v ? to[e] : from[e];
            low[u] = Math.min(low[u], low[v]);
            if (low[v] > disc[u]) {
              bridge[e] = true;
            }
          }
        }
      }
    }
    return bridge;
  }
}
