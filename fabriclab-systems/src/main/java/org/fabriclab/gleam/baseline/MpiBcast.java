package org.fabriclab.gleam.baseline;

import org.fabriclab.sim.collective.host.MpiBcastSchedules;

/**
 * MPI_Bcast algorithms as {@link TransferSchedule}s: the application-layer baselines of seed 002
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
 * </ul>
 * The binomial tree and scatter + ring allgather are the engine's shared {@link MpiBcastSchedules}
 * (also Shufflecast's MPI baseline) with concurrent sends: a transfer waits only for the one that
 * brought its sender the data. Each schedule is built in O(transfers).
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

  public static TransferSchedule linear(int p, int root, long bytes) {
    check(p, root, bytes);
    TransferSchedule.Builder b = new TransferSchedule.Builder("linear", p);
    for (int v = 1; v < p; v++) {
      b.unicast(root, rank(v, root, p), bytes);
    }
    return b.build();
  }

  public static TransferSchedule gleam(int p, int root, long bytes) {
    check(p, root, bytes);
    int[] dsts = new int[p - 1];
    for (int v = 1; v < p; v++) {
      dsts[v - 1] = rank(v, root, p);
    }
    TransferSchedule.Builder b = new TransferSchedule.Builder("gleam", p);
    b.multicast(root, dsts, bytes);
    return b.build();
  }

  public static TransferSchedule binomial(int p, int root, long bytes) {
    check(p, root, bytes);
    TransferSchedule.Builder b = new TransferSchedule.Builder("binomial", p);
    MpiBcastSchedules.binomial(p, bytes, false,
        (from, to, size, block, after) -> b.unicast(rank(from, root, p), rank(to, root, p), size, after));
    return b.build();
  }

  public static TransferSchedule binaryTree(int p, int root, long bytes) {
    check(p, root, bytes);
    TransferSchedule.Builder b = new TransferSchedule.Builder("binary_tree", p);
    int[] into = new int[p];
    into[0] = -1;
    for (int v = 1; v < p; v++) {
      int parent = (v - 1) / 2;
      into[v] = parent == 0 ? b.unicast(root, rank(v, root, p), bytes)
          : b.unicast(rank(parent, root, p), rank(v, root, p), bytes, into[parent]);
    }
    return b.build();
  }

  /**
   * @param fanout chains leaving the root, >= 1 (Open MPI's default chain fanout is 4)
   * @param segmentBytes segment size, or <= 0 for the whole message in one piece
   */
  public static TransferSchedule chain(int p, int root, long bytes, int fanout, long segmentBytes) {
    check(p, root, bytes);
    if (fanout < 1) {
      throw new IllegalArgumentException("fanout >= 1");
    }
    String name = fanout == 1 ? "pipeline" : "chain";
    TransferSchedule.Builder b = new TransferSchedule.Builder(name, p);
    int chains = Math.min(fanout, p - 1);
    long seg = segmentBytes <= 0 ? bytes : segmentBytes;
    long segments = (bytes + seg - 1) / seg;
    // chain c holds virtual ranks first[c] .. first[c+1]-1
    int[] first = new int[chains + 1];
    for (int c = 0; c <= chains; c++) {
      first[c] = 1 + (int) ((long) c * (p - 1) / chains);
    }
    for (long s = 0; s < segments; s++) {
      long len = Math.min(seg, bytes - s * seg);
      for (int c = 0; c < chains; c++) {
        int prev = -1;
        int from = 0;
        for (int v = first[c]; v < first[c + 1]; v++) {
          int id = prev < 0 ? b.unicast(rank(from, root, p), rank(v, root, p), len)
              : b.unicast(rank(from, root, p), rank(v, root, p), len, prev);
          prev = id;
          from = v;
        }
      }
    }
    return b.build();
  }

  public static TransferSchedule scatterAllgatherRing(int p, int root, long bytes) {
    check(p, root, bytes);
    TransferSchedule.Builder b = new TransferSchedule.Builder("scatter_allgather_ring", p);
    MpiBcastSchedules.scatterAllgatherRing(p, bytes, false,
        (from, to, size, block, after) -> b.unicast(rank(from, root, p), rank(to, root, p), size, after));
    return b.build();
  }
}
