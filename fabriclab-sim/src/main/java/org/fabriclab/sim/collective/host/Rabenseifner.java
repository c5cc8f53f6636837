package org.fabriclab.sim.collective.host;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * {@code rabenseifner}: Rabenseifner's allreduce (R. Rabenseifner, "Optimization of collective
 * reduction operations", ICCS 2004; Thakur et al., IJHPCA 2005, §4.5): a recursive-halving
 * reduce-scatter ({@link RecursiveHalving}) then a recursive-doubling allgather that retraces it
 * (distances 1, 2, …, n/2 with {@code S/n, 2S/n, …, S/2} bytes), so each rank sends
 * {@code 2(n − 1)/n · S} in {@code 2 log2 n} steps. Power-of-two ranks. O(n log n) transfers.
 */
public final class Rabenseifner implements CollectiveScheme {
  @Override
  public String name() {
    return "rabenseifner";
  }

  @Override
  public String description() {
    return "Rabenseifner allreduce: recursive-halving reduce-scatter + recursive-doubling allgather; power-of-two ranks";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(CollectiveOp.ALLREDUCE);
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    int n = spec.ranks();
    Pieces.requirePowerOfTwo(name(), n);
    CollectiveSchedule out = new CollectiveSchedule(n);
    Blocks blocks = new Blocks(spec.sizeBytes(), n);
    int[] ready = new int[n];
    Arrays.fill(ready, -1);
    RecursiveHalving.halve(out, spec, blocks, ready);
    // rank i holds block i; doubling: at distance d it holds the d blocks of its aligned group
    for (int d = 1; d < n; d <<= 1) {
      int[] sent = new int[n];
      for (int i = 0; i < n; i++) {
        int lo = i & ~(d - 1);
        sent[i] = out.transfer(i, i ^ d, blocks.bytes(lo, lo + d), Pieces.deps(ready[i]));
      }
      for (int i = 0; i < n; i++) {
        ready[i] = out.step(i, 0, sent[i], sent[i ^ d]);
      }
    }
    return out;
  }
}
