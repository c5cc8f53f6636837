package org.fabriclab.incast.dataplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
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
 * The worked example of seed 004 (§III-C, §IV-C, Fig. 4) measured on both engines: BCube(4,1),
 * receiver v0, senders {2, 5, 9, 10, 11, 14}. After intra-stage optimisation the tree costs 14
 * over 11 links (unit flows, full aggregation); unicast without aggregation costs 22. On the
 * engines a unit is the message {@code S}, and the cost is the payload bytes times the links
 * they cross.
 */
class AggregationTreeSchemeTest {
  private static final long S = 1 << 20;
  private static final int[] HOSTS = {0, 2, 5, 9, 10, 11, 14};
  private final Topology bcube = TopologyFamilies.load().build("bcube", Map.of("n", "4", "k", "1", "seed", "1"));
  private final CollectiveSchemes schemes = CollectiveSchemes.load();
  private final CollectiveSpec spec = CollectiveSpec.of(CollectiveOp.INCAST, HOSTS.length, S);

  @Test
  void fig4TreeCostsFourteenOverElevenLinksOnBothEngines() {
    for (String engine : new String[] {"flow", "packet"}) {
      CollectiveRun run = CollectiveRun.defaults(bcube, engine, Placement.CONTIGUOUS, 1);
      CollectiveResult tree = run.run(schemes.get("aggtree"), spec, HOSTS, Progress.NONE);
      assertThat(tree.wireBytes()).as(engine).isEqualTo(14 * S);
      assertThat(tree.linksUsed()).as(engine).isEqualTo(11);
      CollectiveResult unicast = run.run(schemes.get("flat"), spec, HOSTS, Progress.NONE);
      assertThat(unicast.wireBytes()).as(engine).isEqualTo(22 * S);
    }
  }

  @Test
  void partialAggregationSendsMaxPlusAlphaTimesTheRest() {
    CollectiveRun run = CollectiveRun.defaults(bcube, "flow", Placement.CONTIGUOUS, 1);
    // α = 1 merges nothing, so the best tree is every sender's shortest path: the senders differ
    // from v0 in 1 (v2) or 2 digits (the other five), 11 server hops of two links each = 22 units
    assertThat(run.run(schemes.get("aggtree"), spec.withAlpha(1), HOSTS, Progress.NONE).wireBytes())
        .isEqualTo(22 * S);
    // α = 0.5: the engine's bytes equal Def. 1's cost of the tree the builder gives for α = 0.5,
    // evaluated by the analytic model (IncastTree.metrics), not by the engine
    org.fabriclab.incast.BCubeLabels labels = new org.fabriclab.incast.BCubeLabels(4, 1);
    org.fabriclab.incast.IncastTree tree = org.fabriclab.incast.IncastMethod.ARS_INTRA.builder(null, 2, 1, 0.5)
        .build(org.fabriclab.incast.IncastTransfer.unit(labels, 0, 2, 5, 9, 10, 11, 14));
    org.fabriclab.incast.IncastTree.TreeMetrics m = tree.metrics(0.5);
    CollectiveResult half = run.run(schemes.get("aggtree"), spec.withAlpha(0.5), HOSTS, Progress.NONE);
    assertThat((double) half.wireBytes()).isEqualTo(m.cost() * S);
    assertThat(half.linksUsed()).isEqualTo(m.links());
  }

  @Test
  void refusesAFabricWithoutBCubeLabels() {
    Topology ft = TopologyFamilies.load().build("fattree", Map.of("k", "4", "seed", "1"));
    CollectiveRun run = CollectiveRun.defaults(ft, "flow", Placement.CONTIGUOUS, 1);
    assertThatThrownBy(() -> run.run(schemes.get("aggtree"), spec, Progress.NONE))
        .isInstanceOf(InvalidParameterException.class).hasMessageContaining("BCube");
  }
}
