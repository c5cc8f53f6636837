package org.fabriclab.shoal;

import org.fabriclab.sim.flow.MaxMinProgressiveFilling;

/**
 * Reference for the fairness experiment: max-min fair rates by progressive filling
 * (Bertsekas–Gallager, the water-filling of seed 003 §7.2 "Fairness") on Shoal's detour routing,
 * independent of the slotted simulator. Each subflow (flow f via intermediate j) uses the virtual
 * link src→j and, unless j is the destination, j→dst; every virtual link carries one cell per
 * epoch. A flow's rate is the sum of its subflows'.
 *
 * <p>The filling is the engine's one implementation, {@link MaxMinProgressiveFilling#rates}, over
 * the N² virtual links (link {@code a·N + b} for a→b) with one flow per subflow: O(S + (L + R) log
 * L) for S subflows, L links in use and R re-insertions.
 */
public final class MaxMinWaterFilling {
  private MaxMinWaterFilling() {}

  /** Rates of each flow in links' capacity units (cells per epoch). */
  public static double[] flowRates(int n, int[] src, int[] dst) {
    int m = src.length;
    int[][] subflows = new int[m * (n - 1)][];
    int s = 0;
    for (int f = 0; f < m; f++) {
      for (int j = 0; j < n; j++) {
        if (j == src[f]) {
          continue;
        }
        subflows[s++] = j == dst[f] ? new int[] {src[f] * n + j}
            : new int[] {src[f] * n + j, j * n + dst[f]};
      }
    }
    double[] capacity = new double[n * n];
    java.util.Arrays.fill(capacity, 1.0);
    double[] rate = MaxMinProgressiveFilling.rates(capacity, subflows);
    double[] fr = new double[m];
    for (int x = 0; x < subflows.length; x++) {
      fr[x / (n - 1)] += rate[x];
    }
    return fr;
  }
}
