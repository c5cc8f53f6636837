package org.fabriclab.shoal.dataplane;

import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.fabriclab.sim.collective.host.UnicastFanout;

/**
 * The direct schedule of each operation, the one {@link ShoalScheme} runs: every rank sends each
 * peer what that peer needs straight away, all at once, and nothing is relayed by a rank. On a
 * Shoal rack every pair of nodes is joined by a virtual link of equal rate and every node already
 * spreads its cells over all others (seed 003 §3.3.2 "High Multi-pathing", §3.3.1), so the relays
 * of a tree or ring would add rounds (each costing at least an epoch of latency, §3.4) without
 * buying bandwidth.
 *
 * <ul>
 *   <li>broadcast, scatter, gather, reduce, incast, allgather, all-to-all: {@link UnicastFanout}
 *       ({@code flat}): MPI's basic linear algorithms;
 *   <li>reduce-scatter: every rank sends block j (S / n) to rank j, which reduces each arrival in
 *       turn (a step of the spec's reduction time, none when reductions are free);
 *   <li>allreduce: the same direct reduce-scatter of S cut into n blocks (the first S mod n one
 *       byte longer), then every rank sends its reduced block to every other rank once its own
 *       reductions are done.
 * </ul>
 * O(n²) transfers.
 */
public final class DirectSchedules {
  private DirectSchedules() {}

  /** The direct schedule of {@code spec}. */
  public static CollectiveSchedule of(CollectiveSpec spec) {
    return switch (spec.op()) {
      case REDUCE_SCATTER, ALLREDUCE -> reduceScatter(spec);
      default -> new UnicastFanout().build(spec);
    };
  }

  private static CollectiveSchedule reduceScatter(CollectiveSpec spec) {
    int n = spec.ranks();
    long s = spec.sizeBytes();
    CollectiveSchedule out = new CollectiveSchedule(n);
    boolean all = spec.op() == CollectiveOp.ALLREDUCE;
    int[] reduced = new int[n];
    for (int j = 0; j < n; j++) {
      long b = s / n + (j < s % n ? 1 : 0);
      reduced[j] = -1;
      if (b == 0) {
        continue;
      }
      int[] arrivals = new int[n - 1];
      int acc = -1;
      for (int i = 0, a = 0; i < n; i++) {
        if (i == j) {
          continue;
        }
        int t = out.transfer(i, j, b);
        arrivals[a++] = t;
        long ps = spec.reducePs(b);
        if (ps > 0) {
          acc = acc < 0 ? out.step(j, ps, t) : out.step(j, ps, t, acc);
        }
      }
      if (all) {
        reduced[j] = acc >= 0 ? acc : arrivals.length == 1 ? arrivals[0] : out.step(j, 0, arrivals);
      }
    }
    if (all) {
      for (int j = 0; j < n; j++) {
        long b = s / n + (j < s % n ? 1 : 0);
        for (int i = 0; i < n && b > 0; i++) {
          if (i != j) {
            out.transfer(j, i, b, reduced[j]);
          }
        }
      }
    }
    return out;
  }
}
