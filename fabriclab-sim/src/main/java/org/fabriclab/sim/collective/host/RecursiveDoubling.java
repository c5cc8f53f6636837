package org.fabriclab.sim.collective.host;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * {@code recdoubling}: recursive doubling (Thakur et al., IJHPCA 2005, §4.2 allgather and §4.5
 * allreduce for short messages). In step {@code k} ({@code log2 n} steps, a power of two of ranks)
 * rank {@code i} exchanges with {@code i XOR 2^k}: allgather sends the {@code 2^k} blocks it holds
 * ({@code 2^k · S / n} bytes), allreduce its whole partial result ({@code S} bytes, reduced on
 * arrival). A rank's step starts when its previous step's send and receive have completed (MPI's
 * sendrecv). O(n log n) transfers.
 */
public final class RecursiveDoubling implements CollectiveScheme {
  @Override
  public String name() {
    return "recdoubling";
  }

  @Override
  public String description() {
    return "recursive doubling allgather / allreduce, log2 n exchange steps (MPICH); power-of-two ranks";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(CollectiveOp.ALLGATHER, CollectiveOp.ALLREDUCE);
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    int n = spec.ranks();
    Pieces.requirePowerOfTwo(name(), n);
    CollectiveSchedule out = new CollectiveSchedule(n);
    boolean reduce = spec.op() == CollectiveOp.ALLREDUCE;
    int[] ready = new int[n]; // what rank i's next step waits for
    Arrays.fill(ready, -1);
    for (int d = 1; d < n; d <<= 1) {
      long bytes = reduce ? spec.sizeBytes() : d * spec.blockBytes();
      int[] sent = new int[n];
      for (int i = 0; i < n; i++) {
        sent[i] = out.transfer(i, i ^ d, bytes, Pieces.deps(ready[i]));
      }
      int[] next = new int[n];
      for (int i = 0; i < n; i++) {
        int in = sent[i ^ d];
        next[i] = reduce ? Pieces.reduce(out, spec, i, bytes, in, sent[i])
            : out.step(i, 0, sent[i], in);
      }
      ready = next;
    }
    return out;
  }
}
