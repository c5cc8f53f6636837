package org.fabriclab.incast;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.fabriclab.error.InvalidParameterException;

/**
 * An incast minimal tree (seed 004 Def. 1, NP-hard by Thm. 1) for small instances, under the
 * paper's main model: α = 0 and equal sender sizes {@code c}. Then every tree server but the
 * receiver sends exactly {@code c} (one flow, or an aggregate of size {@code c}), so the cost is
 * {@code 2c·(edges)} and the minimal tree is a Steiner tree of the generalized hypercube over the
 * servers. It is found exactly by Dreyfus–Wagner dynamic programming over the sender subsets, on
 * the servers whose every digit is one a member uses in that dimension (projecting other digit
 * values onto a used one maps any tree onto that set without adding edges, so an optimum lies
 * there). O(3^m·V + 2^m·V²·k) for V such servers; refused beyond {@value #MAX_SENDERS} senders or
 * {@value #MAX_WORK} elementary steps.
 */
public final class ExactIncastTreeBuilder implements IncastTreeBuilder {
  public static final int MAX_SENDERS = 14;
  public static final long MAX_WORK = 400_000_000L;

  @Override
  public IncastTree build(IncastTransfer t) {
    BCubeLabels L = t.labels();
    int m = t.senderCount();
    InvalidParameterException.requireRange("exact: senders", m, 1, MAX_SENDERS);
    for (double z : t.sizes()) {
      if (z != t.sizes()[0]) {
        throw new InvalidParameterException("--method exact", "needs equal sender sizes");
      }
    }
    int[] vertices = candidateServers(t);
    int V = vertices.length;
    long work = (long) Math.pow(3, m) * V + (1L << m) * V * (long) V * L.dims();
    if (work > MAX_WORK) {
      throw new InvalidParameterException(
          "--method exact", "instance too large (" + m + " senders, " + V + " candidate servers)");
    }
    int[][] dist = new int[V][V];
    for (int a = 0; a < V; a++) {
      for (int b = a + 1; b < V; b++) {
        dist[a][b] = dist[b][a] = L.hamming(vertices[a], vertices[b]);
      }
    }
    Int2IntOpenHashMap idx = new Int2IntOpenHashMap();
    for (int i = 0; i < V; i++) {
      idx.put(vertices[i], i);
    }
    int full = (1 << m) - 1;
    int[][] dp = new int[full + 1][];
    int[][] from = new int[full + 1][];
    int[][] split = new int[full + 1][];
    for (int i = 0; i < m; i++) {
      int si = idx.get(t.senders()[i]);
      dp[1 << i] = dist[si].clone();
      from[1 << i] = new int[V];
      Arrays.fill(from[1 << i], si);
    }
    for (int s = 1; s <= full; s++) {
      if (Integer.bitCount(s) < 2) {
        continue;
      }
      int[] g = new int[V];
      int[] gs = new int[V];
      Arrays.fill(g, Integer.MAX_VALUE);
      int low = s & -s;
      for (int a = (s - 1) & s; a > 0; a = (a - 1) & s) {
        if ((a & low) == 0) {
          continue;
        }
        int[] x = dp[a];
        int[] y = dp[s ^ a];
        for (int v = 0; v < V; v++) {
          int c = x[v] + y[v];
          if (c < g[v]) {
            g[v] = c;
            gs[v] = a;
          }
        }
      }
      int[] d = new int[V];
      int[] f = new int[V];
      for (int v = 0; v < V; v++) {
        int best = Integer.MAX_VALUE;
        int arg = v;
        for (int u = 0; u < V; u++) {
          int c = g[u] + dist[u][v];
          if (c < best) {
            best = c;
            arg = u;
          }
        }
        d[v] = best;
        f[v] = arg;
      }
      dp[s] = d;
      from[s] = f;
      split[s] = gs;
    }
    IntArrayList edges = new IntArrayList();
    collect(full, idx.get(t.receiver()), vertices, from, split, L, edges);
    return assemble(t, edges);
  }

  private void collect(
      int s, int v, int[] vs, int[][] from, int[][] split, BCubeLabels L, IntArrayList edges) {
    int u = from[s][v];
    addPath(vs[u], vs[v], L, edges);
    if (Integer.bitCount(s) == 1) {
      return;
    }
    int a = split[s][u];
    collect(a, u, vs, from, split, L, edges);
    collect(s ^ a, u, vs, from, split, L, edges);
  }

  private static void addPath(int a, int b, BCubeLabels L, IntArrayList edges) {
    int x = a;
    for (int j = 0; j < L.dims(); j++) {
      if (L.digit(x, j) != L.digit(b, j)) {
        int y = L.withDigit(x, j, L.digit(b, j));
        edges.add(x);
        edges.add(y);
        x = y;
      }
    }
  }

  /** Breadth-first tree from the receiver over the union of the collected edges. */
  private static IncastTree assemble(IncastTransfer t, IntArrayList edges) {
    it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap<IntArrayList> adj =
        new it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap<>();
    for (int i = 0; i < edges.size(); i += 2) {
      int a = edges.getInt(i);
      int b = edges.getInt(i + 1);
      adj.computeIfAbsent(a, z -> new IntArrayList()).add(b);
      adj.computeIfAbsent(b, z -> new IntArrayList()).add(a);
    }
    TreeAssembler tree = new TreeAssembler(t);
    IntArrayList queue = new IntArrayList();
    queue.add(t.receiver());
    for (int h = 0; h < queue.size(); h++) {
      int v = queue.getInt(h);
      for (int w : adj.getOrDefault(v, new IntArrayList())) {
        if (!tree.contains(w)) {
          tree.setParent(w, v);
          queue.add(w);
        }
      }
    }
    return tree.build("exact", new int[0], true);
  }

  /** Servers whose every digit is used by some member in that dimension. */
  static int[] candidateServers(IncastTransfer t) {
    BCubeLabels L = t.labels();
    int dims = L.dims();
    boolean[][] used = new boolean[dims][L.n()];
    for (int j = 0; j < dims; j++) {
      used[j][L.digit(t.receiver(), j)] = true;
      for (int s : t.senders()) {
        used[j][L.digit(s, j)] = true;
      }
    }
    IntArrayList out = new IntArrayList();
    out.add(0);
    for (int j = 0; j < dims; j++) {
      IntArrayList next = new IntArrayList();
      for (int base : out) {
        for (int v = 0; v < L.n(); v++) {
          if (used[j][v]) {
            next.add(L.withDigit(base, j, v));
          }
        }
      }
      out = next;
    }
    return out.toIntArray();
  }
}
