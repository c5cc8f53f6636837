package org.fabriclab.analysis;

import java.util.Arrays;
import org.fabriclab.graph.Topology;
import org.fabriclab.table.Table;

/**
 * Weakly connected components: links are treated as undirected, so a one-way splitter output
 * joins its two ends. Union–find with path halving and union by size over every directed link,
 * O((n + m) α(n)). Components are numbered in order of their smallest node id.
 */
public final class Components {
  private final int[] componentOf;
  private final int[] sizes;

  private Components(int[] componentOf, int[] sizes) {
    this.componentOf = componentOf;
    this.sizes = sizes;
  }

  /** The weakly connected components of {@code t}. */
  public static Components of(Topology t) {
    int n = t.nodeCount();
    int[] parent = new int[n];
    int[] size = new int[n];
    for (int v = 0; v < n; v++) {
      parent[v] = v;
      size[v] = 1;
    }
    int[] off = t.csrOffsets();
    int[] tgt = t.csrTargets();
    for (int u = 0; u < n; u++) {
      for (int e = off[u]; e < off[u + 1]; e++) {
        int a = find(parent, u);
        int b = find(parent, tgt[e]);
        if (a != b) {
          if (size[a] < size[b]) {
            int x = a;
            a = b;
            b = x;
          }
          parent[b] = a;
          size[a] += size[b];
        }
      }
    }
    int[] id = new int[n];
    int[] compOfRoot = new int[n];
    Arrays.fill(compOfRoot, -1);
    int count = 0;
    for (int v = 0; v < n; v++) {
      int r = find(parent, v);
      if (compOfRoot[r] < 0) {
        compOfRoot[r] = count++;
      }
      id[v] = compOfRoot[r];
    }
    int[] sizes = new int[count];
    for (int v = 0; v < n; v++) {
      sizes[id[v]]++;
    }
    return new Components(id, sizes);
  }

  private static int find(int[] parent, int v) {
    while (parent[v] != v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  }

  /** Number of components (0 for an empty topology). */
  public int count() {
    return sizes.length;
  }

  /** The component of {@code node}, in {@code 0..count-1}. */
  public int componentOf(int node) {
    return componentOf[node];
  }

  /** A copy of the component id of every node. */
  public int[] componentIds() {
    return componentOf.clone();
  }

  /** Number of nodes in component {@code c}. */
  public int size(int c) {
    return sizes[c];
  }

  /** A copy of the component sizes, indexed by component id. */
  public int[] sizes() {
    return sizes.clone();
  }

  /** Size of the largest component (0 for an empty topology). */
  public int largest() {
    int m = 0;
    for (int s : sizes) {
      m = Math.max(m, s);
    }
    return m;
  }

  public boolean isConnected() {
    return sizes.length <= 1;
  }

  /** One row per component: {@code component, nodes}. */
  public Table toTable() {
    Table.Builder b = Table.builder("components").longColumn("component").longColumn("nodes");
    for (int c = 0; c < sizes.length; c++) {
      b.row(c, sizes[c]);
    }
    return b.build();
  }
}
