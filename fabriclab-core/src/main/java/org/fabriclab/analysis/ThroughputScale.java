package org.fabriclab.analysis;

/**
 * What a throughput solver's failure names: the extreme demands and capacities of the instance,
 * with their endpoints and links, so that one line points at the values that made it fail.
 */
final class ThroughputScale {
  /** The range every message ends with. */
  static final String RANGE = "positive demands are valid in " + ThroughputProblem.MIN_DEMAND_PER_CAPACITY + ".."
      + ThroughputProblem.MAX_DEMAND_PER_CAPACITY + " times the largest link capacity";

  private ThroughputScale() {}

  /** The smallest and largest demand (with their nodes) and link capacity (with their link). */
  static String describe(ThroughputProblem p) {
    int lo = -1;
    int hi = -1;
    int[] group = new int[p.commodityCount()];
    for (int g = 0; g < p.groupCount(); g++) {
      for (int i = p.groupStart(g); i < p.groupStart(g + 1); i++) {
        group[i] = g;
        if (lo < 0 || p.demand(i) < p.demand(lo)) {
          lo = i;
        }
        if (hi < 0 || p.demand(i) > p.demand(hi)) {
          hi = i;
        }
      }
    }
    int cl = -1;
    int ch = -1;
    for (int e = 0; e < p.linkCount(); e++) {
      if (cl < 0 || p.capacity(e) < p.capacity(cl)) {
        cl = e;
      }
      if (ch < 0 || p.capacity(e) > p.capacity(ch)) {
        ch = e;
      }
    }
    StringBuilder b = new StringBuilder();
    if (lo >= 0) {
      b.append("demands from ").append(demand(p, lo, group[lo])).append(" to ").append(demand(p, hi, group[hi]));
    }
    if (cl >= 0) {
      b.append(b.length() > 0 ? " and " : "").append("link capacities from ").append(p.capacity(cl))
          .append(" (link ").append(p.originalLink(cl)).append(") to ").append(p.capacity(ch))
          .append(" (link ").append(p.originalLink(ch)).append(')');
    }
    return b.toString();
  }

  private static String demand(ThroughputProblem p, int i, int g) {
    int src = p.bySink() ? p.sink(i) : p.root(g);
    int dst = p.bySink() ? p.root(g) : p.sink(i);
    return p.demand(i) + " (" + src + " -> " + dst + ")";
  }
}
