package org.fabriclab.flattree;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.fabriclab.graph.Topology;
import org.fabriclab.rng.RandomStreams;
import org.junit.jupiter.api.Test;

/**
 * The control topology keeps every node, label, server cable and intra-Pod cable of flat-tree local
 * and every switch's and core's number of core cables, stays simple, and (unlike the Clos wiring)
 * gives some core several cables into one Pod.
 */
class CoreRewiredTopologyTest {
  private static Set<Long> cables(Topology t, boolean coreCables) {
    Set<Long> out = new HashSet<>();
    int tier = t.labels().fieldIndex("tier");
    for (int e = 0; e < t.linkCount(); e++) {
      int a = t.source(e);
      int b = t.target(e);
      boolean core = !t.isServer(a) && !t.isServer(b) && (t.labels().get(a, tier) == 3) != (t.labels().get(b, tier) == 3);
      if (core == coreCables) {
        out.add((long) a * t.nodeCount() + b);
      }
    }
    return out;
  }

  @Test
  void onlyTheCoreEndsMove() {
    Topology flat = new FlatTreeController(FlatTree.ofFatTree(8)).convert(FlatTreeMode.LOCAL).logicalTopology();
    Topology r = CoreRewiredTopology.of(flat, new RandomStreams(1).stream("test"));
    assertThat(r.nodeCount()).isEqualTo(flat.nodeCount());
    assertThat(r.linkCount()).isEqualTo(flat.linkCount());
    for (int v = 0; v < flat.nodeCount(); v++) {
      assertThat(r.labels().of(v)).isEqualTo(flat.labels().of(v));
      assertThat(r.isServer(v)).isEqualTo(flat.isServer(v));
      assertThat(r.degree(v)).as("degree of %d", v).isEqualTo(flat.degree(v));
    }
    assertThat(cables(r, false)).isEqualTo(cables(flat, false));
    Set<Long> rewired = cables(r, true);
    assertThat(rewired).hasSize(cables(flat, true).size()); // a set: no (switch, core) pair repeats
    assertThat(rewired).isNotEqualTo(cables(flat, true));
    // the Clos wiring gives each core one cable per Pod; the shuffle gives some core two or more
    assertThat(Fig8HopBound.coreDetourShare(flat)).isEqualTo(0.0);
    assertThat(Fig8HopBound.coreDetourShare(r)).isGreaterThan(0.0);
  }
}
