package org.fabriclab.sim.collective.host;

import org.fabriclab.error.InvalidParameterException;

/**
 * The transfer DAGs of two MPI_Bcast algorithms over unicast, shared by the systems whose papers
 * compare against MPI (seed 000 §VI-A(a), Shufflecast's Fig. 6(a); seed 002 §2.3 and §5, Gleam's
 * baselines). Ranks are virtual, relative to the root (rank 0 holds the message); a caller maps them
 * to hosts or to real ranks ({@code (v + root) mod P}, as Open MPI's trees number them).
 *
 * <ul>
 *   <li>{@link #binomial}: in the round of bit {@code m} (largest first) every holder {@code v}, a
 *       multiple of {@code 2m}, sends the whole message to {@code v + m}, so a rank serves its
 *       largest subtree first: {@code ceil(log2 P)} rounds, {@code P − 1} transfers.
 *   <li>{@link #scatterAllgatherRing}: the message cut into {@code P} blocks (block v for rank v,
 *       the first {@code bytes mod P} one byte longer), a binomial scatter (the upper half of a
 *       range's blocks to its first rank, recursively; a range whose blocks are all empty is not
 *       sent), then a ring allgather: in step {@code s} rank {@code v} sends block {@code v − s} to
 *       {@code v + 1} once it holds it ({@code P − 1} steps; empty blocks are not sent; the ring
 *       includes the root, which receives blocks it already holds, as Open MPI's allgather does).
 * </ul>
 *
 * <p>Each transfer waits for the one that brought its sender the data it forwards. With {@code
 * sequentialSends} it also waits for its sender's previous send (blocking point-to-point sends:
 * a rank sends one message at a time), the reading of Shufflecast's baseline; without, a rank's
 * sends start together, as Gleam's baselines post them. Both readings emit the same transfers in
 * the same order, so transfer ids agree. O(P log P) transfers, built in O(P log P + transfers).
 */
public final class MpiBcastSchedules {
  private MpiBcastSchedules() {}

  /** Receives the transfers of a schedule, in dependency order. */
  @FunctionalInterface
  public interface Sink {
    /**
     * A transfer of {@code bytes} from virtual rank {@code from} to {@code to}; {@code block} is the
     * ring block it carries (−1: the whole message or a scatter range); it starts once every
     * transfer in {@code after} (ids this sink returned earlier, no −1) has completed. Returns its id.
     */
    int add(int from, int to, long bytes, int block, int[] after);
  }

  private static void check(int ranks, long bytes) {
    InvalidParameterException.requireRange("ranks", ranks, 2, Integer.MAX_VALUE);
    InvalidParameterException.requireRange("bytes", bytes, 1, Long.MAX_VALUE);
  }

  /** The binomial tree. */
  public static void binomial(int ranks, long bytes, boolean sequentialSends, Sink sink) {
    check(ranks, bytes);
    int[] into = filled(ranks);
    int[] sent = filled(ranks);
    for (int m = Integer.highestOneBit(ranks - 1); m >= 1; m >>= 1) {
      for (int v = 0; v + m < ranks; v += 2 * m) {
        into[v + m] = sink.add(v, v + m, bytes, -1, deps(into[v], sequentialSends ? sent[v] : -1));
        sent[v] = into[v + m];
      }
    }
  }

  /** Scatter (binomial) then ring allgather. */
  public static void scatterAllgatherRing(int ranks, long bytes, boolean sequentialSends, Sink sink) {
    check(ranks, bytes);
    long[] block = new long[ranks];
    for (int v = 0; v < ranks; v++) {
      block[v] = bytes / ranks + (v < bytes % ranks ? 1 : 0);
    }
    int[] got = filled(ranks); // the transfer that brought v its scatter blocks (-1: the root)
    int[] sent = filled(ranks);
    scatter(0, ranks, block, got, sent, sequentialSends, sink);
    int[] last = got.clone(); // the transfer that brought v the block it forwards next
    for (int s = 0; s < ranks - 1; s++) {
      int[] into = last.clone();
      for (int v = 0; v < ranks; v++) {
        int bl = Math.floorMod(v - s, ranks);
        int to = (v + 1) % ranks;
        if (block[bl] > 0) {
          into[to] = sink.add(v, to, block[bl], bl, deps(last[v], sequentialSends ? sent[v] : -1));
          sent[v] = into[to];
        }
      }
      last = into;
    }
  }

  /** Binomial scatter of blocks lo..hi−1 held by lo: the upper half goes to its first rank. */
  private static void scatter(int lo, int hi, long[] block, int[] got, int[] sent, boolean seq, Sink sink) {
    if (hi - lo <= 1) {
      return;
    }
    int mid = lo + (hi - lo + 1) / 2;
    long bytes = 0;
    for (int v = mid; v < hi; v++) {
      bytes += block[v];
    }
    if (bytes > 0) {
      got[mid] = sink.add(lo, mid, bytes, -1, deps(got[lo], seq ? sent[lo] : -1));
      sent[lo] = got[mid];
    } else {
      got[mid] = got[lo];
    }
    scatter(mid, hi, block, got, sent, seq, sink);
    scatter(lo, mid, block, got, sent, seq, sink);
  }

  private static int[] filled(int n) {
    int[] a = new int[n];
    java.util.Arrays.fill(a, -1);
    return a;
  }

  private static final int[] NONE = new int[0];

  /** The non-negative ones of {@code a}, {@code b}, in that order. */
  private static int[] deps(int a, int b) {
    if (a < 0) {
      return b < 0 ? NONE : new int[] {b};
    }
    return b < 0 ? new int[] {a} : new int[] {a, b};
  }
}
