package org.fabriclab.topology.tworandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.fabriclab.topology.TopologyChecks.connected;
import static org.fabriclab.topology.TopologyChecks.isSimple;
import static org.fabriclab.topology.TopologyChecks.isSymmetric;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.LabelIndex;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TwoStageRandomGraphTest {

  /** Checks {@code t} against fat-tree(k) counts and the two-stage structure. */
  private static void assertStructure(Topology t, int k) {
    Labels l = t.labels();
    int tier = l.fieldIndex("tier");
    int pod = l.fieldIndex("pod");
    assertThat(t.serverCount()).isEqualTo(k * k * k / 4);
    assertThat(t.switchCount()).isEqualTo(k * k + k * k / 4);
    assertThat(t.cableCount()).isEqualTo(3 * k * k * k / 4);
    assertThat(isSimple(t)).isTrue();
    assertThat(isSymmetric(t)).isTrue();
    int[] serversInPod = new int[k];
    int[] intraPodEnds = new int[k];
    for (int v = 0; v < t.nodeCount(); v++) {
      if (t.isServer(v)) {
        assertThat(t.degree(v)).isEqualTo(1);
        int sw = t.neighbor(v, 0);
        assertThat(l.get(sw, tier)).isEqualTo(1);
        assertThat(l.get(sw, pod)).isEqualTo(l.get(v, pod));
        serversInPod[l.get(v, pod)]++;
        continue;
      }
      assertThat(t.degree(v)).as("port budget of switch %d", v).isEqualTo(k);
      if (l.get(v, tier) == 1) {
        int p = l.get(v, pod);
        int servers = 0;
        int samePod = 0;
        for (int q = 0; q < t.degree(v); q++) {
          int w = t.neighbor(v, q);
          if (t.isServer(w)) {
            servers++;
          } else if (l.get(w, tier) == 1 && l.get(w, pod) == p) {
            samePod++;
          }
        }
        // servers spread evenly: k^2/4 over k switches is k/4 each, rounded either way
        assertThat(servers).isBetween(k / 4, (k + 3) / 4);
        assertThat(samePod).isEqualTo(k / 2);
        intraPodEnds[p] += samePod;
      }
    }
    for (int p = 0; p < k; p++) {
      assertThat(serversInPod[p]).isEqualTo(k * k / 4);
      assertThat(intraPodEnds[p] / 2).as("intra-Pod links of Pod %d", p).isEqualTo(k * k / 4);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {4, 6, 8, 10, 12, 14, 16})
  void structureMatchesFatTreeEquipmentAndIsConnected(int k) {
    for (long seed = 1; seed <= 3; seed++) {
      Topology t = TwoStageRandomGraph.of(k).build(seed);
      assertStructure(t, k);
      assertThat(connected(t)).isTrue();
    }
  }

  @Test
  void everySeedUsesEveryPortForSmallK() {
    // the smallest instances are the tightest for the stage-2 repairs
    for (long seed = 0; seed < 400; seed++) {
      assertStructure(TwoStageRandomGraph.of(4).build(seed), 4);
    }
    for (long seed = 0; seed < 150; seed++) {
      assertStructure(TwoStageRandomGraph.of(6).build(seed), 6);
    }
  }

  @Test
  void stageTwoHasPodPodPodCoreAndCoreCoreLinksButNeverInsideAPod() {
    Topology t = TwoStageRandomGraph.of(12).build(4);
    Labels l = t.labels();
    int podPod = 0;
    int podCore = 0;
    int coreCore = 0;
    for (int e = 0; e < t.linkCount(); e++) {
      int a = t.source(e);
      int b = t.target(e);
      if (t.isServer(a) || t.isServer(b) || a > b) {
        continue;
      }
      int ta = l.get(a, "tier");
      int tb = l.get(b, "tier");
      if (ta == 1 && tb == 1 && l.get(a, "pod") != l.get(b, "pod")) {
        podPod++;
      } else if (ta != tb) {
        podCore++;
      } else if (ta == 2) {
        coreCore++;
      }
    }
    assertThat(podPod + podCore + coreCore).isEqualTo(12 * 12 * 12 / 4);
    assertThat(podPod).isPositive();
    assertThat(podCore).isPositive();
    assertThat(coreCore).isPositive();
  }

  @ParameterizedTest
  @ValueSource(ints = {4, 6, 8, 12, 16})
  void podCoreReadingJoinsPodsOnlyToCoresAndGivesEveryCoreKPodNeighbours(int k) {
    for (long seed = 1; seed <= 5; seed++) {
      Topology t = TwoStageRandomGraph.of(k, TwoStageRandomGraph.Stage2.POD_CORE).build(seed);
      assertStructure(t, k);
      assertThat(connected(t)).isTrue();
      Labels l = t.labels();
      for (int v = 0; v < t.nodeCount(); v++) {
        if (t.isServer(v)) {
          continue;
        }
        for (int q = 0; q < t.degree(v); q++) {
          int w = t.neighbor(v, q);
          if (t.isServer(w)) {
            continue;
          }
          int tv = l.get(v, "tier");
          int tw = l.get(w, "tier");
          // Pod switch to Pod switch only inside a Pod; core switches only to Pod switches
          if (tv == 1 && tw == 1) {
            assertThat(l.get(w, "pod")).isEqualTo(l.get(v, "pod"));
          }
          assertThat(tv == 2 && tw == 2).isFalse();
        }
      }
    }
  }

  @Test
  void deterministicPerSeed() {
    TwoStageRandomGraph g = TwoStageRandomGraph.of(8);
    assertThat(g.build(3)).isEqualTo(g.build(3));
    assertThat(g.build(3).csrTargets()).isNotEqualTo(g.build(4).csrTargets());
  }

  @Test
  void labelsFindEveryNodeAndNodesAreOrderedServersPodSwitchesCores() {
    Topology t = TwoStageRandomGraph.of(6).build(1);
    Labels l = t.labels();
    LabelIndex index = l.index();
    int previousTier = 0;
    int previousSwitch = -1;
    for (int v = 0; v < t.nodeCount(); v++) {
      assertThat(index.find(l.of(v))).isEqualTo(v);
      int tier = l.get(v, "tier");
      assertThat(tier).isGreaterThanOrEqualTo(previousTier);
      previousTier = tier;
      if (t.isServer(v)) {
        assertThat(t.neighbor(v, 0)).isGreaterThanOrEqualTo(previousSwitch);
        previousSwitch = t.neighbor(v, 0);
      }
    }
    assertThat(l.get(t.nodeCount() - 1, "pod")).isEqualTo(Labels.ABSENT);
  }

  @Test
  void oddOrSmallKIsRejected() {
    assertThatThrownBy(() -> TwoStageRandomGraph.of(7))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--k")
        .hasMessageContaining("even");
    assertThatThrownBy(() -> TwoStageRandomGraph.of(2))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("4..1024");
  }
}
