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
    int pod = t.labels().fieldIndex("pod"); // cores have no Pod
    for (int e = 0; e < t.linkCount(); e++) {
      int a = t.source(e);
      int b = t.target(e);
      boolean core = !t.isServer(a) && !t.isServer(b) && (t.labels().get(a, pod) < 0) != (t.labels().get(b, pod) < 0);
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

  @Test
  void onePerPodGivesEveryCoreOneCableIntoEachPod() {
    Topology two = org.fabriclab.topology.tworandom.TwoStageRandomGraph.of(8,
        org.fabriclab.topology.tworandom.TwoStageRandomGraph.Stage2.POD_CORE).build(1);
    Topology r = CoreRewiredTopology.onePerPod(two, new RandomStreams(1).stream("test"));
    assertThat(cables(r, false)).isEqualTo(cables(two, false));
    int pod = r.labels().fieldIndex("pod");
    int cores = 0;
    for (int v = 0; v < r.nodeCount(); v++) {
      assertThat(r.degree(v)).isEqualTo(two.degree(v));
      if (r.isServer(v) || r.labels().get(v, pod) >= 0) {
        continue;
      }
      cores++;
      int[] perPod = new int[8];
      for (int x = 0; x < r.degree(v); x++) {
        perPod[r.labels().get(r.neighbor(v, x), pod)]++;
      }
      assertThat(perPod).as("core %d", v).containsOnly(1); // k = 8 ports, 8 Pods
    }
    assertThat(cores).isEqualTo(8 * 8 / 4);
    assertThat(Fig8HopBound.coreDetourShare(r)).isEqualTo(0.0);
  }
}
