package org.fabriclab.incast;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;

/**
 * Robustness of an incast tree against failures, seed 004 §IV-E.
 *
 * <ul>
 *   <li>Link or switch failure: a server whose edge to its parent crosses the failed cable or
 *       switch reaches its parent along a disjoint 3-hop path through another dimension
 *       {@code i}: {@code x → x[i:=v] → x[i:=v][j:=p_j] → p}, which avoids the level-{@code j}
 *       switch of the edge (its digit {@code i} differs). Values {@code v} whose intermediates lie
 *       in {@code x}'s own subtree are skipped, and the path is cut at its first server on the tree
 *       path to the receiver (so it never runs through or past the receiver). When {@code x} is a
 *       pure relay whose only way out runs through its subtree, the subtree server there takes the
 *       detour itself. Cost: {@code 2·traffic} per detour hop minus the tree edges the flow no
 *       longer uses ({@link #detourCost}). O(k·n) per affected edge plus O(N) for the subtree.
 *   <li>Inner server failure: each child of the failed server reroutes along the shortest path,
 *       avoiding the failed server and its subtree, to the nearest server of the remaining tree (the
 *       next aggregating server or the receiver, or an earlier server of the tree, where it then
 *       aggregates). This deviates from §IV-E, which reroutes along a disjoint path to the next
 *       aggregating server or the receiver (v3 fails in Fig. 3(c): v11 → w2 → v8 → w4 → v0; we
 *       give v11 → v9); the reproduction reports both. If the failed server aggregated, the senders below it re-deliver their data:
 *       the traffic of its subtree is sent again ({@link TreeUpdate#resentTraffic()}). A failed
 *       sender leaves (§IV-C); the receiver is replaced (§IV-D). Breadth-first search over labels,
 *       bounded to {@value #SEARCH_LIMIT} servers.
 * </ul>
 */
public final class IncastFaultHandler {
  public static final int SEARCH_LIMIT = 2_000_000;

  private IncastFaultHandler() {}

  /** The cable between {@code server} and its level-{@code level} switch fails. */
  public static TreeUpdate failLink(IncastTree tree, IncastTransfer t, int server, int level) {
    BCubeLabels L = t.labels();
    InvalidParameterException.requireRange("--level", level, 0, L.k());
    List<int[]> detours = new ArrayList<>();
    for (int i = 1; i < tree.size(); i++) {
      int c = tree.nodes()[i];
      int p = tree.parentServer(i);
      if (L.differingDigit(c, p) == level && (c == server || p == server)) {
        detours.add(detour(L, tree, i, level));
      }
    }
    return TreeUpdate.diff("fail link " + server + "/level " + level, tree, tree, t, detours, 0);
  }

  /** The level-{@code level} switch of {@code server} fails. */
  public static TreeUpdate failSwitch(IncastTree tree, IncastTransfer t, int server, int level) {
    BCubeLabels L = t.labels();
    InvalidParameterException.requireRange("--level", level, 0, L.k());
    long sw = L.switchId(level, server);
    List<int[]> detours = new ArrayList<>();
    for (int i = 1; i < tree.size(); i++) {
      int c = tree.nodes()[i];
      int p = tree.parentServer(i);
      if (L.differingDigit(c, p) == level && L.switchId(level, c) == sw) {
        detours.add(detour(L, tree, i, level));
      }
    }
    return TreeUpdate.diff("fail switch " + sw, tree, tree, t, detours, 0);
  }

  /**
   * The detour of tree edge {@code ci → parent(ci)} (level {@code j}) through another dimension
   * {@code d}: {@code c → c[d:=v] → c[d:=v][j:=p_j] → p}. Candidates with an intermediate in the
   * subtree of {@code c} are skipped; the path is cut at its first server on the tree path from
   * {@code p} to the receiver (it joins the tree there, never passing through the receiver). If
   * every candidate runs into {@code c}'s subtree and {@code c} is a pure relay chain down to that
   * server, that server's flow leaves the chain there instead (through {@code c} it would loop
   * back through itself).
   */
  private static int[] detour(BCubeLabels L, IncastTree tree, int ci, int j) {
    int c = tree.nodes()[ci];
    int p = tree.parentServer(ci);
    Int2IntOpenHashMap idx = tree.indexMap();
    boolean[] inSub = subtree(tree, ci);
    IntOpenHashSet upward = new IntOpenHashSet();
    for (int v = tree.parent()[ci]; v >= 0; v = tree.parent()[v]) {
      upward.add(tree.nodes()[v]);
    }
    int[] fallback = null;
    for (int d = 0; d < L.dims(); d++) {
      if (d == j) {
        continue;
      }
      for (int step = 1; step < L.n(); step++) {
        int a = L.withDigit(c, d, (L.digit(c, d) + step) % L.n());
        int b = L.withDigit(a, j, L.digit(p, j));
        int ai = idx.get(a);
        int bi = idx.get(b);
        boolean aSub = ai >= 0 && inSub[ai];
        boolean bSub = bi >= 0 && inSub[bi];
        if (!aSub && !bSub) {
          return cut(new int[] {c, a, b, p}, upward);
        }
        if (fallback == null && aSub && !bSub && relayChain(tree, ci, ai)) {
          fallback = cut(new int[] {a, b, p}, upward);
        }
      }
    }
    if (fallback != null) {
      return fallback;
    }
    throw new InvalidParameterException("--level", "no detour of " + c + " -> " + p
        + " avoids the failure and the subtree of " + c);
  }

  private static int[] cut(int[] path, IntOpenHashSet upward) {
    for (int k = 1; k < path.length; k++) {
      if (upward.contains(path[k])) {
        return java.util.Arrays.copyOf(path, k + 1);
      }
    }
    return path;
  }

  private static boolean[] subtree(IncastTree tree, int root) {
    boolean[] in = new boolean[tree.size()];
    in[root] = true;
    int[] order = tree.bottomUpOrder();
    for (int k = order.length - 1; k >= 0; k--) {
      int v = order[k];
      if (tree.parent()[v] >= 0 && in[tree.parent()[v]]) {
        in[v] = true;
      }
    }
    return in;
  }

  private static int[] childCounts(IncastTree tree) {
    int[] n = new int[tree.size()];
    for (int i = 1; i < tree.size(); i++) {
      n[tree.parent()[i]]++;
    }
    return n;
  }

  /** Whether every server above {@code bottom} up to {@code top} is a pure relay (one child, no data). */
  private static boolean relayChain(IncastTree tree, int top, int bottom) {
    int[] kids = childCounts(tree);
    for (int v = tree.parent()[bottom]; v >= 0; v = tree.parent()[v]) {
      if (tree.ownSize()[v] > 0 || kids[v] != 1) {
        return false;
      }
      if (v == top) {
        return true;
      }
    }
    return false;
  }

  /**
   * Extra Def. 1 cost of the detours of an update: {@code 2·traffic} per detour hop, minus the
   * tree edges the detoured flow leaves: its own edge and, going up, the edges of pure relays
   * (no own data, one child) until the joining server. An aggregating server on the way keeps
   * sending, so its edge and those above it count as unchanged (exact for α = 0 and unit sizes).
   */
  public static double detourCost(TreeUpdate u, double alpha) {
    IncastTree tree = u.before();
    IncastTree.TreeMetrics m = tree.metrics(alpha);
    Int2IntOpenHashMap idx = tree.indexMap();
    int[] kids = childCounts(tree);
    double extra = 0;
    for (int[] d : u.detours()) {
      int s = idx.get(d[0]);
      int end = idx.get(d[d.length - 1]);
      int saved = 0;
      boolean relay = true;
      for (int v = s; v != end && v > 0; v = tree.parent()[v]) {
        if (v == s || relay) {
          saved++;
        }
        int up = tree.parent()[v];
        relay = relay && tree.ownSize()[up] == 0 && kids[up] == 1;
      }
      extra += 2.0 * (d.length - 1 - saved) * m.edgeTraffic()[s];
    }
    return extra;
  }

  /** Server {@code failed} fails. */
  public static TreeUpdate failServer(IncastTree tree, IncastTransfer t, int failed, double alpha) {
    if (failed == t.receiver()) {
      throw new InvalidParameterException("--server", "the receiver failed: replace it (incast update replace)");
    }
    if (t.senderIndex(failed) >= 0) {
      TreeUpdate u = IncastTreeUpdater.leave(tree, t, failed);
      if (tree.indexOf(failed) >= 0 && hasChildren(tree, tree.indexOf(failed))) {
        return reroute(u.after(), u.transfer(), failed, alpha, "fail sender " + failed, tree);
      }
      return TreeUpdate.diff("fail sender " + failed, tree, u.after(), u.transfer(), List.of(), 0);
    }
    if (tree.indexOf(failed) < 0) {
      return TreeUpdate.diff("fail server " + failed + " (not in tree)", tree, tree, t, List.of(), 0);
    }
    return reroute(tree, t, failed, alpha, "fail server " + failed, tree);
  }

  private static boolean hasChildren(IncastTree tree, int idx) {
    for (int p : tree.parent()) {
      if (p == idx) {
        return true;
      }
    }
    return false;
  }

  private static TreeUpdate reroute(IncastTree tree, IncastTransfer t, int failed, double alpha,
      String op, IncastTree original) {
    BCubeLabels L = t.labels();
    int fi = tree.indexOf(failed);
    // subtree of the failed server
    IntOpenHashSet sub = new IntOpenHashSet();
    IncastTree.TreeMetrics m = tree.metrics(alpha);
    boolean aggregated = java.util.Arrays.binarySearch(m.aggregating(), failed) >= 0;
    double resent = 0;
    int[] order = tree.bottomUpOrder();
    boolean[] inSub = new boolean[tree.size()];
    inSub[fi] = true;
    for (int k = order.length - 1; k >= 0; k--) {
      int v = order[k];
      if (tree.parent()[v] >= 0 && inSub[tree.parent()[v]]) {
        inSub[v] = true;
      }
    }
    IntArrayList children = new IntArrayList();
    for (int v = 0; v < tree.size(); v++) {
      if (inSub[v]) {
        sub.add(tree.nodes()[v]);
        if (aggregated && v != fi) {
          resent += 2 * m.edgeTraffic()[v];
        }
        if (tree.parent()[v] == fi) {
          children.add(tree.nodes()[v]);
        }
      }
    }
    TreeAssembler a = IncastTreeUpdater.assembler(tree, t);
    for (int c : children) {
      IntArrayList path = bfs(L, c, sub, tree, failed);
      for (int i = 0; i + 1 < path.size(); i++) {
        a.setParent(path.getInt(i), path.getInt(i + 1));
      }
    }
    IncastTree after = a.build(tree.method(), tree.sequence(), tree.inNetworkAggregation());
    return TreeUpdate.diff(op, original, after, t, List.of(), resent);
  }

  /** Shortest path from {@code c} to the nearest tree server outside {@code avoid}. */
  private static IntArrayList bfs(BCubeLabels L, int c, IntOpenHashSet avoid, IncastTree tree, int failed) {
    Int2IntOpenHashMap prev = new Int2IntOpenHashMap();
    Int2IntOpenHashMap inTree = tree.indexMap();
    IntArrayList queue = new IntArrayList();
    queue.add(c);
    prev.put(c, c);
    for (int h = 0; h < queue.size() && h < SEARCH_LIMIT; h++) {
      int v = queue.getInt(h);
      for (int j = 0; j < L.dims(); j++) {
        for (int x = 0; x < L.n(); x++) {
          int w = L.withDigit(v, j, x);
          if (w == v || prev.containsKey(w) || w == failed || (avoid.contains(w))) {
            continue;
          }
          prev.put(w, v);
          if (inTree.get(w) >= 0) {
            IntArrayList path = new IntArrayList();
            for (int y = w; y != c; y = prev.get(y)) {
              path.add(y);
            }
            path.add(c);
            java.util.Collections.reverse(path);
            return path;
          }
          queue.add(w);
        }
      }
    }
    throw new IllegalStateException("no path around failed server " + failed);
  }
}
