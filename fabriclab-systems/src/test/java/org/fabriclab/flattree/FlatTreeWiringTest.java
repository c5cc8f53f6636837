package org.fabriclab.flattree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.junit.jupiter.api.Test;

/** §2.2–2.5 of seed 001: converter placement, Pod-core patterns, Properties 1 and 2, side wiring. */
class FlatTreeWiringTest {
  /** Per core switch: neighbours that are servers, edge, aggregation switches (global mode). */
  private static int[][] coreTypeCounts(FlatTree t) {
    Topology g = new FlatTreeController(t).convert(FlatTreeMode.GLOBAL).logicalTopology();
    ClosLayout l = t.layout();
    int[][] counts = new int[l.coreCount()][3];
    for (int c = 0; c < l.coreCount(); c++) {
      int v = l.core(c);
      for (int p = 0; p < g.degree(v); p++) {
        int u = g.neighbor(v, p);
        int tier = g.labels().get(u, "tier");
        if (tier <= 2) {
          counts[c][tier]++;
        }
      }
    }
    return counts;
  }

  /** Per core switch: blade B, blade A and aggregation connectors wired to it (§2.3). */
  private static int[][] connectorCounts(FlatTree t) {
    ClosLayout l = t.layout();
    int[][] counts = new int[l.coreCount()][3];
    int first = l.core(0);
    for (int p = 0; p < l.pods(); p++) {
      for (int e = 0; e < l.edgesPerPod(); e++) {
        for (int q = 0; q < l.groupSize(); q++) {
          int type = q < t.m() ? 0 : q < t.m() + t.n() ? 1 : 2;
          counts[t.coreOf(p, e, q) - first][type]++;
        }
      }
    }
    return counts;
  }

  private static void assertUniform(int[][] counts, int type) {
    Set<Integer> values = new HashSet<>();
    for (int[] c : counts) {
      values.add(c[type]);
    }
    assertThat(values).hasSize(1);
  }

  @Test
  void properties1And2HoldForThePaperSettingsUpToK16() {
    for (int k = 4; k <= 16; k += 2) {
      FlatTree t = FlatTree.ofFatTree(k);
      int[][] counts = connectorCounts(t);
      // Property 1: servers uniform over the cores; total = m per edge switch
      assertUniform(counts, 0);
      long servers = 0;
      for (int[] c : counts) {
        servers += c[0];
      }
      assertThat(servers).isEqualTo((long) t.m() * t.layout().edgeCount());
      // Property 2: equal number of links of each type (edge via blade A, aggregation)
      assertUniform(counts, 1);
      assertUniform(counts, 2);
      if (k % 4 == 0) {
        // even d: every 6-port converter has a peer, so in global mode the logical topology shows
        // the same uniformity (servers, edge and aggregation neighbours per core)
        int[][] logical = coreTypeCounts(t);
        for (int type = 0; type < 3; type++) {
          assertUniform(logical, type);
        }
      }
    }
  }

  @Test
  void pattern1SpreadsServersUniformlyForEveryM() {
    // k Pods = 2g, blocks of m packed contiguously: every core gets exactly 2m servers
    for (int k = 4; k <= 20; k += 2) {
      for (int m = 0; m <= k / 2; m++) {
        FlatTree t = new FlatTree(ClosLayout.fatTree(k), m, 0, PodCoreWiring.PATTERN_1);
        for (int[] c : connectorCounts(t)) {
          assertThat(c[0]).isEqualTo(2 * m);
        }
      }
    }
  }

  @Test
  void pattern2BreaksTheRepetitionOfPattern1WhenGIsAMultipleOfM() {
    // k = 8, m = 1, g = 4: pattern 1 repeats every 4 Pods, pattern 2 does not
    PodCoreWiring p1 = PodCoreWiring.PATTERN_1;
    PodCoreWiring p2 = PodCoreWiring.PATTERN_2;
    assertThat(p1.start(4, 4, 1)).isEqualTo(p1.start(0, 4, 1));
    assertThat(p2.start(4, 4, 1)).isNotEqualTo(p2.start(0, 4, 1));
    assertThat(PodCoreWiring.forFatTree(8)).isEqualTo(p2);
    assertThat(PodCoreWiring.forFatTree(10)).isEqualTo(p1);
  }

  @Test
  void podZeroIsWiredConsecutivelyBladeBThenBladeAThenAggregation() {
    FlatTree t = FlatTree.ofFatTree(8); // m=1, n=2, g=4
    ClosLayout l = t.layout();
    for (int e = 0; e < 4; e++) {
      for (int q = 0; q < 4; q++) {
        assertThat(t.coreOf(0, e, q)).isEqualTo(l.core(e * 4 + q));
      }
      assertThat(t.attachment(t.sixPort(0, e, 0), ConverterSwitch.CORE)).isEqualTo(l.core(e * 4));
      assertThat(t.attachment(t.fourPort(0, e, 1), ConverterSwitch.CORE)).isEqualTo(l.core(e * 4 + 2));
    }
  }

  @Test
  void sideWiringFollowsTheShiftedMirrorPattern() {
    int k = 16; // d = 8, D = 4, m = 2
    FlatTree t = FlatTree.ofFatTree(k);
    int half = 4;
    for (int p = 0; p < k; p++) {
      int left = (p + 1) % k;
      for (int i = 0; i < t.m(); i++) {
        for (int j = 0; j < half; j++) {
          int a = t.sixPort(left, j, i);
          int b = t.peer(a);
          assertThat(t.pod(b)).isEqualTo(p);
          assertThat(t.row(b)).isEqualTo(i);
          assertThat(t.edgeIndex(b) - half).isEqualTo(((half - 1 - j + i) % half + half) % half);
          assertThat(t.peer(b)).isEqualTo(a);
        }
      }
    }
    // a column of the right blade meets a different column of the left Pod in every row
    Set<Integer> cols = new HashSet<>();
    for (int i = 0; i < t.m(); i++) {
      cols.add(t.edgeIndex(t.peer(t.sixPort(3, half, i))));
    }
    assertThat(cols).hasSize(t.m());
  }

  @Test
  void oddDLeavesTheMiddleColumnWithoutPeersOnlyInTheLiteralReading() {
    // d = 3: edges 0 left, 1 middle, 2 right
    FlatTree literal = new FlatTree(ClosLayout.fatTree(6), 1, 2, PodCoreWiring.PATTERN_1,
        FlatTree.MiddleColumn.UNPAIRED);
    FlatTree t = FlatTree.ofFatTree(6);
    for (int p = 0; p < 6; p++) {
      assertThat(literal.peer(literal.sixPort(p, 1, 0))).isEqualTo(-1);
      assertThat(literal.peer(literal.sixPort(p, 0, 0))).isGreaterThanOrEqualTo(0);
      // alternating: the middle column of Pod p faces Pod p+1 (p even) or Pod p-1 (p odd)
      int b = t.peer(t.sixPort(p, 1, 0));
      assertThat(t.pod(b)).isEqualTo(p % 2 == 0 ? p + 1 : p - 1);
    }
  }

  @Test
  void badSizesAreRejected() {
    assertThatThrownBy(() -> FlatTree.ofFatTree(8, 3, 2))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("m + n");
    assertThatThrownBy(() -> FlatTree.ofFatTree(7)).isInstanceOf(InvalidParameterException.class);
    assertThatThrownBy(() -> FlatTree.ofFatTree(8, -1, 0)).isInstanceOf(InvalidParameterException.class);
  }
}
