package org.fabriclab.sim.app;

import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.traffic.FlowTrace;

/**
 * Generated group workloads as {@link CollectiveSchedule}s over ranks = hosts. O(groups · group
 * size).
 */
public final class GroupWorkloads {
  private GroupWorkloads() {}

  /**
   * {@code groups} one-to-many groups: each has a uniformly random source host and
   * {@code groupSize} distinct random receivers among the other hosts, and sends {@code bytes} to
   * each (one unicast transfer per receiver, all starting together); the groups arrive as a
   * Poisson process of {@code groupsPerSecond} (the first at time 0). Group {@code k} is phase
   * {@code k}: a step of its source lasting until its arrival time (integer ns), then its
   * transfers. Seeded from {@code RandomStreams(seed)} streams {@code app.multicast.*}.
   */
  public static CollectiveSchedule multicast(int hosts, int groupSize, int groups, long bytes,
      double groupsPerSecond, long seed) {
    InvalidParameterException.requireRange("group size", groupSize, 1, Math.max(1, hosts - 1));
    InvalidParameterException.requireRange("groups", groups, 1, 10_000_000);
    InvalidParameterException.requireRange("bytes per flow", bytes, 1, Long.MAX_VALUE / 4);
    if (!(groupsPerSecond > 0 && groupsPerSecond < 1e12)) {
      throw new InvalidParameterException("group arrival rate per s", groupsPerSecond, "valid range (0, 1e12)");
    }
    RandomStreams rs = new RandomStreams(seed);
    SplittableRandom arr = rs.stream("app.multicast.arrivals");
    SplittableRandom pick = rs.stream("app.multicast.members");
    CollectiveSchedule g = new CollectiveSchedule(hosts).named("multicast");
    int[] perm = new int[hosts];
    double t = 0;
    for (int k = 0; k < groups; k++) {
      g.beginPhase("group " + k);
      long startNs = Math.round(t * 1e9);
      t += -Math.log(1.0 - arr.nextDouble()) / groupsPerSecond;
      int src = pick.nextInt(hosts);
      if (startNs > org.fabriclab.sim.PacketSimulation.MAX_START_NS) {
        throw new InvalidParameterException("group arrival (ns)", startNs, "group " + k
            + ": valid range 0.." + org.fabriclab.sim.PacketSimulation.MAX_START_NS + " (a faster arrival rate)");
      }
      int arrival = g.step(src, startNs * 1000L);
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
        g.transfer(src, perm[i], bytes, arrival);
      }
    }
    return g;
  }

  /**
   * The transfers of {@code s} as flows (id = the transfer's index among the transfers, host =
   * rank), each starting at its release time: the end of the chain of steps it waits for (0 when
   * it waits for none). Throws when a transfer waits for another transfer or a group operation,
   * whose end no trace can give. O(nodes + dependencies).
   */
  public static FlowTrace releaseTrace(CollectiveSchedule s) {
    long[] release = new long[s.size()];
    int flows = 0;
    for (int v = 0; v < s.size(); v++) {
      long at = 0;
      for (int i = 0; i < s.dependencyCount(v); i++) {
        int d = s.dependency(v, i);
        if (s.kind(d) != CollectiveSchedule.Kind.STEP) {
          throw new InvalidParameterException("schedule", "node " + v + " waits for a transfer: it has no release time");
        }
        at = Math.max(at, release[d]);
      }
      release[v] = at + s.durationPs(v);
      flows += s.kind(v) == CollectiveSchedule.Kind.TRANSFER ? 1 : 0;
    }
    long[] id = new long[flows];
    int[] src = new int[flows];
    int[] dst = new int[flows];
    long[] st = new long[flows];
    long[] b = new long[flows];
    for (int v = 0, f = 0; v < s.size(); v++) {
      if (s.kind(v) == CollectiveSchedule.Kind.TRANSFER) {
        id[f] = f;
        src[f] = s.rank(v);
        dst[f] = s.receiver(v);
        st[f] = release[v] / 1000;
        b[f] = s.bytes(v);
        f++;
      }
    }
    return new FlowTrace(id, src, dst, st, b);
  }
}
