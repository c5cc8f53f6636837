package org.fabriclab.gleam.baseline;

import org.fabriclab.sim.collective.host.OpenMpiBcast;

/**
 * Seed 002's §5.1 baseline ("OpenMPI", v4.1.1): MPI_Bcast as Open MPI 4.1 picks it, the engine's
 * {@link OpenMpiBcast} rule (the {@code tuned} component's fixed decision, which the paper's
 * modified Open MPI 4.1.1 would use for its original MPI_Bcast) as a {@link TransferSchedule},
 * each rank's sends started together. The paper's testbed (1 source, 3 receivers: 4 ranks)
 * runs linear from 8 KiB to 1 MiB and the chain (fan-out {@value OpenMpiBcast#CHAIN_FANOUT})
 * above: the root's link carries 3 copies.
 */
public final class OpenMpiBcastDecision {
  private OpenMpiBcastDecision() {}

  /** Open MPI's algorithm name for {@code ranks} ranks and a message of {@code bytes}. */
  public static String algorithm(int ranks, long bytes) {
    if (ranks < 2 || bytes <= 0) {
      throw new IllegalArgumentException("ranks >= 2 and bytes > 0");
    }
    return OpenMpiBcast.decide(ranks, bytes).algorithm().label();
  }

  /** The schedule Open MPI would run. */
  public static TransferSchedule schedule(int ranks, int root, long bytes) {
    String name = algorithm(ranks, bytes);
    if (root < 0 || root >= ranks) {
      throw new IllegalArgumentException("need 0 <= root < ranks");
    }
    TransferSchedule.Builder b = new TransferSchedule.Builder(name, ranks);
    OpenMpiBcast.emit(ranks, bytes, false, (from, to, size, block, after) ->
        b.unicast((from + root) % ranks, (to + root) % ranks, size, after));
    return b.build();
  }
}
