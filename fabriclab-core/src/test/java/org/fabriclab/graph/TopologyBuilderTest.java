package org.fabriclab.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TopologyBuilderTest {

  /** Four nodes: server 0 and switches 1..3; cables added in a scrambled order. */
  private static TopologyBuilder small() {
    TopologyBuilder b = new TopologyBuilder("test", "small");
    b.addNode(NodeRole.SERVER);
    b.addNodes(NodeRole.PACKET_SWITCH, 3);
    b.addCable(1, 3);
    b.addCable(0, 1);
    b.addCable(2, 1);
    b.addLink(3, 2);
    return b;
  }

  @Test
  void portsAreNumberedInInsertionOrderPerNode() {
    Topology t = small().build();
    assertThat(t.nodeCount()).isEqualTo(4);
    assertThat(t.degree(1)).isEqualTo(3);
    // node 1 saw 3, then 0, then 2
    assertThat(t.neighbor(1, 0)).isEqualTo(3);
    assertThat(t.neighbor(1, 1)).isEqualTo(0);
    assertThat(t.neighbor(1, 2)).isEqualTo(2);
    // node 3 saw 1 (cable), then 2 (one-way link)
    assertThat(t.neighbor(3, 0)).isEqualTo(1);
    assertThat(t.neighbor(3, 1)).isEqualTo(2);
    assertThat(t.degree(2)).isEqualTo(1); // the one-way link 3->2 does not leave 2
  }

  @Test
  void cablesPairUpAndOneWayLinksHaveNoReverse() {
    Topology t = small().build();
    assertThat(t.linkCount()).isEqualTo(7);
    assertThat(t.cableCount()).isEqualTo(4);
    int oneWay = 0;
    for (int e = 0; e < t.linkCount(); e++) {
      int r = t.reverse(e);
      if (r < 0) {
        oneWay++;
        assertThat(r).isEqualTo(-1);
        assertThat(t.source(e)).isEqualTo(3);
        assertThat(t.target(e)).isEqualTo(2);
      } else {
        assertThat(t.reverse(r)).isEqualTo(e);
        assertThat(t.source(r)).isEqualTo(t.target(e));
        assertThat(t.target(r)).isEqualTo(t.source(e));
      }
    }
    assertThat(oneWay).isEqualTo(1);
  }

  @Test
  void rolesServersAndDefaultsAreKept() {
    TopologyBuilder b = small();
    b.defaults(40_000_000_000L, 7_000L);
    b.addNode(NodeRole.SERVER);
    b.addCable(4, 2);
    b.addCable(4, 3, 1_000L, 0L);
    Topology t = b.build();
    assertThat(t.serverCount()).isEqualTo(2);
    assertThat(t.servers()).containsExactly(0, 4);
    assertThat(t.server(1)).isEqualTo(4);
    assertThat(t.switchCount()).isEqualTo(3);
    assertThat(t.role(3)).isEqualTo(NodeRole.PACKET_SWITCH);
    int e42 = t.link(4, 0);
    int e43 = t.link(4, 1);
    assertThat(t.capacityBps(e42)).isEqualTo(40_000_000_000L);
    assertThat(t.delayPs(e42)).isEqualTo(7_000L);
    assertThat(t.capacityBps(e43)).isEqualTo(1_000L);
    assertThat(t.capacityBps(t.reverse(e43))).isEqualTo(1_000L);
    // links added before defaults() keep the old default: 10 Gbit/s, 1 us
    assertThat(t.capacityBps(t.link(1, 0))).isEqualTo(10_000_000_000L);
    assertThat(t.delayPs(t.link(1, 0))).isEqualTo(1_000_000L);
  }

  @Test
  void explicitPortsReproduceAPermutation() {
    // node 0 (a switch) gets neighbours 1, 2, 3 on ports 2, 0, 1; neighbours use ports as given
    TopologyBuilder b = new TopologyBuilder("test", "ports");
    b.addNodes(NodeRole.PACKET_SWITCH, 4);
    b.addCable(0, 2, 1, 0, 10L, 1L);
    b.addCable(0, 0, 2, 0, 10L, 1L);
    b.addCable(3, 1, 0, 1, 10L, 1L);
    b.addLink(3, 0, 2, 10L, 1L);
    Topology t = b.build();
    assertThat(t.neighbor(0, 0)).isEqualTo(2);
    assertThat(t.neighbor(0, 1)).isEqualTo(3);
    assertThat(t.neighbor(0, 2)).isEqualTo(1);
    assertThat(t.neighbor(3, 0)).isEqualTo(2);
    assertThat(t.neighbor(3, 1)).isEqualTo(0);
    assertThat(t.reverse(t.link(3, 0))).isEqualTo(-1);
    // the pairing follows the permutation: 0's port 1 and 3's port 1 are one cable
    assertThat(t.reverse(t.link(0, 1))).isEqualTo(t.link(3, 1));
    assertThat(t.reverse(t.link(0, 2))).isEqualTo(t.link(1, 0));
    for (int e = 0; e < t.linkCount(); e++) {
      assertThat(t.link(t.source(e), t.port(e))).isEqualTo(e);
    }
  }

  @Test
  void misuseIsRejected() {
    TopologyBuilder b = new TopologyBuilder("test", "bad");
    b.addNodes(NodeRole.PACKET_SWITCH, 3);
    assertThatThrownBy(() -> b.addCable(1, 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("self-loop");
    assertThatThrownBy(() -> b.addLink(2, 2)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.addCable(0, 3)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("out of range 0..2");
    assertThatThrownBy(() -> b.addCable(-1, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.addCable(0, 1, 0L, 1L)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("capacity");
    assertThatThrownBy(() -> b.addCable(0, 1, 1L, -1L)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("delay");
    assertThatThrownBy(() -> b.labelFields("x")).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> b.label(0, "nope", 1)).isInstanceOf(IllegalArgumentException.class);
    assertThat(b.linkCount()).isZero(); // failed calls added nothing
  }

  @Test
  void failedExplicitCableLeavesTheBuilderUnchanged() {
    TopologyBuilder b = new TopologyBuilder("test", "bad");
    b.addNodes(NodeRole.PACKET_SWITCH, 2);
    assertThatThrownBy(() -> b.addCable(0, -1, 1, 0, 1L, 1L))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(b.linkCount()).isZero();
    b.addCable(0, 1);
    assertThat(b.build().cableCount()).isEqualTo(1);
  }

  @Test
  void duplicateOutOfRangeAndMixedPortsAreRejectedAtBuild() {
    TopologyBuilder dup = new TopologyBuilder("test", "dup");
    dup.addNodes(NodeRole.PACKET_SWITCH, 3);
    dup.addCable(0, 0, 1, 0, 1L, 1L);
    dup.addCable(0, 0, 2, 0, 1L, 1L);
    assertThatThrownBy(dup::build).hasMessageContaining("port 0 twice");

    TopologyBuilder range = new TopologyBuilder("test", "range");
    range.addNodes(NodeRole.PACKET_SWITCH, 2);
    range.addCable(0, 1, 1, 0, 1L, 1L);
    assertThatThrownBy(range::build).hasMessageContaining("uses port 1");

    TopologyBuilder mixed = new TopologyBuilder("test", "mixed");
    mixed.addNodes(NodeRole.PACKET_SWITCH, 3);
    mixed.addCable(0, 0, 1, 0, 1L, 1L);
    mixed.addCable(1, 2);
    assertThatThrownBy(mixed::build).hasMessageContaining("2 of 4");
  }

  @Test
  void labelsAreStoredPerNodeWithAbsentDefault() {
    TopologyBuilder b = new TopologyBuilder("test", "labels").labelFields("pod", "index");
    b.addNode(NodeRole.SERVER, 3, 4);
    b.addNode(NodeRole.PACKET_SWITCH);
    b.label(1, "index", 9);
    assertThatThrownBy(() -> b.addNode(NodeRole.SERVER, 1)).isInstanceOf(IllegalArgumentException.class);
    Topology t = b.build();
    assertThat(t.labels().of(0)).containsExactly(3, 4);
    assertThat(t.labels().of(1)).containsExactly(Labels.ABSENT, 9);
    assertThat(t.labels().get(1, "index")).isEqualTo(9);
    assertThat(t.labels().fieldIndex("nope")).isEqualTo(-1);
    assertThatThrownBy(() -> t.labels().get(0, "nope")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("[pod, index]");
  }

  @Test
  void buildingTwiceGivesEqualTopologies() {
    TopologyBuilder b = small();
    Topology a = b.build();
    Topology c = b.build();
    assertThat(a).isEqualTo(c).hasSameHashCodeAs(c);
    assertThat(a.csrTargets()).isNotSameAs(c.csrTargets());
    assertThat(a.toString()).contains("4 nodes", "1 servers", "4 links");
  }
}
