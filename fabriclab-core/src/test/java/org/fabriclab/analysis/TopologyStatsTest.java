package org.fabriclab.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.fabriclab.table.Table;
import org.junit.jupiter.api.Test;

class TopologyStatsTest {
  /**
   * k=4 fat-tree by hand: 16 servers, 20 switches, 16 + 16 + 16 = 48 cables. Per server: 1 at 2
   * hops, 2 at 4, 12 at 6: mean (2 + 8 + 72) / 15 = 82/15.
   */
  @Test
  void fatTreeK4() {
    TopologyStats s = TopologyStats.of(HandGraph.fatTree(4, false).build(), 2, 1000, 1);
    assertThat(s.family()).isEqualTo("fattree");
    assertThat(s.nodes()).isEqualTo(36);
    assertThat(s.servers()).isEqualTo(16);
    assertThat(s.switches()).isEqualTo(20);
    assertThat(s.links()).isEqualTo(48);
    assertThat(s.directedLinks()).isEqualTo(96);
    assertThat(s.avgServerPathLength()).isCloseTo(82 / 15.0, within(1e-12));
    assertThat(s.diameter()).isEqualTo(6);
    assertThat(s.diameterScope()).isEqualTo("servers");
    assertThat(s.serverPairs()).isEqualTo(240);
    assertThat(s.unreachableServerPairs()).isZero();
    assertThat(s.estimated()).isFalse();
    assertThat(s.components()).isEqualTo(1);
    assertThat(s.minSwitchDegree()).isEqualTo(4);
    assertThat(s.maxSwitchDegree()).isEqualTo(4);
    assertThat(s.minServerDegree()).isEqualTo(1);
    assertThat(s.maxServerDegree()).isEqualTo(1);

    Map<String, Object> m = s.toMap();
    assertThat(m.keySet())
        .startsWith("family", "parameters", "nodes", "servers", "switches", "links",
            "directedLinks", "avgServerPathLength", "diameter");
    assertThat(m.get("estimated")).isEqualTo(false);
    Table t = s.toTable();
    assertThat(t.rowCount()).isEqualTo(1);
    assertThat(t.columnNames()).containsExactlyElementsOf(m.keySet());
    assertThat(t.getLong(0, "diameter")).isEqualTo(6);
    assertThat(t.getString(0, "estimated")).isEqualTo("false");
  }

  /** No servers: the diameter is over all node pairs (ring of 9: 4), the mean is undefined. */
  @Test
  void switchOnlyRingUsesNodeDiameter() {
    HandGraph g = new HandGraph("ring");
    for (int i = 0; i < 9; i++) {
      g.sw();
    }
    for (int i = 0; i < 9; i++) {
      g.cable(i, (i + 1) % 9);
    }
    TopologyStats s = TopologyStats.of(g.build(), 1, 1000, 1);
    assertThat(s.diameter()).isEqualTo(4);
    assertThat(s.diameterScope()).isEqualTo("nodes");
    assertThat(s.avgServerPathLength()).isNaN();
    assertThat(s.toMap().get("avgServerPathLength")).isNull();
    assertThat(s.serverPairs()).isZero();
    assertThat(s.minServerDegree()).isZero();
  }

  /** Two disconnected stars of 2 servers: 2 components, 8 of 12 server pairs unreachable. */
  @Test
  void disconnected() {
    HandGraph g = new HandGraph("two");
    for (int i = 0; i < 2; i++) {
      int hub = g.sw();
      g.cable(hub, g.server()).cable(hub, g.server());
    }
    TopologyStats s = TopologyStats.of(g.build(), 1, 1000, 1);
    assertThat(s.components()).isEqualTo(2);
    assertThat(s.unreachableServerPairs()).isEqualTo(8);
    assertThat(s.avgServerPathLength()).isEqualTo(2.0);
    assertThat(s.diameter()).isEqualTo(2);
  }
}
