package org.fabriclab.shoal;

import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * Reference for the fairness experiment and test oracle: max-min fair rates by progressive filling
 * (Bertsekas–Gallager, the water-filling of seed 003 §7.2 "Fairness"), written independently of
 * the simulator. Each subflow (flow f via intermediate j) uses the virtual link src→j and, unless
 * j is the destination, j→dst; every virtual link carries one cell per epoch. A flow's rate is the
 * sum of its subflows'.
 *
 * <p>Progressive filling: all unfrozen subflows rise together; when a link saturates, the
 * subflows crossing it freeze at the current level. Computed by events: per link the count of
 * unfrozen subflows and the capacity left at the level it was last updated, so it saturates at
 * level + left / users; a min-heap yields the next saturating link (stale entries skipped) and
 * each subflow freezes once, updating its one or two links: O((S + L) log L) for S subflows and L
 * links in use. (The first version recounted every subflow every round, O(rounds · (S + N²)):
 * minutes for 1,024 flows on 512 nodes.) Ties resolve one link at a time at the same level.
 */
public final class MaxMinWaterFilling {
  private MaxMinWaterFilling() {}

  /** Rates of each flow in links' capacity units (cells per epoch). */
  public static double[] flowRates(int n, int[] src, int[] dst) {
    int m = src.length;
    int subs = m * (n - 1);
    int[] first = new int[subs];
    int[] second = new int[subs];
    int[] users = new int[n * n];
    int s = 0;
    for (int f = 0; f < m; f++) {
      for (int j = 0; j < n; j++) {
        if (j == src[f]) {
          continue;
        }
        first[s] = src[f] * n + j;
        second[s] = j == dst[f] ? -1 : j * n + dst[f];
        users[first[s]]++;
        if (second[s] >= 0) {
          users[second[s]]++;
        }
        s++;
      }
    }
    // link -> crossing subflows, compressed rows
    int[] start = new int[n * n + 1];
    for (int l = 0; l < n * n; l++) {
      start[l + 1] = start[l] + users[l];
    }
    int[] fill = Arrays.copyOf(start, n * n);
    int[] crossing = new int[start[n * n]];
    for (int x = 0; x < subs; x++) {
      crossing[fill[first[x]]++] = x;
      if (second[x] >= 0) {
        crossing[fill[second[x]]++] = x;
      }
    }
    // progressive filling by events: a link saturates at level lastLevel + capLeft / users;
    // a min-heap of (saturation level, link, version) yields the next one, stale entries skipped
    double[] capLeft = new double[n * n];
    double[] lastLevel = new double[n * n];
    int[] version = new int[n * n];
    PriorityQueue<double[]> heap = new PriorityQueue<>((u, v) -> Double.compare(u[0], v[0]));
    for (int l = 0; l < n * n; l++) {
      capLeft[l] = 1.0;
      if (users[l] > 0) {
        heap.add(new double[] {1.0 / users[l], l, 0});
      }
    }
    double[] rate = new double[subs];
    boolean[] frozen = new boolean[subs];
    while (!heap.isEmpty()) {
      double[] top = heap.poll();
      int l = (int) top[1];
      if (users[l] == 0 || version[l] != (int) top[2]) {
        continue;
      }
      double level = top[0];
      for (int c = start[l]; c < start[l + 1]; c++) {
        int x = crossing[c];
        if (frozen[x]) {
          continue;
        }
        frozen[x] = true;
        rate[x] = level;
        for (int k = 0; k < 2; k++) {
          int l2 = k == 0 ? first[x] : second[x];
          if (l2 < 0) {
            continue;
          }
          capLeft[l2] -= (level - lastLevel[l2]) * users[l2];
          lastLevel[l2] = level;
          users[l2]--;
          version[l2]++;
          if (users[l2] > 0 && l2 != l) {
            heap.add(new double[] {level + Math.max(0, capLeft[l2]) / users[l2], l2, version[l2]});
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
