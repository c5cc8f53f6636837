package org.fabriclab.sim.collective;

/** Each rank's end from the nodes' completion times. O(nodes + multicast receivers). */
final class RankEnds {
  private RankEnds() {}

  static long[] of(CollectiveSchedule s, long[] endPs) {
    long[] r = new long[s.ranks()];
    for (int v = 0; v < s.size(); v++) {
      long e = endPs[v];
      r[s.rank(v)] = Math.max(r[s.rank(v)], e);
      if (s.kind(v) != CollectiveSchedule.Kind.STEP) {
        for (int d : s.receivers(v)) {
          r[d] = Math.max(r[d], e);
        }
      }
    }
    return r;
  }
}
