package org.fabriclab.shufflecast;

import java.util.ArrayList;
import java.util.List;

/**
 * Failures of p relays at once in p,k-Shufflecast (seed 000 §III-C1): the paper says reachability
 * may not be restored when all p mirrored relays of one column fail (the p ToRs of a column whose
 * rows differ only in the most significant digit, i.e. whose splitters feed the same p ToRs of the
 * next column) and gives the chance that p random failed relays are such a group as
 * {@code k·p^(k−1) / C(k·p^k, p)}. This class evaluates that formula and checks it by brute force:
 * every p-subset of relays fails, Algorithm 2 recovers each in turn, and the installed rules are
 * followed from every surviving source. O(C(N,p)·N²) — small instances only.
 */
public final class MirroredRelayFailures {
  private final ShufflecastTopology t;

  public MirroredRelayFailures(ShufflecastTopology topology) {
    this.t = topology;
  }

  /** The paper's probability {@code k·p^(k−1) / C(N, p)}. */
  public double paperProbability() {
    return t.k() * (double) t.pow(t.k() - 1) / binomial(t.tors(), t.p());
  }

  /** C(n, r) as a double. */
  static double binomial(int n, int r) {
    double c = 1;
    for (int i = 1; i <= r; i++) {
      c = c * (n - r + i) / i;
    }
    return c;
  }

  /** Whether the relays form one mirrored group (one column, rows equal below the top digit). */
  public boolean mirroredGroup(int[] relays) {
    int low = t.pow(t.k() - 1);
    boolean[] top = new boolean[t.p()];
    for (int x : relays) {
      if (t.column(x) != t.column(relays[0]) || t.row(x) % low != t.row(relays[0]) % low
          || top[t.row(x) / low]) {
        return false;
      }
      top[t.row(x) / low] = true;
    }
    return relays.length == t.p();
  }

  /**
   * Outcome of the brute force.
   *
   * @param subsets p-subsets tried, C(N,p)
   * @param mirroredGroups subsets that are mirrored groups (k·p^(k−1) expected)
   * @param mirroredUnrecovered mirrored groups after whose recovery some survivor is cut off
   * @param otherUnrecovered other subsets after whose recovery some survivor is cut off
   */
  public record Result(long subsets, long mirroredGroups, long mirroredUnrecovered, long otherUnrecovered) {}

  /** Fails every p-subset of relays in turn. */
  public Result bruteForce() {
    int n = t.tors();
    int p = t.p();
    RelayFailureRecovery rec = new RelayFailureRecovery(t, new ShufflecastRouting(t).rules());
    MulticastDelivery d = new MulticastDelivery(t);
    long[] c = new long[4];
    int[] pick = new int[p];
    for (int i = 0; i < p; i++) {
      pick[i] = i;
    }
    while (true) {
      RelayFailureRecovery.Outcome out = rec.recover(pick.clone());
      boolean[] down = out.failedMask(n);
      boolean good = true;
      for (int s = 0; s < n && good; s++) {
        good = down[s] || d.follow(out.rules(), s, down).reachesAll();
      }
      boolean mirrored = mirroredGroup(pick);
      c[0]++;
      c[1] += mirrored ? 1 : 0;
      c[2] += mirrored && !good ? 1 : 0;
      c[3] += !mirrored && !good ? 1 : 0;
      int i = p - 1;
      while (i >= 0 && pick[i] == n - p + i) {
        i--;
      }
      if (i < 0) {
        break;
      }
      pick[i]++;
      for (int j = i + 1; j < p; j++) {
        pick[j] = pick[j - 1] + 1;
      }
    }
    return new Result(c[0], c[1], c[2], c[3]);
  }

  /**
   * Degree of parallelism (§VI-C): per column, the most sources whose one-to-all multicasts use
   * pairwise disjoint transmitters (so all run at line rate), with relay {@code failed} down and
   * recovered by Algorithm 2 ({@code failed < 0}: healthy). Returns the minimum over columns.
   * Exhaustive search up to p sources per column: O(k·C(p^k, ≤p)·N).
   */
  public int parallelism(int failed) {
    int n = t.tors();
    RelayRules rules = new ShufflecastRouting(t).rules();
    boolean[] down = new boolean[n];
    if (failed >= 0) {
      RelayFailureRecovery.Outcome out = new RelayFailureRecovery(t, rules).recover(failed);
      rules = out.rules();
      down = out.failedMask(n);
    }
    MulticastDelivery d = new MulticastDelivery(t);
    int words = (n + 63) / 64;
    int worst = Integer.MAX_VALUE;
    for (int col = 0; col < t.k(); col++) {
      List<long[]> sets = new ArrayList<>();
      for (int r = 0; r < t.rows(); r++) {
        int s = col * t.rows() + r;
        if (down[s]) {
          continue;
        }
        long[] bits = new long[words];
        for (int x : d.follow(rules, s, down).transmitters()) {
          bits[x >>> 6] |= 1L << (x & 63);
        }
        sets.add(bits);
      }
      worst = Math.min(worst, largestDisjoint(sets, 0, new long[words], 0, t.p()));
    }
    return worst;
  }

  private static int largestDisjoint(List<long[]> sets, int from, long[] used, int size, int cap) {
    if (size == cap) {
      return size;
    }
    int best = size;
    for (int i = from; i < sets.size() && best < cap; i++) {
      long[] s = sets.get(i);
      boolean free = true;
      for (int w = 0; w < used.length && free; w++) {
        free = (used[w] & s[w]) == 0;
      }
      if (free) {
        long[] u = used.clone();
        for (int w = 0; w < u.length; w++) {
          u[w] |= s[w];
        }
        best = Math.max(best, largestDisjoint(sets, i + 1, u, size + 1, cap));
      }
    }
    return best;
  }
}
