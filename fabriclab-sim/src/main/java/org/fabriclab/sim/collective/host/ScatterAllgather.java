package org.fabriclab.sim.collective.host;

import java.util.EnumSet;
import java.util.Set;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * {@code scatterallgather}: the broadcast of van de Geijn et al. for long messages (Thakur et al.,
 * IJHPCA 2005, §3.1): a binomial scatter of {@code n} blocks, then a ring allgather — the
 * {@link MpiBcastSchedules#scatterAllgatherRing} schedule of MPICH and Open MPI, each rank's sends
 * posted together. O(n log n + n²) transfers.
 */
public final class ScatterAllgather implements CollectiveScheme {
  @Override
  public String name() {
    return "scatterallgather";
  }

  @Override
  public String description() {
    return "broadcast as binomial scatter + ring allgather (van de Geijn; MPICH long messages)";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(CollectiveOp.BROADCAST);
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    CollectiveSchedule out = new CollectiveSchedule(spec.ranks());
    MpiBcastSchedules.scatterAllgatherRing(spec.ranks(), spec.sizeBytes(), false,
        (from, to, bytes, block, after) ->
            out.transfer(Pieces.real(from, spec), Pieces.real(to, spec), bytes, after));
    return out;
  }
}
