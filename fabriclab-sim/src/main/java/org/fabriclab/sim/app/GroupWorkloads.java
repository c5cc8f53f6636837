package org.fabriclab.sim.app;

import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.rng.RandomStreams;

/**
 * Generated group workloads as {@link TransferGraph}s. O(groups · group size).
 */
public final class GroupWorkloads {
  private GroupWorkloads() {}

  /**
   * {@code groups} one-to-many groups: each has a uniformly random source host and
   * {@code groupSize} distinct random receivers among the other hosts, and sends {@code bytes} to
   * each (one unicast transfer per receiver, all starting together); the groups arrive as a
   * Poisson process of {@code groupsPerSecond} (the first at time 0). Seeded from
   * {@code RandomStreams(seed)} streams {@code app.multicast.*}.
   */
  public static TransferGraph multicast(int hosts, int groupSize, int groups, long bytes,
      double groupsPerSecond, long seed) {
    InvalidParameterException.requireRange("--group-size", groupSize, 1, Math.max(1, hosts - 1));
    InvalidParameterException.requireRange("--groups", groups, 1, 10_000_000);
    InvalidParameterException.requireRange("--flow-bytes", bytes, 1, Long.MAX_VALUE / 4);
    if (!(groupsPerSecond > 0 && groupsPerSecond < 1e12)) {
      throw new InvalidParameterException("--rate-per-s", groupsPerSecond, "valid range (0, 1e12)");
    }
    RandomStreams rs = new RandomStreams(seed);
    SplittableRandom arr = rs.stream("app.multicast.arrivals");
    SplittableRandom pick = rs.stream("app.multicast.members");
    TransferGraph g = new TransferGraph();
    int[] perm = new int[hosts];
    double t = 0;
    for (int k = 0; k < groups; k++) {
      int grp = g.newGroup();
      long startNs = Math.round(t * 1e9);
      t += -Math.log(1.0 - arr.nextDouble()) / groupsPerSecond;
      int src = pick.nextInt(hosts);
      for (int i = 0; i < hosts; i++) {
        perm[i] = i;
      }
      perm[src] = hosts - 1;
      perm[hosts - 1] = src;
      for (int i = 0; i < groupSize; i++) {
        int j = i + pick.nextInt(hosts - 1 - i);
        int x = perm[i];
        perm[i] = perm[j];
        perm[j] = x;
        g.add(src, perm[i], bytes, grp, startNs);
      }
    }
    return g;
  }
}
