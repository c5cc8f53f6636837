package org.fabriclab.shufflecast;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.SplittableRandom;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.sim.collective.CollectiveSchedule;

/**
 * Spark-Cornet, the cooperative (BitTorrent-like) broadcast baseline of Fig. 6(a) and Fig. 8
 * (seed 000_9b2589b0d55d7b52.txt §VI-A(a): "a node first locates a block of data it needs from
 * another node then performs a block transfer"), as a {@link CollectiveSchedule}: receivers exchange the
 * object's blocks among themselves and with the source.
 *
 * <p>The model (decisions, since the paper gives none of these numbers):
 * <ul>
 *   <li>Blocks of {@link #BLOCK_BYTES} (4 MiB, Spark's default broadcast block size); the last
 *       block holds the remainder.
 *   <li>Each receiver fetches every block exactly once, one block at a time (Spark's torrent
 *       broadcast reads its blocks sequentially), in its own random order (seeded).
 *   <li>Choice rule: the holder of block b for receiver r is drawn uniformly among the source and
 *       the receivers whose order puts b earlier than r's does; the transfer waits (a trigger)
 *       until that holder has the block. The draw is made when the plan is built, not at locate
 *       time: a receiver may wait for a chosen peer that a real locate would have skipped (the
 *       paper's "wait for data blocks").
 *   <li>Locate cost: each block transfer starts {@code locateNs} after the receiver's previous
 *       block arrived and the holder has the block: the control round trip to the driver's block
 *       manager, host time the packet engine does not model (a stated model input; its few
 *       bytes on the wire are not sent): a step of the receiver after what the block waits for,
 *       then the transfer after the step (no step when the cost is 0).
 * </ul>
 * Dependencies always point to a smaller position in some order, so the plan is a DAG. Built in
 * O(receivers² · blocks) time (the holder candidates), O(receivers · blocks) memory.
 */
final class CornetPlan {
  /** Block size: Spark's {@code spark.broadcast.blockSize} default. */
  static final long BLOCK_BYTES = 4L << 20;

  private CornetPlan() {}

  /**
   * The plan for a source (rank 0) and {@code ranks − 1} receivers (ranks 1..), {@code bytes} in
   * blocks of {@code blockBytes}, seed {@code seed} for the orders and holder draws.
   */
  static CollectiveSchedule plan(int ranks, long bytes, long blockBytes, long locateNs, long seed) {
    return plan(ranks, bytes, blockBytes, locateNs, seed, null);
  }

  /** As above, the block of every node (−1 for a locate step) added to {@code blockOf} when given. */
  static CollectiveSchedule plan(int ranks, long bytes, long blockBytes, long locateNs, long seed,
      IntArrayList blockOf) {
    if (blockBytes <= 0 || bytes <= 0 || locateNs < 0) {
      throw new IllegalArgumentException("blockBytes, bytes > 0 and locateNs >= 0");
    }
    long nb = (bytes + blockBytes - 1) / blockBytes;
    int receivers = ranks - 1;
    if (nb * receivers > 50_000_000L) {
      throw new org.fabriclab.error.InvalidParameterException("--size",
          "Cornet plan of " + nb + " blocks x " + receivers + " receivers is too large (at most 5e7 block transfers)");
    }
    int n = (int) nb;
    SplittableRandom rnd = new RandomStreams(seed).stream("shufflecast.cornet");
    int[][] order = new int[receivers][n];
    int[][] pos = new int[receivers][n];
    for (int r = 0; r < receivers; r++) {
      for (int i = 0; i < n; i++) {
        order[r][i] = i;
      }
      for (int i = n - 1; i > 0; i--) {
        int j = rnd.nextInt(i + 1);
        int x = order[r][i];
        order[r][i] = order[r][j];
        order[r][j] = x;
      }
      for (int i = 0; i < n; i++) {
        pos[r][order[r][i]] = i;
      }
    }
    // transfers are added position by position, so a holder's earlier fetch already has an id
    int[][] fetch = new int[receivers][n];
    CollectiveSchedule p = new CollectiveSchedule(ranks).named("cornet");
    int[] cand = new int[receivers];
    int[] prev = new int[receivers];
    java.util.Arrays.fill(prev, -1);
    for (int i = 0; i < n; i++) {
      for (int r = 0; r < receivers; r++) {
        int b = order[r][i];
        int c = 0;
        for (int q = 0; q < receivers; q++) {
          if (pos[q][b] < i) {
            cand[c++] = q;
          }
        }
        int pick = rnd.nextInt(c + 1); // c: the source
        long size = Math.min(blockBytes, bytes - (long) b * blockBytes);
        int from = pick == c ? 0 : cand[pick] + 1;
        int[] after = pick == c ? deps(prev[r], -1) : deps(prev[r], fetch[cand[pick]][b]);
        if (locateNs > 0) {
          after = new int[] {p.step(r + 1, locateNs * 1000, after)};
          if (blockOf != null) {
            blockOf.add(-1);
          }
        }
        int id = p.transfer(from, r + 1, size, after);
        if (blockOf != null) {
          blockOf.add(b);
        }
        fetch[r][b] = id;
        prev[r] = id;
      }
    }
    return p;
  }

  /** The non-negative ones of {@code a}, {@code b}, in that order. */
  private static int[] deps(int a, int b) {
    return a < 0 ? (b < 0 ? new int[0] : new int[] {b}) : b < 0 ? new int[] {a} : new int[] {a, b};
  }
}
