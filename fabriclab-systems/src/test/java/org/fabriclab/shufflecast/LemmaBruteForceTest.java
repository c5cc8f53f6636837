package org.fabriclab.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lemmas 3 and 4 (seed 000 §III-A4, Appendix A-A3) by brute force over the splitter graph. */
class LemmaBruteForceTest {
  /** Whether relays {@code mask} (bit per ToR) let {@code s} reach every ToR. */
  static boolean reachesAll(ShufflecastTopology t, int s, long mask) {
    int n = t.tors();
    long seen = 1L << s;
    int[] q = new int[n];
    int head = 0;
    int tail = 0;
    q[tail++] = s;
    while (head < tail) {
      int u = q[head++];
      if ((mask >> u & 1) == 0) {
        continue;
      }
      for (int m = 0; m < t.p(); m++) {
        int v = t.successor(u, m);
        if ((seen >> v & 1) == 0) {
          seen |= 1L << v;
          q[tail++] = v;
        }
      }
    }
    return Long.bitCount(seen) == n;
  }

  @Test
  void lemma4NoSmallerRelaySetReachesEveryToR() {
    for (int[] pk : new int[][] {{2, 2}, {3, 2}, {2, 3}, {2, 1}, {3, 1}}) {
      ShufflecastTopology t = new ShufflecastTopology(pk[0], pk[1]);
      int n = t.tors();
      int need = pk[1] * t.pow(pk[1] - 1);
      for (int s : new int[] {0, n - 1}) {
        int min = Integer.MAX_VALUE;
        // every subset containing the source, by increasing size up to the routing's size
        for (long mask = 0; mask < 1L << n; mask++) {
          if ((mask >> s & 1) == 0 || Long.bitCount(mask) > need || Long.bitCount(mask) >= min) {
            continue;
          }
          if (reachesAll(t, s, mask)) {
            min = Long.bitCount(mask);
          }
        }
        assertThat(min).as("%d,%d source %d", pk[0], pk[1], s).isEqualTo(need);
        assertThat(new ShufflecastRouting(t).relaySet(s)).hasSize(need);
      }
    }
  }

  @Test
  void lemma4AtMostPSourcesHaveDisjointRelaySets() {
    // every minimal relay set of every source of 2,2 and 3,2; then the largest family of
    // sources with pairwise disjoint sets, searched exhaustively
    for (int[] pk : new int[][] {{2, 2}, {3, 2}}) {
      ShufflecastTopology t = new ShufflecastTopology(pk[0], pk[1]);
      int n = t.tors();
      int need = pk[1] * t.pow(pk[1] - 1);
      List<List<Long>> sets = new ArrayList<>();
      for (int s = 0; s < n; s++) {
        List<Long> mine = new ArrayList<>();
        for (long mask = 0; mask < 1L << n; mask++) {
          if ((mask >> s & 1) != 0 && Long.bitCount(mask) == need && reachesAll(t, s, mask)) {
            mine.add(mask);
          }
        }
        sets.add(mine);
      }
      assertThat(largestDisjoint(sets, 0, 0L)).as("%d,%d", pk[0], pk[1]).isEqualTo(pk[0]);
    }
  }

  private static int largestDisjoint(List<List<Long>> sets, int from, long used) {
    int best = 0;
    for (int s = from; s < sets.size(); s++) {
      for (long m : sets.get(s)) {
        if ((m & used) == 0) {
          best = Math.max(best, 1 + largestDisjoint(sets, s + 1, used | m));
        }
      }
    }
    return best;
  }

  @Test
  void lemma3SharesForOneColumn() {
    for (int[] pk : new int[][] {{2, 2}, {2, 3}, {3, 2}, {3, 3}, {4, 2}}) {
      int p = pk[0];
      int k = pk[1];
      ShufflecastTopology t = new ShufflecastTopology(p, k);
      ShufflecastRouting r = new ShufflecastRouting(t);
      ConcurrentMulticast c = new ConcurrentMulticast(t.tors());
      // group j: the rows (r_i + j) mod p of a base row, Appendix A-A3; base rows 0 and 1
      int[][] group = new int[2 * p][];
      for (int g = 0; g < 2; g++) {
        for (int j = 0; j < p; j++) {
          int row = 0;
          for (int i = k - 1; i >= 0; i--) {
            int base = i == 0 ? g : 0;
            row = row * p + (base + j) % p;
          }
          group[g * p + j] = r.relaySet(row);
        }
      }
      assertThat(c.maxMinShares(java.util.Arrays.copyOf(group, p))).containsOnly(1.0);
      assertThat(c.maxMinShares(group)).containsOnly(0.5);
      int[][] column = new int[t.rows()][];
      for (int s = 0; s < t.rows(); s++) {
        column[s] = r.relaySet(s);
      }
      double expected = 1.0 / t.pow(k - 1);
      for (double share : c.maxMinShares(column)) {
        assertThat(share).isCloseTo(expected, org.assertj.core.data.Offset.offset(1e-12));
      }
    }
  }
}
