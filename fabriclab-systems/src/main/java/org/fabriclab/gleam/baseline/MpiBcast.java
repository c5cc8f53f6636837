package org.fabriclab.gleam.baseline;

import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.host.MpiBcastSchedules;
import org.fabriclab.sim.collective.host.OpenMpiBcast;

/**
 * MPI_Bcast algorithms as {@link CollectiveSchedule}s (unicast transfers and one multicast): the application-layer baselines of seed 002
 * (§2.3 "multiple unicasts" and "overlay multicast", §5.1) and Gleam's one in-fabric multicast.
 * Ranks are numbered relative to the root ({@code v = (rank − root) mod P}), as Open MPI's trees are.
 *
 * <ul>
 *   <li>{@link #linear}: the root sends the message to every rank (Open MPI {@code basic_linear};
 *       also "multiple unicasts").
 *   <li>{@link #binomial}: in the round of bit {@code m} (largest first) every holder {@code v}
 *       that is a multiple of {@code 2m} sends to {@code v + m}, so a rank serves its largest
 *       subtree first; {@code ceil(log2 P)} steps, {@code P − 1} transfers.
 *   <li>{@link #binaryTree}: rank {@code v} sends to {@code 2v+1} and {@code 2v+2}.
 *   <li>{@link #chain}: the non-root ranks split into {@code fanout} chains of consecutive ranks;
 *       segments of {@code segmentBytes} flow down each chain (Open MPI {@code chain};
 *       {@code pipeline} is the chain with fanout 1); a segment's hop depends only on the same
 *       segment's previous hop (segments are posted without waiting for each other; a link serves
 *       them in order).
 *   <li>{@link #scatterAllgatherRing}: the message cut into {@code P} blocks, a binomial scatter
 *       of the blocks, then a ring allgather ({@code P − 1} steps of one block per rank).
 *   <li>{@link #gleam}: one multicast from the root to every other rank.
 *   <li>{@link #openMpi}: seed 002's §5.1 baseline ("OpenMPI", v4.1.1), MPI_Bcast as Open MPI 4.1
 *       picks it: the engine's {@link OpenMpiBcast} rule (the {@code tuned} component's fixed
 *       decision), each rank's sends started together. The paper's testbed (1 source, 3
 *       receivers: 4 ranks) runs linear from 8 KiB to 1 MiB and the chain (fan-out {@value
 *       OpenMpiBcast#CHAIN_FANOUT}) above: the root's link carries 3 copies.
 * </ul>
 * Every schedule but {@link #gleam} is the engine's: linear, binary tree and chain are {@link
 * OpenMpiBcast#emitBaseline}'s, the binomial tree and scatter + ring allgather the shared {@link
 * MpiBcastSchedules} (also Shufflecast's MPI baseline), with concurrent sends: a transfer waits
 * only for the one that brought its sender the data. Each schedule is built in O(transfers).
 */
public final class MpiBcast {
  private MpiBcast() {}

  private static int rank(int v, int root, int p) {
    return (v + root) % p;
  }

  private static void check(int p, int root, long bytes) {
    if (p < 2 || root < 0 || root >= p || bytes <= 0) {
      throw new IllegalArgumentException("need ranks >= 2, 0 <= root < ranks, bytes > 0");
    }
  }

  /** Open MPI's algorithm name for {@code p} ranks and a message of {@code bytes}. */
  public static String openMpiAlgorithm(int p, long bytes) {
    if (p < 2 || bytes <= 0) {
      throw new IllegalArgumentException("ranks >= 2 and bytes > 0");
    }
    return OpenMpiBcast.decide(p, bytes).algorithm().label();
  }

  /** The schedule Open MPI would run, named after its algorithm. */
  public static CollectiveSchedule openMpi(int p, int root, long bytes) {
    String name = openMpiAlgorithm(p, bytes);
    check(p, root, bytes);
    CollectiveSchedule b = new CollectiveSchedule(p).named(name);
    OpenMpiBcast.emit(p, bytes, false, (from, to, size, block, after) ->
        b.transfer(rank(from, root, p), rank(to, root, p), size, after));
    return b;
  }

  /**
   * Algorithm {@code a} ({@code fanout} chains, segments of {@code segmentBytes}) as the engine's
   * {@link OpenMpiBcast#emitBaseline} writes it, named {@code name}.
   */
  private static CollectiveSchedule baseline(String name, OpenMpiBcast.Algorithm a, int p, int root,
      long bytes, int fanout, long segmentBytes) {
    check(p, root, bytes);
    CollectiveSchedule b = new CollectiveSchedule(p).named(name);
    OpenMpiBcast.emitBaseline(new OpenMpiBcast.Decision(a, segmentBytes, fanout), p, bytes, false,
        (from, to, size, block, after) -> b.transfer(rank(from, root, p), rank(to, root, p), size, after));
    return b;
  }

  public static CollectiveSchedule linear(int p, int root, long bytes) {
    return baseline("linear", OpenMpiBcast.Algorithm.LINEAR, p, root, bytes, 0, 0);
  }

  public static CollectiveSchedule gleam(int p, int root, long bytes) {
    check(p, root, bytes);
    int[] dsts = new int[p - 1];
    for (int v = 1; v < p; v++) {
      dsts[v - 1] = rank(v, root, p);
    }
    CollectiveSchedule b = new CollectiveSchedule(p).named("gleam");
    b.multicast(root, dsts, bytes);
    return b;
  }

  public static CollectiveSchedule binomial(int p, int root, long bytes) {
    check(p, root, bytes);
    CollectiveSchedule b = new CollectiveSchedule(p).named("binomial");
    MpiBcastSchedules.binomial(p, bytes, false,
        (from, to, size, block, after) -> b.transfer(rank(from, root, p), rank(to, root, p), size, after));
    return b;
  }

  public static CollectiveSchedule binaryTree(int p, int root, long bytes) {
    return baseline("binary_tree", OpenMpiBcast.Algorithm.BINARY_TREE, p, root, bytes, 0, 0);
  }

  /**
   * @param fanout chains leaving the root, >= 1 (Open MPI's default chain fanout is 4)
   * @param segmentBytes segment size, or <= 0 for the whole message in one piece
   */
  public static CollectiveSchedule chain(int p, int root, long bytes, int fanout, long segmentBytes) {
    check(p, root, bytes);
    if (fanout < 1) {
      throw new IllegalArgumentException("fanout >= 1");
    }
    return fanout == 1
        ? baseline("pipeline", OpenMpiBcast.Algorithm.PIPELINE, p, root, bytes, 1, segmentBytes)
        : baseline("chain", OpenMpiBcast.Algorithm.CHAIN, p, root, bytes, fanout, segmentBytes);
  }

  public static CollectiveSchedule scatterAllgatherRing(int p, int root, long bytes) {
    check(p, root, bytes);
    CollectiveSchedule b = new CollectiveSchedule(p).named("scatter_allgather_ring");
    MpiBcastSchedules.scatterAllgatherRing(p, bytes, false,
        (from, to, size, block, after) -> b.transfer(rank(from, root, p), rank(to, root, p), size, after));
    return b;
  }
}
