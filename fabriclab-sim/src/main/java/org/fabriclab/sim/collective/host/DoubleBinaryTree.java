package org.fabriclab.sim.collective.host;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * {@code nccltree}: the double binary tree allreduce of NCCL 2.4 (Sanders, Speck and Träff,
 * "Two-tree algorithms for full bandwidth broadcast, reduction and scan", Parallel Computing
 * 35(12), 2009; NVIDIA's description of NCCL 2.4's trees). Two binary trees span the {@code n}
 * ranks; each carries half the buffer (tree 0 the first {@code ceil(S/2)} bytes, tree 1 the rest),
 * reduced up to its root and broadcast back down, both pipelined in segments.
 *
 * <p>Tree 0 is the in-order binary tree by lowest set bit, as NCCL builds it: rank {@code r > 0}
 * with lowest set bit {@code b} has the parent {@code (r xor b) | 2b}, or {@code r xor b} when
 * that is not a rank; its children are {@code r − b/2} and {@code r + c} for the largest power of
 * two {@code c ≤ b/2} with {@code r + c < n} (none when {@code b = 1}). Rank 0 is the root, with
 * the one child {@code 2^floor(log2(n−1))}. So odd ranks are leaves, even ranks inner nodes, and
 * the depth is {@code ceil(log2 n)}. Tree 1 is tree 0 mirrored when {@code n} is even (rank
 * {@code r} takes the place of {@code n − 1 − r}) and shifted by one when {@code n} is odd (rank
 * {@code r} takes the place of {@code r − 1 mod n}): for even {@code n} every rank is a leaf in
 * one tree and inner in the other; for odd {@code n} so is every rank but rank 0, the root of tree
 * 0 (one child) and inner in tree 1. A rank has at most three neighbours per tree.
 *
 * <p>Per segment and tree a rank sends up once it holds (and has reduced) the segment from its
 * children, the root turns the reduced segment around, and a rank sends it down once it arrives
 * from its parent; each tree edge keeps one segment in flight per direction (the next waits for
 * the previous one's arrival). Up and down of different segments overlap, so every host link
 * carries at most four segments per segment index (an inner rank: one up and two down in its
 * inner tree, one up in its leaf tree) and about {@code 2·S} bytes in all. Segment size: {@code
 * --segment-bytes}, or {@value #DEFAULT_SEGMENT_BYTES} B when 0 (a decision: one slot of NCCL's
 * default 4 MiB buffer cut into its 8 steps). O(n · segments) transfers.
 */
public final class DoubleBinaryTree implements CollectiveScheme {
  /** The segment size when the spec gives none. */
  public static final long DEFAULT_SEGMENT_BYTES = 512 << 10;

  /**
   * One tree over ranks {@code 0..n−1}.
   *
   * @param root its root
   * @param parent each rank's parent, −1 at the root
   * @param children each rank's children (0 to 2)
   */
  public record Tree(int root, int[] parent, int[][] children) {
    /** Edges from the root to the deepest rank. */
    public int depth() {
      int d = 0;
      for (int v = 0; v < parent.length; v++) {
        int k = 0;
        for (int u = v; parent[u] >= 0; u = parent[u]) {
          k++;
        }
        d = Math.max(d, k);
      }
      return d;
    }
  }

  /** Tree {@code t} (0 or 1) over {@code n ≥ 2} ranks. O(n log n). */
  public static Tree tree(int n, int t) {
    int[] parent = new int[n];
    int[][] children = new int[n][];
    for (int r = 0; r < n; r++) {
      int place = t == 0 ? r : n % 2 == 0 ? n - 1 - r : Math.floorMod(r - 1, n);
      int[] kids = inOrderChildren(n, place);
      int p = inOrderParent(n, place);
      parent[r] = p < 0 ? -1 : rankAt(n, t, p);
      children[r] = new int[kids.length];
      for (int i = 0; i < kids.length; i++) {
        children[r][i] = rankAt(n, t, kids[i]);
      }
    }
    return new Tree(rankAt(n, t, 0), parent, children);
  }

  /** The rank that takes place {@code p} of tree 0 in tree {@code t}. */
  private static int rankAt(int n, int t, int p) {
    return t == 0 ? p : n % 2 == 0 ? n - 1 - p : (p + 1) % n;
  }

  private static int inOrderParent(int n, int r) {
    if (r == 0) {
      return -1;
    }
    int b = Integer.lowestOneBit(r);
    int up = (r ^ b) | (b << 1);
    return up < n ? up : r ^ b;
  }

  private static int[] inOrderChildren(int n, int r) {
    if (r == 0) {
      return new int[] {Integer.highestOneBit(n - 1)};
    }
    int half = Integer.lowestOneBit(r) >> 1;
    if (half == 0) {
      return new int[0];
    }
    int c = half;
    while (c > 0 && r + c >= n) {
      c >>= 1;
    }
    return c == 0 ? new int[] {r - half} : new int[] {r - half, r + c};
  }

  @Override
  public String name() {
    return "nccltree";
  }

  @Override
  public String description() {
    return "double binary tree allreduce (NCCL 2.4; Sanders-Speck-Traeff 2009), half the buffer per tree, "
        + "segments of --segment-bytes (default 512 KiB)";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(CollectiveOp.ALLREDUCE);
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    int n = spec.ranks();
    CollectiveSchedule out = new CollectiveSchedule(n);
    long segBytes = spec.segmentBytes() == 0 ? DEFAULT_SEGMENT_BYTES : spec.segmentBytes();
    long[] half = {spec.sizeBytes() - spec.sizeBytes() / 2, spec.sizeBytes() / 2};
    Tree[] trees = {tree(n, 0), tree(n, 1)};
    int[][] order = {preOrder(trees[0]), preOrder(trees[1])};
    long[][] seg = new long[2][];
    for (int t = 0; t < 2; t++) {
      seg[t] = half[t] == 0 ? new long[0] : Pieces.segments(half[t], segBytes);
    }
    int[][] lastUp = new int[2][n]; // per tree and rank, its previous send to its parent
    int[][] lastDown = new int[2][n]; // per tree and rank, the previous send it received from its parent
    for (int t = 0; t < 2; t++) {
      Arrays.fill(lastUp[t], -1);
      Arrays.fill(lastDown[t], -1);
    }
    int[] up = new int[n];
    int[] down = new int[n];
    for (int j = 0; j < Math.max(seg[0].length, seg[1].length); j++) {
      for (int t = 0; t < 2; t++) {
        if (j >= seg[t].length) {
          continue;
        }
        Tree tr = trees[t];
        long s = seg[t][j];
        int[] pre = order[t];
        for (int i = n - 1; i >= 0; i--) { // children before parents
          int v = pre[i];
          int ready = reduced(out, spec, tr, v, s, up);
          if (v == tr.root()) {
            down[v] = ready;
          } else {
            up[v] = out.transfer(v, tr.parent()[v], s, Pieces.deps(ready, lastUp[t][v]));
            lastUp[t][v] = up[v];
          }
        }
        for (int v : pre) { // parents before children
          for (int c : tr.children()[v]) {
            down[c] = out.transfer(v, c, s, Pieces.deps(down[v], lastDown[t][c]));
            lastDown[t][c] = down[c];
          }
        }
      }
    }
    return out;
  }

  /** What {@code v}'s reduced segment waits for: its children's arrivals, reduced (−1: a leaf). */
  private static int reduced(CollectiveSchedule out, CollectiveSpec spec, Tree tr, int v, long s, int[] up) {
    int[] kids = tr.children()[v];
    if (kids.length == 0) {
      return -1;
    }
    int[] arrivals = new int[kids.length];
    for (int i = 0; i < kids.length; i++) {
      arrivals[i] = up[kids[i]];
    }
    return Pieces.reduce(out, spec, v, s, arrivals);
  }

  /** The ranks in breadth-first order from the root. */
  private static int[] preOrder(Tree tr) {
    int n = tr.parent().length;
    int[] q = new int[n];
    int head = 0;
    int tail = 0;
    q[tail++] = tr.root();
    while (head < tail) {
      for (int c : tr.children()[q[head++]]) {
        q[tail++] = c;
      }
    }
    return q;
  }
}
