package org.fabriclab.sim.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fabriclab.graph.Topology;
import org.junit.jupiter.api.Test;

/** Destinations of the ECMP table: servers only, a switch or stray index gives a typed error. */
class EcmpTableTest {
  @Test
  void aSwitchAsDestinationIsRefusedByName() {
    Topology t = UnroutableTest.split(); // nodes 0,1 switches; 2,3,4 servers
    EcmpTable e = new EcmpTable(t);
    // hand-derived distances: host 2 -> host 3 via switch 0 is two hops; host 4 is unreachable
    assertThat(e.distance(2, 3)).isEqualTo(2);
    assertThat(e.distance(2, 4)).isEqualTo(-1);
    for (int bad : new int[] {0, 1, -1, 5}) {
      assertThatThrownBy(() -> e.nextLink(2, bad, 0))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("destination node " + bad + " is not a server (destinations must be one of"
              + " the topology's 3 server nodes)");
      assertThatThrownBy(() -> e.distance(2, bad)).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> e.candidates(2, bad)).isInstanceOf(IllegalArgumentException.class);
    }
  }
}
