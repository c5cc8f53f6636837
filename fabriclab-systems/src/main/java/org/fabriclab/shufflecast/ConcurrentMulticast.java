package org.fabriclab.shufflecast;

import java.util.Arrays;

/**
 * Concurrent one-to-all multicasts sharing relays (seed 000 §III-A4 Lemma 3, Fig. 6(d),
 * §VI-C Fig. 7(c)). Each relay's splitter transmitter carries line rate 1; a source's multicast
 * crosses every relay of its relay set once. {@link #maxMinShares} gives the max-min fair rate of
 * each source by progressive filling; {@link #bottleneckShares} gives the paper's Fig. 7(c)
 * throughput, the inverse of the largest number of active sources sharing one of the source's
 * relays. Lemma 3: p sources of one column with distinct digits share nothing (rate 1), 2p get
 * 1/2, a whole column gets {@code 1/p^(k−1)}.
 *
 * <p>Complexity: O(S·R) per filling round for S sources with relay sets of size R, at most S
 * rounds; {@link #bottleneckShares} O(S·R).
 */
public final class ConcurrentMulticast {
  private final int tors;

  /** @param tors number of ToRs (relay ids are in {@code 0..tors−1}) */
  public ConcurrentMulticast(int tors) {
    this.tors = tors;
  }

  /** Max-min fair share of line rate per source ({@code relaySets[i]} is source i's set). */
  public double[] maxMinShares(int[][] relaySets) {
    int s = relaySets.length;
    double[] rate = new double[s];
    boolean[] frozen = new boolean[s];
    double[] used = new double[tors];
    int[] users = new int[tors];
    int active = s;
    while (active > 0) {
      Arrays.fill(users, 0);
      for (int i = 0; i < s; i++) {
        if (!frozen[i]) {
          for (int r : relaySets[i]) {
            users[r]++;
          }
        }
      }
      double step = Double.POSITIVE_INFINITY;
      for (int r = 0; r < tors; r++) {
        if (users[r] > 0) {
          step = Math.min(step, (1.0 - used[r]) / users[r]);
        }
      }
      if (step == Double.POSITIVE_INFINITY) {
        // sources without relays are not limited by the fabric
        for (int i = 0; i < s; i++) {
          if (!frozen[i]) {
            rate[i] = 1.0;
            frozen[i] = true;
          }
        }
        break;
      }
      for (int r = 0; r < tors; r++) {
        used[r] += step * users[r];
      }
      for (int i = 0; i < s; i++) {
        if (frozen[i]) {
          continue;
        }
        rate[i] += step;
        for (int r : relaySets[i]) {
          if (used[r] >= 1.0 - 1e-12) {
            frozen[i] = true;
            active--;
            break;
          }
        }
      }
    }
    return rate;
  }

  /** Fig. 7(c) throughput: {@code 1 / max over s's relays of the number of sources using it}. */
  public double[] bottleneckShares(int[][] relaySets) {
    int[] load = new int[tors];
    for (int[] set : relaySets) {
      for (int r : set) {
        load[r]++;
      }
    }
    double[] out = new double[relaySets.length];
    for (int i = 0; i < out.length; i++) {
      int worst = 1;
      for (int r : relaySets[i]) {
        worst = Math.max(worst, load[r]);
      }
      out[i] = 1.0 / worst;
    }
    return out;
  }
}
