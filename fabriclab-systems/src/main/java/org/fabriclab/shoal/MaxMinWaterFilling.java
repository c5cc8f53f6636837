package org.fabriclab.shoal;

import java.util.Arrays;

/**
 * Reference for the fairness experiment and test oracle: max-min fair rates by progressive filling (Bertsekas–Gallager, the water-filling of
 * seed 003 §7.2 "Fairness"), written independently of the simulator. Each subflow (flow f via
 * intermediate j) uses the virtual link src→j and, unless j is the destination, j→dst; every
 * virtual link carries one cell per epoch. A flow's rate is the sum of its subflows'.
 */
public final class MaxMinWaterFilling {
  private MaxMinWaterFilling() {}

  /** Rates of each flow in links' capacity units (cells per epoch). */
  public static double[] flowRates(int n, int[] src, int[] dst) {
    int m = src.length;
    int subs = m * (n - 1);
    int[][] links = new int[subs][];
    int s = 0;
    for (int f = 0; f < m; f++) {
      for (int j = 0; j < n; j++) {
        if (j == src[f]) {
          continue;
        }
        links[s++] = j == dst[f] ? new int[] {src[f] * n + j} : new int[] {src[f] * n + j, j * n + dst[f]};
      }
    }
    double[] cap = new double[n * n];
    Arrays.fill(cap, 1.0);
    double[] rate = new double[subs];
    boolean[] frozen = new boolean[subs];
    int left = subs;
    while (left > 0) {
      int[] users = new int[n * n];
      for (int x = 0; x < subs; x++) {
        if (!frozen[x]) {
          for (int l : links[x]) {
            users[l]++;
          }
        }
      }
      double inc = Double.MAX_VALUE;
      for (int l = 0; l < n * n; l++) {
        if (users[l] > 0) {
          inc = Math.min(inc, cap[l] / users[l]);
        }
      }
      for (int x = 0; x < subs; x++) {
        if (!frozen[x]) {
          rate[x] += inc;
          for (int l : links[x]) {
            cap[l] -= inc;
          }
        }
      }
      for (int x = 0; x < subs; x++) {
        if (!frozen[x]) {
          for (int l : links[x]) {
            if (cap[l] <= 1e-12) {
              frozen[x] = true;
              left--;
              break;
            }
          }
        }
      }
    }
    double[] fr = new double[m];
    for (int x = 0; x < subs; x++) {
      fr[x / (n - 1)] += rate[x];
    }
    return fr;
  }
}
