package org.fabriclab.sim.probe;

import java.util.Arrays;

/**
 * Bytes per group per fixed time bin (a throughput time series, e.g. of Shufflecast's {@code multicast --out}).
 * Grows by doubling; O(1) amortised per add, no allocation in steady state.
 */
public final class ByteSeries {
  private final long binPs;
  private final long[][] bins;
  private final int[] used;

  /** Bins of {@code binPs} picoseconds for {@code groups} groups. */
  public ByteSeries(int groups, long binPs) {
    this.binPs = binPs;
    bins = new long[groups][64];
    used = new int[groups];
  }

  /** Adds {@code bytes} of {@code group} at time {@code nowPs}. */
  public void add(int group, long nowPs, long bytes) {
    long i = nowPs / binPs;
    if (i >= Integer.MAX_VALUE - 8) {
      return;
    }
    int b = (int) i;
    if (b >= bins[group].length) {
      bins[group] = Arrays.copyOf(bins[group], Math.max(b + 1, 2 * bins[group].length));
    }
    bins[group][b] += bytes;
    used[group] = Math.max(used[group], b + 1);
  }

  /** Every group's bins, all of one length (the longest used). */
  public long[][] toArrays() {
    int n = 0;
    for (int u : used) {
      n = Math.max(n, u);
    }
    long[][] out = new long[bins.length][];
    for (int g = 0; g < bins.length; g++) {
      out[g] = Arrays.copyOf(bins[g], n);
    }
    return out;
  }
}
