package org.fabriclab.sim.collective.host;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * {@code ring}: the ring algorithms (Patarasuk and Yuan, "Bandwidth optimal all-reduce algorithms
 * for clusters of workstations", JPDC 69(2), 2009; NCCL's ring). The buffer is cut into {@code n}
 * blocks (block {@code b} of {@code S / n}, the first {@code S mod n} one byte longer); rank
 * {@code i} sends to {@code i + 1}.
 *
 * <ul>
 *   <li>reduce-scatter: in step {@code k = 0 … n−2} rank {@code i} sends block {@code i − 1 − k},
 *       which it has just reduced (it received it in step {@code k − 1}); at the end rank
 *       {@code i} holds block {@code i} reduced over all ranks;
 *   <li>allgather: in step {@code k} rank {@code i} sends block {@code i − k} (its own in step 0,
 *       then the one it received);
 *   <li>allreduce: reduce-scatter then allgather, {@code 2(n − 1)} steps; each rank sends and
 *       receives {@code 2(n − 1)/n · S} — the bandwidth-optimal volume.
 * </ul>
 *
 * <p>With {@code --segment-bytes} each block is cut into segments that travel the ring
 * independently: a rank forwards a segment once it has received (and reduced) it and once its
 * previous segment has arrived at its neighbour — the pipelined ring of NCCL (which keeps a few
 * slots in flight; this keeps one). Without, a step's whole block is one transfer.
 * O(n² · segments per block) transfers.
 */
public final class Ring implements CollectiveScheme {
  @Override
  public String name() {
    return "ring";
  }

  @Override
  public String description() {
    return "ring reduce-scatter / allgather / allreduce (NCCL, Patarasuk-Yuan), pipelined with --segment-bytes";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(CollectiveOp.ALLREDUCE, CollectiveOp.ALLGATHER, CollectiveOp.REDUCE_SCATTER);
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    int n = spec.ranks();
    CollectiveSchedule out = new CollectiveSchedule(n);
    long[] block = new long[n];
    for (int b = 0; b < n; b++) {
      block[b] = spec.sizeBytes() / n + (b < spec.sizeBytes() % n ? 1 : 0);
    }
    long[][] seg = new long[n][];
    int maxSeg = 0;
    for (int b = 0; b < n; b++) {
      seg[b] = block[b] == 0 ? new long[0] : Pieces.segments(block[b], spec.segmentBytes());
      maxSeg = Math.max(maxSeg, seg[b].length);
    }
    // held[i][j]: what rank i waits for before forwarding segment j of the block it sends next
    int[][] held = new int[n][maxSeg];
    for (int[] h : held) {
      Arrays.fill(h, -1);
    }
    int[] prevSend = new int[n]; // rank i's previous transfer to i + 1
    Arrays.fill(prevSend, -1);
    boolean rs = spec.op() != CollectiveOp.ALLGATHER;
    boolean ag = spec.op() != CollectiveOp.REDUCE_SCATTER;
    if (rs) {
      for (int k = 0; k < n - 1; k++) {
        held = step(out, spec, seg, held, prevSend, k, true);
      }
    }
    if (ag) {
      for (int k = 0; k < n - 1; k++) {
        held = step(out, spec, seg, held, prevSend, k, false);
      }
    }
    return out;
  }

  /** One ring step: every rank sends its block of the step; returns the new holdings. */
  private static int[][] step(CollectiveSchedule out, CollectiveSpec spec, long[][] seg, int[][] held,
      int[] prevSend, int k, boolean reduce) {
    int n = spec.ranks();
    int[][] next = new int[n][held[0].length];
    for (int[] h : next) {
      Arrays.fill(h, -1);
    }
    for (int i = 0; i < n; i++) {
      int b = Math.floorMod(reduce ? i - 1 - k : i - k, n);
      int to = (i + 1) % n;
      for (int j = 0; j < seg[b].length; j++) {
        int t = out.transfer(i, to, seg[b][j], Pieces.deps(held[i][j], prevSend[i]));
        prevSend[i] = t;
        next[to][j] = reduce ? Pieces.reduce(out, spec, to, seg[b][j], t) : t;
      }
    }
    return next;
  }
}
