package org.fabriclab.sim.flow;

/**
 * Max-min fair rates by textbook water-filling, written independently of {@link
 * MaxMinProgressiveFilling} for the tests: in each round every unfrozen flow's rate grows by the
 * same amount until some link is full; the flows crossing a full link freeze. O(rounds · flows ·
 * hops), fine for small instances only.
 */
final class BruteForceMaxMin {
  private BruteForceMaxMin() {}

  /** Rates of the flows with {@code on[f]} (others 0) over links of capacity {@code cap}. */
  static double[] rates(double[] cap, int[][] paths, boolean[] on) {
    int n = paths.length;
    double[] rate = new double[n];
    boolean[] frozen = new boolean[n];
    for (int f = 0; f < n; f++) {
      frozen[f] = !on[f] || paths[f].length == 0;
    }
    double[] used = new double[cap.length];
    while (true) {
      int[] users = new int[cap.length];
      boolean any = false;
      for (int f = 0; f < n; f++) {
        if (!frozen[f]) {
          any = true;
          for (int l : paths[f]) {
            users[l]++;
          }
        }
      }
      if (!any) {
        return rate;
      }
      double inc = Double.MAX_VALUE;
      for (int l = 0; l < cap.length; l++) {
        if (users[l] > 0) {
          inc = Math.min(inc, (cap[l] - used[l]) / users[l]);
        }
      }
      for (int f = 0; f < n; f++) {
        if (!frozen[f]) {
          rate[f] += inc;
          for (int l : paths[f]) {
            used[l] += inc;
          }
        }
      }
      for (int l = 0; l < cap.length; l++) {
        if (users[l] > 0 && cap[l] - used[l] <= 1e-9 * cap[l]) {
          for (int f = 0; f < n; f++) {
            if (!frozen[f]) {
              for (int x : paths[f]) {
                if (x == l) {
                  frozen[f] = true;
                  break;
                }
              }
            }
          }
        }
      }
    }
  }
}
