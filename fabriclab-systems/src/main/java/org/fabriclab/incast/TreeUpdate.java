package org.fabriclab.incast;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.util.ArrayList;
import java.util.List;

/**
 * What an incremental update of an incast tree changed (seed 004 §IV-C–E).
 *
 * @param operation what happened ("join 37", "fail server 3", ...)
 * @param before tree before
 * @param after tree after
 * @param transfer transfer after
 * @param added edges {child, parent} new in {@code after}
 * @param removed edges {child, parent} of {@code before} gone in {@code after}
 * @param detours paths (server ids) taken around failed links or switches, one per affected edge
 * @param resentTraffic traffic (Def. 1 units) sent again because a failed aggregating server lost
 *     cached data
 */
public record TreeUpdate(
    String operation,
    IncastTree before,
    IncastTree after,
    IncastTransfer transfer,
    List<int[]> added,
    List<int[]> removed,
    List<int[]> detours,
    double resentTraffic) {

  static TreeUpdate diff(String op, IncastTree before, IncastTree after, IncastTransfer t,
      List<int[]> detours, double resent) {
    Int2IntOpenHashMap a = parents(before);
    Int2IntOpenHashMap b = parents(after);
    List<int[]> added = new ArrayList<>();
    List<int[]> removed = new ArrayList<>();
    for (var e : b.int2IntEntrySet()) {
      if (!a.containsKey(e.getIntKey()) || a.get(e.getIntKey()) != e.getIntValue()) {
        added.add(new int[] {e.getIntKey(), e.getIntValue()});
      }
    }
    for (var e : a.int2IntEntrySet()) {
      if (!b.containsKey(e.getIntKey()) || b.get(e.getIntKey()) != e.getIntValue()) {
        removed.add(new int[] {e.getIntKey(), e.getIntValue()});
      }
    }
    return new TreeUpdate(op, before, after, t, added, removed, detours, resent);
  }

  static Int2IntOpenHashMap parents(IncastTree t) {
    Int2IntOpenHashMap m = new Int2IntOpenHashMap(t.size() * 2);
    for (int i = 1; i < t.size(); i++) {
      m.put(t.nodes()[i], t.parentServer(i));
    }
    return m;
  }

  /** Edges unchanged by the update. */
  public int reusedEdges() {
    return after.size() - 1 - added.size();
  }
}
