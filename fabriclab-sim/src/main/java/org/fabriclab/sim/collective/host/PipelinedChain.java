package org.fabriclab.sim.collective.host;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * {@code chain}: the pipelined chain (Open MPI's {@code pipeline} broadcast and reduce; Träff and
 * Ripke, "Optimal broadcast for fully connected processor-node networks", JPDC 68(7), 2008, for
 * its cost). The message is cut into {@code k} segments of {@code --segment-bytes}; virtual rank
 * {@code v} forwards segment {@code j} to {@code v + 1} once it holds it and once segment {@code
 * j − 1} has arrived there (one segment in flight per hop), so segments are forwarded as they
 * arrive. In the α–β (Hockney) model a segment of {@code s} bytes costs {@code α + s·β} per hop
 * and the chain takes {@code (k + n − 2)·(α + s·β)}; one segment (the whole message) is
 * store-and-forward, {@code (n − 1)·(α + S·β)}. Reduce runs the chain toward the root, each
 * rank reducing a segment before forwarding it. O(n · k) transfers.
 */
public final class PipelinedChain implements CollectiveScheme {
  @Override
  public String name() {
    return "chain";
  }

  @Override
  public String description() {
    return "pipelined chain 0 -> 1 -> ... -> n-1, segments of --segment-bytes forwarded as they arrive";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(CollectiveOp.BROADCAST, CollectiveOp.REDUCE);
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    int n = spec.ranks();
    long[] seg = Pieces.segments(spec.sizeBytes(), spec.segmentBytes());
    CollectiveSchedule out = new CollectiveSchedule(n);
    boolean down = spec.op() == CollectiveOp.BROADCAST;
    int[] prevHop = new int[n]; // per hop (by its receiving virtual rank), the previous segment's transfer
    Arrays.fill(prevHop, -1);
    for (int j = 0; j < seg.length; j++) {
      int holding = -1; // what the sender of this hop waits for to hold segment j
      for (int h = 0; h < n - 1; h++) {
        // broadcast: v = h sends to h + 1; reduce: v = n-1-h sends to n-2-h
        int from = down ? h : n - 1 - h;
        int to = down ? h + 1 : n - 2 - h;
        int t = out.transfer(Pieces.real(from, spec), Pieces.real(to, spec), seg[j],
            Pieces.deps(holding, prevHop[to]));
        prevHop[to] = t;
        holding = down ? t : Pieces.reduce(out, spec, Pieces.real(to, spec), seg[j], t);
      }
    }
    return out;
  }
}
