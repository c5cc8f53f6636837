package org.fabriclab.shufflecast;

import org.fabriclab.sim.app.MpiBcastSchedules;

/**
 * MPI_Bcast as Open MPI runs it for the Fig. 6(a) baseline (seed 000_9b2589b0d55d7b52.txt
 * §VI-A(a): "For comparatively smaller data size, MPI_Bcast uses binomial tree approach ... For the
 * medium and bigger data sizes, MPI_Bcast adopts scatter + allgather ... realized by ... ring
 * algorithm"), as {@link BroadcastPlan}s over unicast. Ranks are relative to the root (rank 0).
 *
 * <ul>
 *   <li>{@link #binomial}: in the round of bit {@code m} (largest first) every holder {@code v}, a
 *       multiple of {@code 2m}, sends the whole message to {@code v + m}: {@code ceil(log2 P)}
 *       rounds, {@code P − 1} transfers, each rank receives the message once.
 *   <li>{@link #scatterAllgatherRing}: the message cut into {@code P} blocks (block v to rank v),
 *       a binomial scatter (the upper half of a range's blocks to its first rank, recursively),
 *       then a ring allgather: in step s rank v sends block {@code v − s} to {@code v + 1}, after it
 *       received that block.
 *   <li>{@link #openMpi}: the decision — binomial below {@link #LARGE_BYTES}, scatter + ring
 *       allgather from there.
 * </ul>
 * The two schedules are the engine's shared {@link MpiBcastSchedules} (also Gleam's baselines), with
 * sequential sends. Decisions: a rank's sends are sequential (each waits for its previous send to
 * complete: blocking point-to-point sends, as in the tutorial the paper cites [8]), so the binomial
 * tree takes {@code ceil(log2 P)} rounds of one message; the ring includes the root (it receives
 * blocks it already holds, as Open MPI's allgather does). The threshold 1 MiB and the two
 * algorithms are the rule fabriclab's Gleam baseline uses for ≥ 8 ranks (Open MPI 4.1's {@code
 * tuned} fixed decision, simplified); Open MPI's table for 2–7 ranks (linear, chain) is not
 * reproduced: smaller groups use the same rule. Unsegmented transfers (the fixed decision passes no
 * segment size). Built in O(P log P).
 */
final class MpiBcastPlan {
  /** Messages of at least this size take scatter + ring allgather. */
  static final long LARGE_BYTES = 1L << 20;

  private MpiBcastPlan() {}

  /** Open MPI's choice for {@code ranks} ranks and {@code bytes}. */
  static BroadcastPlan openMpi(int ranks, long bytes) {
    return bytes < LARGE_BYTES ? binomial(ranks, bytes) : scatterAllgatherRing(ranks, bytes);
  }

  static BroadcastPlan binomial(int ranks, long bytes) {
    BroadcastPlan b = new BroadcastPlan("binomial", ranks);
    MpiBcastSchedules.binomial(ranks, bytes, true,
        (from, to, size, block, after) -> b.add(from, to, size, 0, block, after));
    return b;
  }

  static BroadcastPlan scatterAllgatherRing(int ranks, long bytes) {
    BroadcastPlan b = new BroadcastPlan("scatter_allgather_ring", ranks);
    MpiBcastSchedules.scatterAllgatherRing(ranks, bytes, true,
        (from, to, size, block, after) -> b.add(from, to, size, 0, block, after));
    return b;
  }
}
