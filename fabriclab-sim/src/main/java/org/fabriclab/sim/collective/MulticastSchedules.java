package org.fabriclab.sim.collective;

/**
 * The schedules of every scheme whose fabric replicates (IP multicast, Gleam, Shufflecast's
 * splitters): a broadcast is one multicast of {@code S} from the root to every other rank; an
 * allgather is one multicast per rank of its block ({@code S / n}) to all others, all at once. The
 * schemes differ in how the fabric carries a multicast, not in the schedule.
 */
public final class MulticastSchedules {
  private MulticastSchedules() {}

  /** Broadcast or allgather as multicasts; other operations are an error of the caller. */
  public static CollectiveSchedule of(CollectiveSpec spec) {
    int n = spec.ranks();
    CollectiveSchedule out = new CollectiveSchedule(n);
    switch (spec.op()) {
      case BROADCAST -> out.multicast(spec.root(), others(n, spec.root()), spec.sizeBytes());
      case ALLGATHER -> {
        for (int i = 0; i < n; i++) {
          out.multicast(i, others(n, i), spec.blockBytes());
        }
      }
      default -> throw new IllegalArgumentException(spec.op().cliName() + " is not built from multicasts");
    }
    return out;
  }

  private static int[] others(int n, int self) {
    int[] o = new int[n - 1];
    for (int i = 0, k = 0; i < n; i++) {
      if (i != self) {
        o[k++] = i;
      }
    }
    return o;
  }
}
