package org.fabriclab.analysis;

import java.util.Arrays;
import org.fabriclab.table.Table;

/**
 * How many ordered pairs of a node class (servers, switches…) lie at each hop distance: the
 * path-length measure of Flat-tree (seed 001, §3.2, "average path length of server pairs").
 *
 * @param counts index = hops, value = number of ordered pairs at that distance; trailing zeros
 *     are trimmed, so {@code counts.length - 1} is the largest distance seen
 * @param unreachablePairs ordered pairs with no directed path
 * @param estimated true when the counts were scaled up from a sample of BFS sources
 */
public record HopHistogram(long[] counts, long unreachablePairs, boolean estimated) {
  /** Validates and trims; the array is copied. */
  public HopHistogram {
    if (unreachablePairs < 0) {
      throw new IllegalArgumentException("unreachablePairs must be >= 0, got " + unreachablePairs);
    }
    int len = counts.length;
    while (len > 0 && counts[len - 1] == 0) {
      len--;
    }
    counts = Arrays.copyOf(counts, len);
    for (long c : counts) {
      if (c < 0) {
        throw new IllegalArgumentException("negative pair count " + c);
      }
    }
  }

  /** No pairs at all. */
  public static HopHistogram empty() {
    return new HopHistogram(new long[0], 0, false);
  }

  /** A copy of the counts (index = hops). */
  @Override
  public long[] counts() {
    return counts.clone();
  }

  /** Pairs at exactly {@code hops} hops (0 beyond the largest distance). */
  public long count(int hops) {
    return hops >= 0 && hops < counts.length ? counts[hops] : 0;
  }

  /** Number of reachable ordered pairs (the sum of the counts). */
  public long pairs() {
    long s = 0;
    for (long c : counts) {
      s += c;
    }
    return s;
  }

  /** Reachable plus unreachable ordered pairs. */
  public long totalPairs() {
    return pairs() + unreachablePairs;
  }

  /** Mean hop count over reachable pairs; NaN when there is none. */
  public double mean() {
    long p = pairs();
    if (p == 0) {
      return Double.NaN;
    }
    double s = 0;
    for (int h = 0; h < counts.length; h++) {
      s += (double) h * counts[h];
    }
    return s / p;
  }

  /** Largest hop count of a reachable pair (the diameter of the class), or -1 if none. */
  public int max() {
    return counts.length - 1;
  }

  /** Share of the reachable pairs at exactly {@code hops} hops; NaN when there is no pair. */
  public double fraction(int hops) {
    long p = pairs();
    return p == 0 ? Double.NaN : (double) count(hops) / p;
  }

  /** Sum of two histograms (e.g. of disjoint source sets); estimated if either is. */
  public HopHistogram merge(HopHistogram other) {
    long[] sum = Arrays.copyOf(counts, Math.max(counts.length, other.counts.length));
    for (int h = 0; h < other.counts.length; h++) {
      sum[h] += other.counts[h];
    }
    return new HopHistogram(
        sum, unreachablePairs + other.unreachablePairs, estimated || other.estimated);
  }

  /**
   * One row per hop count from the smallest to the largest non-empty one: {@code hops},
   * {@code pairs}, {@code fraction} and {@code cumulative} (shares of the reachable pairs).
   * Unreachable pairs are not a row; see {@link #unreachablePairs()}.
   */
  public Table toTable(String name) {
    Table.Builder b =
        Table.builder(name)
            .longColumn("hops")
            .longColumn("pairs")
            .doubleColumn("fraction")
            .doubleColumn("cumulative");
    long p = pairs();
    int first = 0;
    while (first < counts.length && counts[first] == 0) {
      first++;
    }
    long running = 0;
    for (int h = first; h < counts.length; h++) {
      running += counts[h];
      b.row(h, counts[h], (double) counts[h] / p, (double) running / p);
    }
    return b.build();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof HopHistogram h
        && unreachablePairs == h.unreachablePairs
        && estimated == h.estimated
        && Arrays.equals(counts, h.counts);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(counts) + Long.hashCode(unreachablePairs) + (estimated ? 1 : 0);
  }

  @Override
  public String toString() {
    return "HopHistogram"
        + Arrays.toString(counts)
        + (unreachablePairs > 0 ? " unreachable=" + unreachablePairs : "")
        + (estimated ? " (estimated)" : "");
  }
}
