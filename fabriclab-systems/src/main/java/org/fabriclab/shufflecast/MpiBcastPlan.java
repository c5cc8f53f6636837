package org.fabriclab.shufflecast;

import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.host.MpiBcastSchedules;
import org.fabriclab.sim.collective.host.OpenMpiBcast;

/**
 * MPI_Bcast as Open MPI runs it for the Fig. 6(a) baseline (seed 000_9b2589b0d55d7b52.txt
 * §VI-A(a): "For comparatively smaller data size, MPI_Bcast uses binomial tree approach ... For the
 * medium and bigger data sizes, MPI_Bcast adopts scatter + allgather ... realized by ... ring
 * algorithm"), as {@link CollectiveSchedule}s of unicasts. Ranks are relative to the root (rank 0).
 *
 * <ul>
 *   <li>{@link #binomial}: in the round of bit {@code m} (largest first) every holder {@code v}, a
 *       multiple of {@code 2m}, sends the whole message to {@code v + m}: {@code ceil(log2 P)}
 *       rounds, {@code P − 1} transfers, each rank receives the message once.
 *   <li>{@link #scatterAllgatherRing}: the message cut into {@code P} blocks (block v to rank v),
 *       a binomial scatter (the upper half of a range's blocks to its first rank, recursively),
 *       then a ring allgather: in step s rank v sends block {@code v − s} to {@code v + 1}, after it
 *       received that block.
 *   <li>{@link #openMpi}: the engine's {@link OpenMpiBcast} rule (Open MPI 4.1's {@code tuned}
 *       fixed decision, also Gleam's baseline): for the paper's groups of 8 ranks and more,
 *       binomial below 1 MiB and scatter + ring allgather from there, as the paper describes;
 *       smaller groups take Open MPI's table for 2–7 ranks (linear, binary tree, chain).
 * </ul>
 * The schedules are the engine's shared {@link MpiBcastSchedules} and {@link OpenMpiBcast}, with
 * sequential sends. Decisions: a rank's sends are sequential (each waits for its previous send to
 * complete: blocking point-to-point sends, as in the tutorial the paper cites [8]), so the binomial
 * tree takes {@code ceil(log2 P)} rounds of one message; the ring includes the root (it receives
 * blocks it already holds, as Open MPI's allgather does). Unsegmented transfers (the fixed
 * decision passes no segment size). Built in O(P log P).
 */
final class MpiBcastPlan {
  private MpiBcastPlan() {}

  /** Open MPI's choice for {@code ranks} ranks and {@code bytes}. */
  static CollectiveSchedule openMpi(int ranks, long bytes) {
    CollectiveSchedule b = new CollectiveSchedule(ranks).named(OpenMpiBcast.decide(ranks, bytes).algorithm().label());
    OpenMpiBcast.emit(ranks, bytes, true, (from, to, size, block, after) -> b.transfer(from, to, size, after));
    return b;
  }

  static CollectiveSchedule binomial(int ranks, long bytes) {
    CollectiveSchedule b = new CollectiveSchedule(ranks).named("binomial");
    MpiBcastSchedules.binomial(ranks, bytes, true, (from, to, size, block, after) -> b.transfer(from, to, size, after));
    return b;
  }

  static CollectiveSchedule scatterAllgatherRing(int ranks, long bytes) {
    CollectiveSchedule b = new CollectiveSchedule(ranks).named("scatter_allgather_ring");
    MpiBcastSchedules.scatterAllgatherRing(ranks, bytes, true,
        (from, to, size, block, after) -> b.transfer(from, to, size, after));
    return b;
  }
}
