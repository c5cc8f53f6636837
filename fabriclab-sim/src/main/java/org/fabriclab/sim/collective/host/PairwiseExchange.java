package org.fabriclab.sim.collective.host;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * {@code pairwise}: the pairwise-exchange all-to-all (Thakur et al., IJHPCA 2005, §4.6, long
 * messages): in step {@code s = 1 … n − 1} rank {@code i} sends its block for {@code i + s} and
 * receives the block of {@code i − s} (mod n), and starts step {@code s + 1} when both are done
 * (MPI's sendrecv). Every rank sends {@code (n − 1)/n · S}. O(n²) transfers.
 */
public final class PairwiseExchange implements CollectiveScheme {
  @Override
  public String name() {
    return "pairwise";
  }

  @Override
  public String description() {
    return "pairwise-exchange all-to-all, n-1 sendrecv steps (MPICH)";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(CollectiveOp.ALLTOALL);
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    int n = spec.ranks();
    CollectiveSchedule out = new CollectiveSchedule(n);
    int[] ready = new int[n];
    Arrays.fill(ready, -1);
    for (int s = 1; s < n; s++) {
      int[] sent = new int[n];
      for (int i = 0; i < n; i++) {
        sent[i] = out.transfer(i, (i + s) % n, spec.blockBytes(), Pieces.deps(ready[i]));
      }
      int[] next = new int[n];
      for (int i = 0; i < n; i++) {
        next[i] = out.step(i, 0, sent[i], sent[Math.floorMod(i - s, n)]);
      }
      ready = next;
    }
    return out;
  }
}
