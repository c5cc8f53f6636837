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

  @Test
  void aTableTooLargeSaysWhatFits() {
    // fat-tree k = 112: 6,272 ToRs × (351,232 servers + 15,680 switches) = 2,301,272,064 entries > 2^31 − 9
    assertThatThrownBy(() -> EcmpTable.requireFits("fattree k=112", 6272, 366_912, Long.MAX_VALUE))
        .hasMessageContaining("6,272 × 366,912 = 2,301,272,064 entries, at most 2,147,483,639")
        .hasMessageContaining("a fat-tree up to k = 110");
    // k = 110 fits the index: 6,050 × 347,875 = 2,104,643,750
    EcmpTable.requireFits("fattree k=110", 6050, 347_875, Long.MAX_VALUE);
    // 1,000 × 1,000,000 entries of 8 B = 7.45 GiB: over 85 % of 8 GiB (6.8 GiB), so it asks for
    // ceil(7.45 / 0.85 / (8/9)) = 10 GiB (the JVM reports 8/9 of -Xmx10g, 8.9 GiB); a reported
    // 9 GiB of heap (7.65 GiB usable) holds it
    assertThatThrownBy(() -> EcmpTable.requireFits("x", 1000, 1_000_000, 8L << 30))
        .hasMessageContaining("needs 7.5 GiB of heap").hasMessageContaining("FABRICLAB_HEAP=10g");
    EcmpTable.requireFits("x", 1000, 1_000_000, 9L << 30);
  }
}
