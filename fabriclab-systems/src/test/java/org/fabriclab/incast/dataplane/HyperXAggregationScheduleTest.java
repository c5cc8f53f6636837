package org.fabriclab.incast.dataplane;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveResult;
import org.fabriclab.sim.collective.CollectiveRun;
import org.fabriclab.sim.collective.CollectiveSchemes;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.fabriclab.sim.collective.Placement;
import org.fabriclab.topology.TopologyFamilies;
import org.junit.jupiter.api.Test;

/**
 * {@code aggtree} on the flattened butterfly (seed 004 §V-C) against a count by hand: the 4-ary
 * 2-flat with two servers per switch is four switches in a clique, servers {@code 2w, 2w + 1} on
 * switch {@code w}. Receiver host 0, senders hosts 1..7: switches 1, 2, 3 are the tree's leaves
 * under the receiver's switch 0; each aggregates in its first server (hosts 2, 4, 6), whose
 * neighbour sends it {@code S} over 2 links, and sends its output over 3 links (its cable, the
 * switch-to-switch link, the receiver's cable); host 1 sends {@code S} to the receiver over 2.
 */
class HyperXAggregationScheduleTest {
  private static final long S = 1 << 20;
  private final Topology fbfly = TopologyFamilies.load().build("fbfly", Map.of("k", "4", "n", "2", "c", "2", "seed", "1"));
  private final CollectiveSchemes schemes = CollectiveSchemes.load();

  @Test
  void aggregatesAtEachSwitchsCacheServer() {
    int[] hosts = {0, 1, 2, 3, 4, 5, 6, 7};
    for (String engine : new String[] {"flow", "packet"}) {
      CollectiveRun run = CollectiveRun.defaults(fbfly, engine, Placement.CONTIGUOUS, 1);
      // α = 0: each cache sends S; 3 switches × (2 + 3) + 2 = 17 S
      CollectiveResult tree = run.run(schemes.get("aggtree"), CollectiveSpec.of(CollectiveOp.INCAST, 8, S),
          hosts, Progress.NONE);
      assertThat(tree.wireBytes()).as(engine).isEqualTo(17 * S);
      // α = 0.5: each cache sends S + S/2 over 3 links: 3 × (2 + 4.5) + 2 = 21.5 S
      CollectiveSpec half = new CollectiveSpec(CollectiveOp.INCAST, 8, S, 0, 0, 0, 0.5);
      assertThat(run.run(schemes.get("aggtree"), half, hosts, Progress.NONE).wireBytes()).as(engine)
          .isEqualTo(43 * S / 2);
      // unicast: host 1 over 2 links, hosts 2..7 over 3: 20 S
      assertThat(run.run(schemes.get("flat"), CollectiveSpec.of(CollectiveOp.INCAST, 8, S), hosts, Progress.NONE)
          .wireBytes()).as(engine).isEqualTo(20 * S);
    }
  }
}
