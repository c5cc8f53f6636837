package org.fabriclab.sim.collective.host;

import java.util.EnumSet;
import java.util.Set;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * {@code binomial}: the binomial tree of MPICH and Open MPI (Thakur et al., IJHPCA 2005, §3.1 for
 * broadcast, §4.1 for reduce; binomial scatter and gather as in §2). Virtual ranks count from the
 * root; in the round of bit {@code m} (largest first) every holder {@code v}, a multiple of
 * {@code 2m}, sends to {@code v + m}, so {@code ceil(log2 n)} rounds and {@code n − 1} messages.
 *
 * <ul>
 *   <li>broadcast: the whole message down the tree; with a segment size each segment goes down
 *       the tree on its own: a parent sends a segment to its children once it holds it, and the
 *       next segment to a child only once the previous one has arrived there (as Open MPI's
 *       segmented binomial: one segment in flight per child);
 *   <li>reduce: the same tree upward — a rank sends its partial result once it has reduced its
 *       children's;
 *   <li>scatter / gather: the subtree's blocks travel together (a rank forwards the blocks of its
 *       subtree), so the root sends {@code S/2}, {@code S/4}, … in its rounds.
 * </ul>
 * O(n · segments) transfers.
 */
public final class BinomialTree implements CollectiveScheme {
  @Override
  public String name() {
    return "binomial";
  }

  @Override
  public String description() {
    return "binomial tree, ceil(log2 n) rounds (MPICH/Open MPI); broadcast segmented with --segment-bytes";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(CollectiveOp.BROADCAST, CollectiveOp.REDUCE, CollectiveOp.SCATTER, CollectiveOp.GATHER);
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    int n = spec.ranks();
    CollectiveSchedule out = new CollectiveSchedule(n);
    int top = Integer.highestOneBit(n - 1);
    switch (spec.op()) {
      case BROADCAST -> {
        long[] seg = Pieces.segments(spec.sizeBytes(), spec.segmentBytes());
        int[][] got = new int[n][seg.length]; // the transfer that brought v segment j
        for (int[] g : got) {
          java.util.Arrays.fill(g, -1);
        }
        int[] lastTo = new int[n]; // per receiver, its previous segment's transfer
        java.util.Arrays.fill(lastTo, -1);
        for (int j = 0; j < seg.length; j++) {
          for (int m = top; m >= 1; m >>= 1) {
            for (int v = 0; v + m < n; v += 2 * m) {
              int c = v + m;
              int t = out.transfer(Pieces.real(v, spec), Pieces.real(c, spec), seg[j],
                  Pieces.deps(got[v][j], lastTo[c]));
              got[c][j] = t;
              lastTo[c] = t;
            }
          }
        }
      }
      case REDUCE -> {
        long s = spec.sizeBytes();
        int[] ready = new int[n]; // what v's partial result waits for
        java.util.Arrays.fill(ready, -1);
        for (int m = 1; m <= top; m <<= 1) {
          for (int v = 0; v + m < n; v += 2 * m) {
            int c = v + m;
            int t = out.transfer(Pieces.real(c, spec), Pieces.real(v, spec), s, Pieces.deps(ready[c]));
            ready[v] = Pieces.reduce(out, spec, Pieces.real(v, spec), s, t, ready[v]);
          }
        }
      }
      case SCATTER -> {
        int[] got = new int[n];
        java.util.Arrays.fill(got, -1);
        for (int m = top; m >= 1; m >>= 1) {
          for (int v = 0; v + m < n; v += 2 * m) {
            int c = v + m;
            long blocks = Math.min(m, n - c);
            got[c] = out.transfer(Pieces.real(v, spec), Pieces.real(c, spec),
                blocks * spec.blockBytes(), Pieces.deps(got[v]));
          }
        }
      }
      case GATHER -> {
        int[] ready = new int[n];
        java.util.Arrays.fill(ready, -1);
        int[] blocks = new int[n];
        java.util.Arrays.fill(blocks, 1);
        for (int m = 1; m <= top; m <<= 1) {
          for (int v = 0; v + m < n; v += 2 * m) {
            int c = v + m;
            int t = out.transfer(Pieces.real(c, spec), Pieces.real(v, spec),
                blocks[c] * spec.blockBytes(), Pieces.deps(ready[c]));
            blocks[v] += blocks[c];
            ready[v] = ready[v] < 0 ? t : out.step(Pieces.real(v, spec), 0, ready[v], t);
          }
        }
      }
      default -> throw new IllegalArgumentException(spec.op().cliName());
    }
    return out;
  }
}
