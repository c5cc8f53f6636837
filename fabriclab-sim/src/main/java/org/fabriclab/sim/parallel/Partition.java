package org.fabriclab.sim.parallel;

import java.util.ArrayDeque;
import java.util.Arrays;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.Topology;

/**
 * The nodes of a topology split into logical processes (LPs) for a partitioned, conservative
 * parallel run: each LP has its own simulator, packet pool and accounting, and LPs meet only over
 * the <em>cut links</em> (links whose two ends are in different LPs). The partition is a pure
 * function of the topology: the number of threads that later run it never changes it, which is
 * what makes a run's result independent of the thread count.
 *
 * <p>Default ({@link #of(Topology)}): a topology with a {@code pod} label (fat-tree, Clos) is cut
 * by pod, the nodes without a pod (core switches) dealt to the pods in node order; any other
 * topology is cut into {@code clamp(servers / 16, 1, 64)} parts of nearly equal weight (a switch
 * weighs 1 plus its servers) along a breadth-first order of the switches from the lowest-numbered
 * one, each server going with its first switch neighbour. Links without propagation delay never
 * cross the cut: their ends' LPs are merged (a zero lookahead would stop a conservative window
 * from advancing). LPs are numbered by their lowest node.
 *
 * <p>Lookahead: the smallest propagation delay of a cut link. A packet sent over a cut link at
 * time t reaches the far LP no earlier than t plus that delay (serialisation and queueing only
 * add), so LPs that have all run up to T may safely run the window [T, T + lookahead) apart.
 */
public final class Partition {
  /** Largest number of LPs the balanced default makes. */
  public static final int MAX_DEFAULT_PARTS = 64;

  private final Topology topo;
  private final int[] lpOf;
  private final int parts;
  private final boolean[] cut;
  private final int cutLinks;
  private final long lookaheadPs;

  private Partition(Topology topo, int[] assignment) {
    this.topo = topo;
    int n = topo.nodeCount();
    int[] a = mergeZeroDelay(topo, assignment);
    // renumber by lowest node
    int max = 0;
    for (int x : a) {
      max = Math.max(max, x);
    }
    int[] map = new int[max + 1];
    Arrays.fill(map, -1);
    int next = 0;
    lpOf = new int[n];
    for (int v = 0; v < n; v++) {
      if (map[a[v]] < 0) {
        map[a[v]] = next++;
      }
      lpOf[v] = map[a[v]];
    }
    parts = Math.max(1, next);
    int m = topo.linkCount();
    cut = new boolean[m];
    int c = 0;
    long la = Long.MAX_VALUE;
    for (int e = 0; e < m; e++) {
      if (lpOf[topo.source(e)] != lpOf[topo.target(e)]) {
        cut[e] = true;
        c++;
        la = Math.min(la, topo.delayPs(e));
      }
    }
    cutLinks = c;
    lookaheadPs = la;
  }

  /** The default partition of {@code topo} (see the class comment). */
  public static Partition of(Topology topo) {
    Labels labels = topo.labels();
    if (!labels.isEmpty() && labels.fieldIndex("pod") >= 0) {
      return new Partition(topo, byPod(topo, labels));
    }
    int parts = Math.max(1, Math.min(MAX_DEFAULT_PARTS, topo.serverCount() / 16));
    return new Partition(topo, balanced(topo, parts));
  }

  /**
   * The partition with node {@code v} in LP {@code assignment[v]} (any non-negative ids; LPs are
   * renumbered by their lowest node and merged across zero-delay links).
   */
  public static Partition of(Topology topo, int[] assignment) {
    if (assignment.length != topo.nodeCount()) {
      throw new InvalidParameterException("partition", assignment.length,
          "one LP per node: " + topo.nodeCount() + " entries");
    }
    for (int v = 0; v < assignment.length; v++) {
      if (assignment[v] < 0) {
        throw new InvalidParameterException("partition", assignment[v],
            "node " + v + ": LP ids are >= 0");
      }
    }
    return new Partition(topo, assignment.clone());
  }

  /** One LP holding every node. */
  public static Partition single(Topology topo) {
    return new Partition(topo, new int[topo.nodeCount()]);
  }

  private static int[] byPod(Topology topo, Labels labels) {
    int n = topo.nodeCount();
    int field = labels.fieldIndex("pod");
    int[] a = new int[n];
    int pods = 0;
    for (int v = 0; v < n; v++) {
      pods = Math.max(pods, labels.get(v, field) + 1);
    }
    pods = Math.max(1, pods);
    int dealt = 0;
    for (int v = 0; v < n; v++) {
      int p = labels.get(v, field);
      a[v] = p >= 0 ? p : dealt++ % pods;
    }
    return a;
  }

  private static int[] balanced(Topology topo, int parts) {
    int n = topo.nodeCount();
    int[] a = new int[n];
    int[] home = new int[n]; // each server's switch, each switch itself
    int[] weight = new int[n];
    for (int v = 0; v < n; v++) {
      home[v] = v;
      if (topo.isServer(v)) {
        for (int q = 0; q < topo.degree(v); q++) {
          int u = topo.neighbor(v, q);
          if (!topo.isServer(u)) {
            home[v] = u;
            break;
          }
        }
      }
      weight[home[v]]++;
    }
    // breadth-first order of the switches (and of servers without a switch), from the lowest node
    int[] order = new int[n];
    int len = 0;
    boolean[] seen = new boolean[n];
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    for (int s = 0; s < n; s++) {
      if (seen[s] || home[s] != s) {
        continue;
      }
      seen[s] = true;
      queue.add(s);
      while (!queue.isEmpty()) {
        int v = queue.poll();
        order[len++] = v;
        for (int q = 0; q < topo.degree(v); q++) {
          int u = topo.neighbor(v, q);
          if (!seen[u] && home[u] == u) {
            seen[u] = true;
            queue.add(u);
          }
        }
      }
    }
    long total = 0;
    for (int i = 0; i < len; i++) {
      total += weight[order[i]];
    }
    long acc = 0;
    for (int i = 0; i < len; i++) {
      int v = order[i];
      a[v] = (int) Math.min(parts - 1, acc * parts / Math.max(1, total));
      acc += weight[v];
    }
    for (int v = 0; v < n; v++) {
      a[v] = a[home[v]];
    }
    return a;
  }

  /** Merges the LPs at both ends of every zero-delay link (union-find over LP ids). */
  private static int[] mergeZeroDelay(Topology topo, int[] a) {
    int max = 0;
    for (int x : a) {
      max = Math.max(max, x);
    }
    int[] parent = new int[max + 1];
    for (int i = 0; i <= max; i++) {
      parent[i] = i;
    }
    boolean merged = false;
    for (int e = 0; e < topo.linkCount(); e++) {
      int x = find(parent, a[topo.source(e)]);
      int y = find(parent, a[topo.target(e)]);
      if (x != y && topo.delayPs(e) <= 0) {
        parent[Math.max(x, y)] = Math.min(x, y);
        merged = true;
      }
    }
    if (!merged) {
      return a;
    }
    int[] b = new int[a.length];
    for (int v = 0; v < a.length; v++) {
      b[v] = find(parent, a[v]);
    }
    return b;
  }

  private static int find(int[] parent, int x) {
    while (parent[x] != x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  }

  public Topology topology() {
    return topo;
  }

  /** Number of LPs. */
  public int parts() {
    return parts;
  }

  /** The LP of node {@code v}. */
  public int lp(int v) {
    return lpOf[v];
  }

  /** True when {@code link}'s ends are in different LPs. */
  public boolean isCut(int link) {
    return cut[link];
  }

  /** A copy of the cut flags, one per link. */
  public boolean[] cutLinks() {
    return cut.clone();
  }

  /** Number of directed cut links. */
  public int cutLinkCount() {
    return cutLinks;
  }

  /** The smallest delay of a cut link in ps ({@link Long#MAX_VALUE} with one LP). */
  public long lookaheadPs() {
    return lookaheadPs;
  }

  /** Nodes of LP {@code lp}. */
  public int size(int lp) {
    int c = 0;
    for (int x : lpOf) {
      c += x == lp ? 1 : 0;
    }
    return c;
  }
}
