package org.fabriclab.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TopologySourcePortTest {

  /** source/port against a brute-force walk over every node's ports. */
  private static void assertSourceAndPort(Topology t) {
    int seen = 0;
    for (int v = 0; v < t.nodeCount(); v++) {
      for (int p = 0; p < t.degree(v); p++) {
        int e = t.link(v, p);
        assertThat(e).isEqualTo(seen++);
        assertThat(t.source(e)).as("source of link %d", e).isEqualTo(v);
        assertThat(t.port(e)).isEqualTo(p);
      }
    }
    assertThat(seen).isEqualTo(t.linkCount());
  }

  @Test
  void nodesWithoutLinksAtStartMiddleAndEnd() {
    // nodes 0, 1, 3, 4 and 7 have no outgoing link; node 6 only receives
    TopologyBuilder b = new TopologyBuilder("test", "gaps");
    b.addNodes(NodeRole.PACKET_SWITCH, 8);
    b.addLink(2, 6);
    b.addLink(2, 0);
    b.addLink(5, 6);
    b.addLink(5, 1);
    b.addLink(5, 7);
    Topology t = b.build();
    assertThat(t.degree(0)).isZero();
    assertThat(t.degree(7)).isZero();
    assertThat(t.source(0)).isEqualTo(2);
    assertThat(t.source(1)).isEqualTo(2);
    assertThat(t.source(2)).isEqualTo(5);
    assertThat(t.port(4)).isEqualTo(2);
    assertSourceAndPort(t);
  }

  @Test
  void randomSparseGraphsWithManyIsolatedNodes() {
    SplittableRandom r = new SplittableRandom(17);
    for (int trial = 0; trial < 200; trial++) {
      int n = 2 + r.nextInt(40);
      TopologyBuilder b = new TopologyBuilder("test", "random");
      b.addNodes(NodeRole.PACKET_SWITCH, n);
      int links = r.nextInt(n);
      for (int i = 0; i < links; i++) {
        int u = r.nextInt(n);
        int v = r.nextInt(n - 1);
        v = v >= u ? v + 1 : v;
        if (r.nextBoolean()) {
          b.addCable(u, v);
        } else {
          b.addLink(u, v);
        }
      }
      assertSourceAndPort(b.build());
    }
  }
}
