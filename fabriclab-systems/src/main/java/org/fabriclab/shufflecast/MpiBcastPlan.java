package org.fabriclab.shufflecast;

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
 * Decisions: a rank's sends are sequential (each waits for its previous send to complete:
 * blocking point-to-point sends, as in the tutorial the paper cites [8]), so the binomial tree
 * takes {@code ceil(log2 P)} rounds of one message; the ring includes the root (it receives
 * blocks it already holds, as Open MPI's allgather does). The threshold 1 MiB and the two algorithms are the rule fabriclab's Gleam baseline
 * uses for ≥ 8 ranks (Open MPI 4.1's {@code tuned} fixed decision, simplified); that code is not
 * reachable from this package (systems never import each other), so the two schedules are written
 * here again. Open MPI's table for 2–7 ranks (linear, chain) is not reproduced: smaller groups use
 * the same rule. Unsegmented transfers (the fixed decision passes no segment size). Built in
 * O(P log P).
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
    int[] into = new int[ranks];
    int[] sent = new int[ranks];
    java.util.Arrays.fill(into, -1);
    java.util.Arrays.fill(sent, -1);
    for (int m = Integer.highestOneBit(ranks - 1); m >= 1; m >>= 1) {
      for (int v = 0; v + m < ranks; v += 2 * m) {
        into[v + m] = b.add(v, v + m, bytes, 0, -1, into[v], sent[v]);
        sent[v] = into[v + m];
      }
    }
    return b;
  }

  static BroadcastPlan scatterAllgatherRing(int ranks, long bytes) {
    BroadcastPlan b = new BroadcastPlan("scatter_allgather_ring", ranks);
    long[] block = new long[ranks];
    for (int v = 0; v < ranks; v++) {
      block[v] = bytes / ranks + (v < bytes % ranks ? 1 : 0);
    }
    int[] got = new int[ranks];
    int[] sent = new int[ranks];
    java.util.Arrays.fill(got, -1);
    java.util.Arrays.fill(sent, -1);
    scatter(b, 0, ranks, block, got, sent);
    // ring: rank v holds block v (its scatter share) and, after step s, block v − s; a step's
    // send follows the rank's previous send (MPI_Sendrecv per step)
    int[] last = got.clone();
    for (int s = 0; s < ranks - 1; s++) {
      int[] into = last.clone();
      for (int v = 0; v < ranks; v++) {
        int bl = Math.floorMod(v - s, ranks);
        int to = (v + 1) % ranks;
        if (block[bl] > 0) {
          into[to] = b.add(v, to, block[bl], 0, bl, last[v], sent[v]);
          sent[v] = into[to];
        }
      }
      last = into;
    }
    return b;
  }

  private static void scatter(BroadcastPlan b, int lo, int hi, long[] block, int[] got, int[] sent) {
    if (hi - lo <= 1) {
      return;
    }
    int mid = lo + (hi - lo + 1) / 2;
    long bytes = 0;
    for (int v = mid; v < hi; v++) {
      bytes += block[v];
    }
    if (bytes > 0) {
      got[mid] = b.add(lo, mid, bytes, 0, -1, got[lo], sent[lo]);
      sent[lo] = got[mid];
    } else {
      got[mid] = got[lo];
    }
    scatter(b, mid, hi, block, got, sent);
    scatter(b, lo, mid, block, got, sent);
  }
}
