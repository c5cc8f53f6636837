package org.fabriclab.incast;

/**
 * Test oracle: the minimum number of server-level edges of a tree spanning the receiver and the
 * senders, by enumerating every set of extra servers of a small BCube and checking that the
 * induced subgraph of the generalized hypercube is connected (a spanning tree then has
 * |servers| − 1 edges). Independent of the builders. O(2^N·N²).
 */
final class BruteForce {
  private BruteForce() {}

  static int minimumEdges(IncastTransfer t) {
    BCubeLabels L = t.labels();
    int n = L.serverCount();
    long terminals = 1L << t.receiver();
    for (int s : t.senders()) {
      terminals |= 1L << s;
    }
    int best = Integer.MAX_VALUE;
    long others = ((1L << n) - 1) & ~terminals;
    // enumerate subsets of the other servers
    for (long sub = others; ; sub = (sub - 1) & others) {
      long set = sub | terminals;
      int size = Long.bitCount(set);
      if (size - 1 < best && connected(L, set, t.receiver())) {
        best = size - 1;
      }
      if (sub == 0) {
        break;
      }
    }
    return best;
  }

  private static boolean connected(BCubeLabels L, long set, int start) {
    long seen = 1L << start;
    long frontier = seen;
    while (frontier != 0) {
      long next = 0;
      for (long f = frontier; f != 0; f &= f - 1) {
        int v = Long.numberOfTrailingZeros(f);
        for (long g = set & ~seen; g != 0; g &= g - 1) {
          int w = Long.numberOfTrailingZeros(g);
          if (L.differingDigit(v, w) >= 0) {
            next |= 1L << w;
          }
        }
      }
      next &= ~seen;
      seen |= next;
      frontier = next;
    }
    return (seen & set) == set;
  }
}
