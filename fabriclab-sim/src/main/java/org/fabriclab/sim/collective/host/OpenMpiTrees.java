package org.fabriclab.sim.collective.host;

import java.util.Arrays;

/**
 * The broadcast algorithms of Open MPI 4.1's {@code coll/base} component that its fixed decision
 * picks for 8 ranks and more ({@code coll_base_bcast.c}, {@code coll_base_topo.c}, v4.1.x; written
 * from their published structure, no code copied), as transfers in virtual ranks (0 the root) with
 * the blocking semantics of the MPI calls each algorithm makes. Segment size 0, as the fixed rule
 * passes it: every tree sends the whole message at once.
 *
 * <ul>
 *   <li>Trees of the generic tree broadcast ({@code bcast_intra_generic}): every rank receives the
 *       message from its parent, then posts its sends to all children at once and waits for them
 *       ({@code isend} ... {@code wait_all}): the binary tree ({@code topo_build_tree} with fan-out
 *       2: rank {@code v} on level {@code l} — levels of 1, 2, 4, … ranks in order — has children
 *       {@code v + 2^l} and {@code v + 2·2^l}) and the k-nomial tree ({@code topo_build_kmtree},
 *       radix {@value #KNOMIAL_RADIX}, Open MPI's default: the parent of {@code v} is {@code v}
 *       rounded down to a multiple of {@code radix·m}, {@code m} the smallest power of the radix
 *       that {@code v} is not a multiple of; its children {@code v + m'·r} for {@code r = 1 ..
 *       radix−1} and every power {@code m'} of the radix below that {@code m}).
 *   <li>The split binary tree ({@code bcast_intra_split_bintree}): the message is cut in two halves
 *       ({@code ceil(S/2)}, {@code floor(S/2)}); the root sends the first half to its left child and
 *       the second to its right child, and every inner rank forwards its half to its children, one
 *       blocking send after the other; then each rank exchanges halves with its pair in the other
 *       subtree ({@code v} odd with {@code v + 1}, {@code v} even with {@code v − 1}; with an even
 *       number of ranks the root sends the second half to rank {@code n − 1}). A message that does
 *       not split (one byte) goes down a pipeline instead, as Open MPI falls back to its chain.
 *   <li>Scatter + recursive-doubling allgather ({@code bcast_intra_scatter_allgather}): a binomial
 *       scatter of blocks of {@code ceil(S/n)} bytes, then {@code log2 n} rounds in which rank
 *       {@code v} exchanges all it holds with {@code v XOR 2^i}; with a number of ranks that is no
 *       power of two, the ranks whose partner is missing get the missing part by recursive halving
 *       inside their subtree. Fewer bytes than ranks: the linear broadcast, as Open MPI does.
 * </ul>
 *
 * Each emitter is O(n log n) in the transfers it writes.
 */
public final class OpenMpiTrees {
  /** Open MPI's default radix of the k-nomial broadcast tree ({@code bcast_algorithm_knomial_radix}). */
  public static final int KNOMIAL_RADIX = 4;

  private OpenMpiTrees() {}

  /** The children of {@code v} in Open MPI's binary tree over {@code n} ranks, in order. */
  public static int[] binaryTreeChildren(int v, int n) {
    int level = 0;
    long firstOfLevel = 0; // ranks on the levels above
    long width = 1;
    while (v >= firstOfLevel + width) {
      firstOfLevel += width;
      width *= 2;
      level++;
    }
    long delta = 1L << level;
    int[] c = new int[2];
    int k = 0;
    for (int i = 1; i <= 2; i++) {
      long child = v + delta * i;
      if (child < n) {
        c[k++] = (int) child;
      }
    }
    return Arrays.copyOf(c, k);
  }

  /** The children of {@code v} in Open MPI's k-nomial tree of {@code radix} over {@code n} ranks, in order. */
  public static int[] knomialChildren(int v, int n, int radix) {
    long mask = 1;
    while (mask < n) {
      if (v % (radix * mask) != 0) {
        break;
      }
      mask *= radix;
    }
    mask /= radix;
    int[] c = new int[(radix - 1) * 64];
    int k = 0;
    for (; mask > 0; mask /= radix) {
      for (int r = 1; r < radix; r++) {
        long child = v + mask * r;
        if (child < n) {
          c[k++] = (int) child;
        }
      }
    }
    return Arrays.copyOf(c, k);
  }

  /** A tree's children of a rank. */
  @FunctionalInterface
  public interface Children {
    int[] of(int v, int n);
  }

  /**
   * The generic tree broadcast over {@code tree}: each rank's sends start together once it holds
   * the message.
   */
  public static void generic(int n, long bytes, Children tree, MpiBcastSchedules.Sink sink) {
    int[] into = new int[n];
    Arrays.fill(into, -1);
    // parents come before children in rank order in both trees (children are larger ranks)
    for (int v = 0; v < n; v++) {
      for (int c : tree.of(v, n)) {
        into[c] = sink.add(v, c, bytes, -1, Pieces.deps(into[v]));
      }
    }
  }

  /** The split binary tree broadcast (see the class comment). */
  public static void splitBinaryTree(int n, long bytes, MpiBcastSchedules.Sink sink) {
    long[] half = {(bytes + 1) / 2, bytes / 2};
    if (half[1] == 0) {
      int prev = -1;
      for (int v = 1; v < n; v++) {
        prev = sink.add(v - 1, v, bytes, -1, Pieces.deps(prev));
      }
      return;
    }
    int[] last = new int[n]; // each rank's last blocking operation of step 1
    int[] got = new int[n]; // the transfer that brought its half
    Arrays.fill(last, -1);
    Arrays.fill(got, -1);
    for (int v = 0; v < n; v++) {
      int[] ch = binaryTreeChildren(v, n);
      int prev = got[v];
      for (int i = 0; i < ch.length; i++) {
        // the root sends half i to child i; an inner rank forwards the half it holds
        long b = v == 0 ? half[i] : half[side(v)];
        prev = sink.add(v, ch[i], b, -1, Pieces.deps(prev));
        got[ch[i]] = prev;
      }
      last[v] = prev;
    }
    if (n % 2 == 0) {
      sink.add(0, n - 1, half[1], -1, Pieces.deps(last[0]));
    }
    for (int v = 1; v < n; v++) {
      if (n % 2 == 0 && v == n - 1) {
        continue;
      }
      int pair = side(v) == 0 ? v + 1 : v - 1;
      sink.add(v, pair, half[side(v)], -1, Pieces.deps(last[v]));
    }
  }

  /** 0: the left subtree (odd virtual ranks, the first half); 1: the right one and the root. */
  private static int side(int v) {
    return (v + 1) % 2;
  }

  /** Scatter + recursive-doubling allgather (see the class comment). */
  public static void scatterAllgather(int n, long bytes, MpiBcastSchedules.Sink sink) {
    if (bytes < n) {
      for (int v = 1; v < n; v++) {
        sink.add(0, v, bytes, -1, NONE);
      }
      return;
    }
    long block = (bytes + n - 1) / n;
    // deps[v]: what rank v's next operation waits for (its blocking calls so far)
    int[][] deps = new int[n][];
    Arrays.fill(deps, NONE);
    long[] held = new long[n];
    held[0] = bytes;
    // binomial scatter: a rank receives from v - lowbit(v), then sends down by decreasing masks;
    // its parent is a smaller rank, so in rank order every receive is written before its sends
    int top = Integer.highestOneBit(n - 1) << 1;
    for (int v = 0; v < n; v++) {
      int mask = v == 0 ? top : Integer.lowestOneBit(v);
      for (int m = mask >> 1; m > 0; m >>= 1) {
        long send = held[v] - block * m;
        if (v + m < n && send > 0) {
          int t = sink.add(v, v + m, send, -1, deps[v]);
          deps[v] = new int[] {t};
          deps[v + m] = new int[] {t};
          held[v + m] = send;
          held[v] -= send;
        }
      }
    }
    long[] cur = new long[n];
    for (int v = 0; v < n; v++) {
      cur[v] = Math.max(0, Math.min(block, bytes - v * block));
    }
    long[] received = new long[n]; // Open MPI's recv_count: what the rank last received
    for (int mask = 1; mask < n; mask <<= 1) {
      int[][] next = deps.clone();
      for (int v = 0; v < n; v++) {
        int r = v ^ mask;
        if (r < n) {
          int sent = sink.add(v, r, cur[v], -1, deps[v]);
          next[v] = union(next[v] == deps[v] ? new int[] {sent} : next[v], sent);
          next[r] = union(next[r] == deps[r] ? NONE : next[r], sent);
          received[r] = cur[v];
        }
      }
      for (int v = 0; v < n; v++) {
        int r = v ^ mask;
        if (r < n) {
          cur[v] += received[v];
        }
      }
      deps = next;
      // the ranks whose partner subtree is missing get its part by recursive halving, senders
      // before receivers (a receiver is a larger rank than its sender)
      for (int v = 0; v < n; v++) {
        int treeRoot = v & -mask;
        int remoteRoot = (v ^ mask) & -mask;
        if (remoteRoot + mask <= n) {
          continue;
        }
        int withAll = n - treeRoot - mask;
        for (int h = mask >> 1; h > 0; h >>= 1) {
          int r = v ^ h;
          int hr = v & -(h << 1);
          if (r > v && r < n && v < hr + withAll && r >= hr + withAll) {
            int t = sink.add(v, r, received[v], -1, deps[v]);
            deps[v] = new int[] {t};
            deps[r] = union(deps[r], t);
            received[r] = received[v];
            cur[r] += received[v];
          }
        }
      }
    }
  }

  private static final int[] NONE = new int[0];

  private static int[] union(int[] a, int id) {
    int[] u = Arrays.copyOf(a, a.length + 1);
    u[a.length] = id;
    return u;
  }
}
