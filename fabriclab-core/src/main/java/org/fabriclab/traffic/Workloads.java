package org.fabriclab.traffic;

import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.units.Limits;

/**
 * Seeded workload generators returning {@link FlowTrace}s over server indices {@code 0..hosts-1}:
 * Poisson arrivals with any {@link SizeDistribution} over uniform ordered pairs (src ≠ dst) or a
 * skewed (Zipf-like) choice of destinations, a random permutation, incast, all-to-all. The same
 * seed gives the same trace. Messages name the parameters by the CLI options that set them
 * ({@code --flows}, {@code --rate-per-s}, {@code --skew}, {@code --senders}, {@code --flow-bytes}). Starts and sizes stay within {@link Limits} (a rate so low that a
 * start would pass {@link Limits#MAX_START_NS} is refused). All O(flows).
 */
public final class Workloads {
  private Workloads() {}

  /**
   * Poisson arrivals at {@code ratePerSecond}, {@code flows} flows, sizes from {@code sizes}; the
   * destination is uniform over the other hosts when {@code zipfSkew = 0}, else drawn with
   * probability proportional to 1/(rank+1)^skew (ranks a seeded shuffle of the hosts).
   */
  public static FlowTrace poisson(int hosts, int flows, double ratePerSecond,
      SizeDistribution sizes, double zipfSkew, long seed) {
    requireHosts(hosts);
    InvalidParameterException.requireRange("--flows", flows, 0, 100_000_000);
    if (!(ratePerSecond > 0 && ratePerSecond < 1e12)) {
      throw new InvalidParameterException("--rate-per-s", ratePerSecond, "valid range (0, 1e12) flows/s");
    }
    if (!(zipfSkew >= 0 && zipfSkew <= 10)) {
      throw new InvalidParameterException("--skew", zipfSkew, "valid range [0, 10]");
    }
    RandomStreams streams = new RandomStreams(seed);
    SplittableRandom arr = streams.stream("traffic.poisson.arrivals");
    SplittableRandom pair = streams.stream("traffic.poisson.pairs");
    SplittableRandom size = streams.stream("traffic.poisson.sizes");
    double[] cdf = null;
    int[] rankHost = null;
    if (zipfSkew > 0) {
      rankHost = shuffled(hosts, streams.stream("traffic.poisson.ranks"));
      cdf = new double[hosts];
      double c = 0;
      for (int r = 0; r < hosts; r++) {
        c += 1 / Math.pow(r + 1, zipfSkew);
        cdf[r] = c;
      }
      for (int r = 0; r < hosts; r++) {
        cdf[r] /= c;
      }
    }
    long[] id = new long[flows];
    int[] src = new int[flows];
    int[] dst = new int[flows];
    long[] start = new long[flows];
    long[] bytes = new long[flows];
    double t = 0;
    for (int i = 0; i < flows; i++) {
      id[i] = i;
      if (!(t * 1e9 <= Limits.MAX_START_NS)) {
        throw new InvalidParameterException("--rate-per-s", "--flows " + flows + " at --rate-per-s "
            + ratePerSecond + ": flow " + i + " would start after " + Limits.MAX_START_NS
            + " ns (about 4.6e6 s, the latest start the engines represent); raise the rate or"
            + " lower the flow count");
      }
      start[i] = Math.round(t * 1e9);
      t += -Math.log(1.0 - arr.nextDouble()) / ratePerSecond;
      src[i] = pair.nextInt(hosts);
      if (cdf == null) {
        dst[i] = (src[i] + 1 + pair.nextInt(hosts - 1)) % hosts;
      } else {
        do {
          int r = java.util.Arrays.binarySearch(cdf, pair.nextDouble());
          dst[i] = rankHost[Math.min(hosts - 1, r >= 0 ? r : -r - 1)];
        } while (dst[i] == src[i]);
      }
      bytes[i] = sizes.sample(size);
    }
    return new FlowTrace(id, src, dst, start, bytes);
  }

  /** Every host sends {@code bytes} to a distinct host of a random derangement, at time 0. */
  public static FlowTrace permutation(int hosts, long bytes, long seed) {
    requireHosts(hosts);
    SplittableRandom rnd = new RandomStreams(seed).stream("traffic.permutation");
    int[] p;
    do {
      p = shuffled(hosts, rnd);
    } while (hasFixedPoint(p));
    int[] src = new int[hosts];
    for (int i = 0; i < hosts; i++) {
      src[i] = i;
    }
    return fixed(src, p, bytes);
  }

  /** Hosts {@code 1..senders} each send {@code bytes} to host 0 at time 0. */
  public static FlowTrace incast(int hosts, int senders, long bytes) {
    requireHosts(hosts);
    InvalidParameterException.requireRange("--senders", senders, 1, hosts - 1);
    int[] src = new int[senders];
    int[] dst = new int[senders];
    for (int i = 0; i < senders; i++) {
      src[i] = i + 1;
    }
    return fixed(src, dst, bytes);
  }

  /** Every ordered pair of distinct hosts exchanges {@code bytes} at time 0: h·(h−1) flows. */
  public static FlowTrace allToAll(int hosts, long bytes) {
    requireHosts(hosts);
    InvalidParameterException.requireRange("hosts", hosts, 2, 46_341);
    int n = hosts * (hosts - 1);
    int[] src = new int[n];
    int[] dst = new int[n];
    int k = 0;
    for (int a = 0; a < hosts; a++) {
      for (int b = 0; b < hosts; b++) {
        if (a != b) {
          src[k] = a;
          dst[k++] = b;
        }
      }
    }
    return fixed(src, dst, bytes);
  }

  private static FlowTrace fixed(int[] src, int[] dst, long bytes) {
    if (bytes < 1 || bytes > Limits.MAX_FLOW_BYTES) {
      throw new InvalidParameterException("--flow-bytes", bytes, Limits.SIZE_RANGE);
    }
    int n = src.length;
    long[] id = new long[n];
    long[] size = new long[n];
    for (int i = 0; i < n; i++) {
      id[i] = i;
      size[i] = bytes;
    }
    return new FlowTrace(id, src, dst, new long[n], size);
  }

  private static void requireHosts(int hosts) {
    InvalidParameterException.requireRange("hosts", hosts, 2, Integer.MAX_VALUE);
  }

  private static int[] shuffled(int n, SplittableRandom rnd) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int x = p[i];
      p[i] = p[j];
      p[j] = x;
    }
    return p;
  }

  private static boolean hasFixedPoint(int[] p) {
    for (int i = 0; i < p.length; i++) {
      if (p[i] == i) {
        return true;
      }
    }
    return false;
  }
}
