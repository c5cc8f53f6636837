package org.fabriclab.sim.collective.host;

import java.util.EnumSet;
import java.util.Set;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * {@code flat}: every rank talks to its peers directly, all messages posted at once — the
 * "basic linear" algorithms of MPI libraries (Thakur, Rabenseifner, Gropp, "Optimization of
 * Collective Communication Operations in MPICH", IJHPCA 19(1), 2005, §2) and unicast fan-out,
 * the host baseline of the multicast papers (seed 000 §VI-A, seed 002 §2.3).
 *
 * <ul>
 *   <li>broadcast: the root sends {@code S} to each other rank ({@code (n − 1)·S} from its NIC);
 *   <li>scatter / gather: the root sends / receives one {@code S / n} block per rank;
 *   <li>reduce: every rank sends {@code S} to the root, which reduces each arrival;
 *   <li>incast: every rank sends {@code S} to the root (no reduction at the hosts);
 *   <li>allgather / all-to-all: every rank sends its block ({@code S / n}) to every other rank.
 * </ul>
 * O(n) transfers (O(n²) for allgather and all-to-all).
 */
public final class UnicastFanout implements CollectiveScheme {
  @Override
  public String name() {
    return "flat";
  }

  @Override
  public String description() {
    return "unicast fan-out / fan-in, every message posted at once (MPI's basic linear algorithms)";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(CollectiveOp.BROADCAST, CollectiveOp.SCATTER, CollectiveOp.GATHER,
        CollectiveOp.REDUCE, CollectiveOp.INCAST, CollectiveOp.ALLGATHER, CollectiveOp.ALLTOALL);
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    int n = spec.ranks();
    int root = spec.root();
    long s = spec.sizeBytes();
    CollectiveSchedule out = new CollectiveSchedule(n);
    switch (spec.op()) {
      case BROADCAST, SCATTER -> {
        long b = spec.op() == CollectiveOp.BROADCAST ? s : spec.blockBytes();
        for (int v = 1; v < n; v++) {
          out.transfer(root, Pieces.real(v, spec), b);
        }
      }
      case GATHER, INCAST -> {
        long b = spec.op() == CollectiveOp.INCAST ? s : spec.blockBytes();
        for (int v = 1; v < n; v++) {
          out.transfer(Pieces.real(v, spec), root, b);
        }
      }
      case REDUCE -> {
        int acc = -1;
        for (int v = 1; v < n; v++) {
          int t = out.transfer(Pieces.real(v, spec), root, s);
          acc = Pieces.reduce(out, spec, root, s, t, acc);
        }
      }
      case ALLGATHER, ALLTOALL -> {
        for (int i = 0; i < n; i++) {
          for (int d = 1; d < n; d++) {
            out.transfer(i, (i + d) % n, spec.blockBytes());
          }
        }
      }
      default -> throw new IllegalArgumentException(spec.op().cliName());
    }
    return out;
  }
}
