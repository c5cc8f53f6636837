package org.fabriclab.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.graph.NodeRole;
import org.fabriclab.table.Table;
import org.junit.jupiter.api.Test;

class DegreeStatsTest {
  /**
   * By hand: a switch hub with 4 servers and a circuit switch; the circuit switch also feeds a
   * splitter by a one-way link. Degrees: hub 5, servers 1, circuit 2, splitter 0.
   */
  @Test
  void perRoleAndSwitches() {
    HandGraph g = new HandGraph("mixed");
    int hub = g.sw();
    for (int i = 0; i < 4; i++) {
      g.cable(hub, g.server());
    }
    int ocs = g.node(NodeRole.CIRCUIT_SWITCH);
    int split = g.node(NodeRole.OPTICAL_SPLITTER);
    g.cable(hub, ocs).oneWay(ocs, split);
    DegreeStats d = DegreeStats.of(g.build());
    assertThat(d.servers()).isEqualTo(new DegreeStats.RoleDegrees("server", 4, 1, 1, 1.0));
    assertThat(d.role(NodeRole.PACKET_SWITCH).max()).isEqualTo(5);
    assertThat(d.role(NodeRole.CONVERTER_SWITCH).count()).isZero();
    assertThat(d.switches().count()).isEqualTo(3);
    assertThat(d.switches().min()).isZero();
    assertThat(d.switches().max()).isEqualTo(5);
    assertThat(d.switches().mean()).isCloseTo(7 / 3.0, within(1e-12));
    Table t = d.toTable();
    assertThat(t.rowCount()).isEqualTo(4);
    assertThat(t.getString(0, "role")).isEqualTo("server");
    assertThat(t.getLong(2, "maxDegree")).isEqualTo(2);
  }
}
