package org.fabriclab.sim.collective.host;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * {@code rechalving}: recursive-halving reduce-scatter (Thakur et al., IJHPCA 2005, §4.4). With a
 * power of two of ranks, in step {@code k} rank {@code i} exchanges with {@code i XOR n/2^(k+1)}:
 * each keeps the half of its current block range on its side and sends the other half ({@code
 * S / 2^(k+1)} bytes), then reduces what it received; after {@code log2 n} steps rank {@code i}
 * holds block {@code i} reduced over all ranks. Each rank sends {@code (n − 1)/n · S}. A step
 * starts when the previous step's send, receive and reduction are done. O(n log n) transfers.
 */
public final class RecursiveHalving implements CollectiveScheme {
  @Override
  public String name() {
    return "rechalving";
  }

  @Override
  public String description() {
    return "recursive-halving reduce-scatter, log2 n steps (MPICH); power-of-two ranks";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(CollectiveOp.REDUCE_SCATTER);
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    Pieces.requirePowerOfTwo(name(), spec.ranks());
    CollectiveSchedule out = new CollectiveSchedule(spec.ranks());
    int[] ready = new int[spec.ranks()];
    Arrays.fill(ready, -1);
    halve(out, spec, new Blocks(spec.sizeBytes(), spec.ranks()), ready);
    return out;
  }

  /**
   * Appends the halving steps; {@code ready} goes in as each rank's prerequisite and comes out as
   * what waits for its reduced block. Shared with {@link Rabenseifner}.
   */
  static void halve(CollectiveSchedule out, CollectiveSpec spec, Blocks blocks, int[] ready) {
    int n = spec.ranks();
    int[] lo = new int[n];
    int[] hi = new int[n];
    Arrays.fill(hi, n);
    for (int d = n / 2; d >= 1; d /= 2) {
      int[] sent = new int[n];
      long[] size = new long[n];
      for (int i = 0; i < n; i++) {
        int mid = (lo[i] + hi[i]) / 2;
        boolean keepLow = (i & d) == 0;
        int sLo = keepLow ? mid : lo[i];
        int sHi = keepLow ? hi[i] : mid;
        size[i] = blocks.bytes(sLo, sHi);
        sent[i] = out.transfer(i, i ^ d, size[i], Pieces.deps(ready[i]));
        if (keepLow) {
          hi[i] = mid;
        } else {
          lo[i] = mid;
        }
      }
      for (int i = 0; i < n; i++) {
        ready[i] = Pieces.reduce(out, spec, i, size[i ^ d], sent[i ^ d], sent[i]);
      }
    }
  }
}
