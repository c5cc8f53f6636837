package org.fabriclab.topology.fattree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.Topology;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.topology.TopologyChecks;
import org.fabriclab.topology.TopologyFamilies;
import org.junit.jupiter.api.Test;

class FatTreeTest {
  private final TopologyFamilies families = TopologyFamilies.load();

  @Test
  void k4HasSixteenServersTwentySwitchesFortyEightCables() {
    Topology t = new FatTree(4).build();
    assertThat(t.serverCount()).isEqualTo(16);
    assertThat(t.switchCount()).isEqualTo(20);
    assertThat(t.cableCount()).isEqualTo(48);
  }

  @Test
  void closedFormsForSeveralK() {
    for (int k = 2; k <= 16; k += 2) {
      Topology t = new FatTree(k).build();
      assertThat(t.serverCount()).isEqualTo(k * k * k / 4);
      assertThat(t.switchCount()).isEqualTo(5 * k * k / 4);
      assertThat(t.cableCount()).isEqualTo(3 * k * k * k / 4);
      for (int v = 0; v < t.nodeCount(); v++) {
        assertThat(t.degree(v)).isEqualTo(t.isServer(v) ? 1 : k);
      }
    }
  }

  @Test
  void hopDistancesOfK4ByHand() {
    Topology t = new FatTree(4).build();
    for (int a = 0; a < 16; a++) {
      int[] dist = TopologyChecks.bfs(t, a);
      for (int b = 0; b < 16; b++) {
        int expected = a == b ? 0 : a / 2 == b / 2 ? 2 : a / 4 == b / 4 ? 4 : 6;
        assertThat(dist[b]).as("servers %d and %d", a, b).isEqualTo(expected);
      }
    }
  }

  @Test
  void benchmarkConventionServerOnTorInPod() {
    Topology t = new FatTree(8).build();
    Labels l = t.labels();
    for (int h = 0; h < t.serverCount(); h++) {
      int tor = t.neighbor(h, 0);
      assertThat(tor - 128).isEqualTo(h / 4);
      assertThat(l.get(tor, "tier")).isEqualTo(1);
      assertThat(l.get(tor, "pod")).isEqualTo((h / 4) / 4);
      assertThat(l.get(h, "pod")).isEqualTo(l.get(tor, "pod"));
      assertThat(l.get(h, "tier")).isZero();
    }
  }

  @Test
  void coreWiringAggregationIndexToCoreGroup() {
    int k = 6;
    FatTree f = new FatTree(k);
    Topology t = f.build();
    Labels l = t.labels();
    for (int c = 0; c < k * k / 4; c++) {
      int core = f.coreSwitch(c);
      assertThat(l.get(core, "tier")).isEqualTo(3);
      assertThat(l.get(core, "pod")).isEqualTo(Labels.ABSENT);
      assertThat(t.degree(core)).isEqualTo(k);
      for (int p = 0; p < k; p++) {
        int agg = t.neighbor(core, p);
        assertThat(l.get(agg, "tier")).isEqualTo(2);
        assertThat(l.get(agg, "pod")).isEqualTo(p);
        assertThat(l.get(agg, "index")).isEqualTo(c / (k / 2));
      }
    }
  }

  @Test
  void oddOrOutOfRangeKIsRejectedWithOneLine() {
    assertThatThrownBy(() -> families.parse("fattree", Map.of("k", "5")))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("fattree --k must be even, valid range 2..256")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    assertThatThrownBy(() -> families.parse("fattree", Map.of("k", "258")))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("2..256");
  }

  @Test
  void commonLinkParametersApply() {
    Topology t = families.build("fattree", Map.of("k", "4", "link-gbps", "40", "link-delay-ns", "250"));
    for (int e = 0; e < t.linkCount(); e++) {
      assertThat(t.capacityBps(e)).isEqualTo(40_000_000_000L);
      assertThat(t.delayPs(e)).isEqualTo(250_000L);
    }
    assertThat(t.family()).isEqualTo("fattree");
  }

  @Test
  void randomValidKKeepInvariants() {
    SplittableRandom rnd = new RandomStreams(7).stream("fattree-test");
    for (int round = 0; round < 12; round++) {
      int k = 2 * (1 + rnd.nextInt(7));
      Map<String, String> raw = Map.of("k", Integer.toString(k));
      Topology t = families.build("fattree", raw);
      FatTree f = new FatTree(k);
      TopologyChecks.checkInvariants(t, f.estimate());
      assertThat(families.build("fattree", raw)).isEqualTo(t);
      assertThat(t.labels().index().find(3, Labels.ABSENT, 0)).isEqualTo(f.coreSwitch(0));
    }
  }

  @Test
  void orbitHintMatchesBruteForce() {
    for (int k : new int[] {2, 4, 6}) {
      TopologyChecks.checkOrbits(new FatTree(k).build());
    }
  }
}
