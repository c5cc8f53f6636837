package org.fabriclab.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.junit.jupiter.api.Test;

/** §III-A1: sizes, splitter wiring and the arbitrary-T example (T = 15 on 2,3-Shufflecast). */
class ShufflecastTopologyTest {
  @Test
  void fullInstanceHasKTimesPToTheKToRsEachFeedingPOthers() {
    ShufflecastTopology s = new ShufflecastTopology(2, 3);
    Topology t = s.build(2);
    assertThat(s.tors()).isEqualTo(24);
    assertThat(t.serverCount()).isEqualTo(48);
    assertThat(t.nodeCount()).isEqualTo(48 + 24 + 24);
    // 48 server cables (96 directed links) + 24 ToR->splitter + 24*2 splitter->ToR
    assertThat(t.linkCount()).isEqualTo(96 + 24 + 48);
    int firstSplitter = 48 + 24;
    for (int j = 0; j < 24; j++) {
      int sp = firstSplitter + j;
      assertThat(t.role(sp)).isEqualTo(NodeRole.OPTICAL_SPLITTER);
      assertThat(t.degree(sp)).isEqualTo(2);
      for (int port = 0; port < 2; port++) {
        int tor = t.neighbor(sp, port) - 48;
        assertThat(ShufflecastRoutingTest.splitterLink(2, 3, j, tor)).isTrue();
      }
    }
    // ToR 8 = (1,000) is fed by ToRs 0 (0,000) and 4 (0,100), the mirrored relays of §III-C1
    assertThat(s.predecessor(8, 0)).isEqualTo(0);
    assertThat(s.predecessor(8, 1)).isEqualTo(4);
  }

  @Test
  void fifteenToRsUseTwoThreeShufflecastWithNineDoubleHosts() {
    assertThat(ShufflecastTopology.smallestFor(2, 15)).isEqualTo(3);
    ShufflecastTopology s = new ShufflecastTopology(2, 3, 15);
    int[] logicalPerHost = new int[15];
    for (int i = 0; i < s.tors(); i++) {
      logicalPerHost[s.host(i)]++;
    }
    int doubles = 0;
    for (int c : logicalPerHost) {
      assertThat(c).isBetween(1, 2);
      doubles += c == 2 ? 1 : 0;
    }
    assertThat(doubles).isEqualTo(9);
    Topology t = s.build(1);
    int splittersOnToR0 = 0;
    for (int port = 0; port < t.degree(15); port++) {
      if (t.role(t.neighbor(15, port)) == NodeRole.OPTICAL_SPLITTER) {
        splittersOnToR0++;
      }
    }
    assertThat(splittersOnToR0).isEqualTo(2);
  }

  @Test
  void nearestInstanceHasFewestLogicalToRsWithPAtMostEight() {
    // T = 15: 3,2 (18) beats 2,3 (24) and 4,2 (32); T = 24 = 3·2^3 is exact
    assertThat(ShufflecastTopology.nearestInstance(15, 8)).containsExactly(3, 2);
    assertThat(ShufflecastTopology.nearestInstance(24, 8)).containsExactly(2, 3);
    // p <= 2 only: 2,4 has 64 >= 25
    assertThat(ShufflecastTopology.nearestInstance(25, 2)).containsExactly(2, 4);
    // largest k·p^k <= 65536: 8·3^8 = 52488 (p <= 8), 12·2^12 = 49152 (p = 2)
    assertThat(ShufflecastTopology.largestInstance(8)).isEqualTo(52488);
    assertThat(ShufflecastTopology.largestInstance(2)).isEqualTo(49152);
  }
}
