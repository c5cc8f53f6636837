package org.fabriclab.flattree;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.Topology;
import org.junit.jupiter.api.Test;

/**
 * Properties 1 and 2 of Flat-tree (seed 001_5e703544cea19579.txt, §2.3) on the logical topology of
 * the global mode, k = 4..32 with §3.2's m = k/8, n = 2k/8 and pattern rule: every core switch has
 * the same number of server, edge and aggregation neighbours. The expected counts are closed forms
 * from the equipment alone (not from the construction): a fat-tree(k) has (k/2)² cores; in global
 * mode every 6-port converter puts one server on a core, every 4-port one an edge switch, every
 * remaining aggregation uplink an aggregation switch, and a Pod has k/2 edge switches, so per core:
 * servers 2m, edges 2n, aggregations 2(k/2 − m − n).
 */
class FlatTreePropertiesTest {
  /** Per core: neighbours by tier (0 server, 1 edge, 2 aggregation) in global mode. */
  private static int[][] coreNeighbourTiers(FlatTree t) {
    Topology g = new FlatTreeController(t).convert(FlatTreeMode.GLOBAL).logicalTopology();
    ClosLayout l = t.layout();
    int[][] counts = new int[l.coreCount()][3];
    for (int c = 0; c < l.coreCount(); c++) {
      int v = l.core(c);
      for (int p = 0; p < g.degree(v); p++) {
        int tier = g.labels().get(g.neighbor(v, p), "tier");
        if (tier <= 2) {
          counts[c][tier]++;
        }
      }
    }
    return counts;
  }

  @Test
  void properties1And2HoldOnTheLogicalGlobalTopologyForEveryKFrom4To32() {
    for (int k = 4; k <= 32; k += 2) {
      FlatTree t = FlatTree.ofFatTree(k);
      int m = FlatTree.defaultM(k);
      int n = FlatTree.defaultN(k);
      int[][] counts = coreNeighbourTiers(t);
      assertThat(counts).as("k=%d cores", k).hasNumberOfRows(k * k / 4);
      for (int[] c : counts) {
        assertThat(c).as("k=%d: servers, edges, aggregations of one core", k)
            .containsExactly(2 * m, 2 * n, 2 * (k / 2 - m - n));
      }
    }
  }

  /**
   * Both patterns, every m and n with m + n <= k/2, k = 4..32, counted by brute force over every
   * connector. Pattern 2 (this project's reading) gives each core of a group, over the k = 2g Pods,
   * exactly 2m blade B, 2n blade A and 2(g−m−n) aggregation connectors. Pattern 1 starts Pod p at
   * p·m mod g, i.e. at the multiples of c = gcd(g, m) only (each equally often), so a window of
   * length x after the start covers the cores uniformly iff c divides x: blade B (x = m) always,
   * blade A (x = n) and aggregation (x = g−m−n) iff c divides n. §2.3 states both properties "for
   * both wiring patterns"; for pattern 1 Property 2 thus needs gcd(h/r, m) | n — true for every
   * setting §3.2 uses pattern 1 for (k ≡ 2 mod 4: g odd, m = round(k/8) coprime to g).
   */
  @Test
  void bothPatternsSpreadConnectorsAsTheCombArgumentPredicts() {
    for (int k = 4; k <= 32; k += 2) {
      int g = k / 2;
      for (int m = 0; m <= g; m++) {
        for (int n = 0; m + n <= g; n++) {
          for (PodCoreWiring w : PodCoreWiring.values()) {
            FlatTree t = new FlatTree(ClosLayout.fatTree(k), m, n, w);
            ClosLayout l = t.layout();
            int[][] counts = new int[l.coreCount()][3];
            for (int p = 0; p < l.pods(); p++) {
              for (int e = 0; e < l.edgesPerPod(); e++) {
                for (int q = 0; q < g; q++) {
                  counts[t.coreOf(p, e, q) - l.core(0)][q < m ? 0 : q < m + n ? 1 : 2]++;
                }
              }
            }
            boolean property2 = true;
            for (int[] c : counts) {
              assertThat(c[0]).as("Property 1, k=%d m=%d n=%d %s", k, m, n, w).isEqualTo(2 * m);
              property2 &= c[1] == 2 * n && c[2] == 2 * (g - m - n);
            }
            boolean expected = w == PodCoreWiring.PATTERN_2 || n % gcd(g, m) == 0;
            assertThat(property2).as("Property 2, k=%d m=%d n=%d %s", k, m, n, w).isEqualTo(expected);
          }
        }
      }
    }
    // the settings of §3.2 (default m, n; pattern 2 iff 4 | k) satisfy Property 2
    for (int k = 6; k <= 30; k += 4) {
      assertThat(FlatTree.defaultN(k) % gcd(k / 2, FlatTree.defaultM(k))).isZero();
    }
  }

  private static int gcd(int a, int b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  @Test
  void everySixPortConverterHasAPeerInGlobalModeForEveryKFrom4To32() {
    for (int k = 4; k <= 32; k += 2) {
      FlatTree t = FlatTree.ofFatTree(k);
      FlatTreeController c = new FlatTreeController(t).convert(FlatTreeMode.GLOBAL);
      for (int x = 0; x < t.sixPortCount(); x++) {
        assertThat(c.configuration(x).usesSidePorts()).as("k=%d converter %d", k, x).isTrue();
        int p = t.peer(x);
        // peers sit in adjacent Pods of the ring, same row (§2.5)
        assertThat(Math.floorMod(t.pod(p) - t.pod(x), k)).isIn(1, k - 1);
        assertThat(t.row(p)).isEqualTo(t.row(x));
        assertThat(t.peer(p)).isEqualTo(x);
      }
    }
  }

  /**
   * Why the literal reading of §2.2 (odd d: the middle column's side connectors unused) cannot
   * satisfy Property 1 with any Pod-core wiring: only the 2·(d−1)·m paired 6-port converters per
   * Pod pair reach a core with a server, i.e. 2d·(d−1)·m servers over d² cores, an integer per
   * core only if d divides 2m(d−1), i.e. (d odd, gcd(d, d−1) = 1) d divides m — impossible for
   * 0 &lt; m &lt; d. Checked arithmetically and on the built UNPAIRED network for every odd d.
   */
  @Test
  void theUnpairedMiddleColumnBreaksProperty1ForEveryOddDAndNoWiringCanFixIt() {
    for (int k = 6; k <= 30; k += 4) {
      int d = k / 2;
      int m = FlatTree.defaultM(k);
      assertThat(d % 2).isEqualTo(1);
      long servers = 2L * d * (d - 1) * m; // k = 2d Pods, d−1 paired columns, m rows
      assertThat(servers % ((long) d * d)).as("k=%d: servers not divisible by cores", k).isNotZero();
      FlatTree literal = new FlatTree(ClosLayout.fatTree(k), m, FlatTree.defaultN(k),
          PodCoreWiring.forFatTree(k), FlatTree.MiddleColumn.UNPAIRED);
      int[][] counts = coreNeighbourTiers(literal);
      long total = 0;
      int min = Integer.MAX_VALUE;
      int max = 0;
      for (int[] c : counts) {
        total += c[0];
        min = Math.min(min, c[0]);
        max = Math.max(max, c[0]);
      }
      assertThat(total).as("k=%d servers on cores", k).isEqualTo(servers);
      assertThat(max).as("k=%d", k).isGreaterThan(min);
    }
  }

  @Test
  void alternatingMiddleColumnGivesFacingBladesEqualWidths() {
    FlatTree t = FlatTree.ofFatTree(10); // d = 5
    for (int p = 0; p < 10; p++) {
      assertThat(t.leftWidth(p) + t.rightWidth(p)).isEqualTo(5);
      assertThat(t.rightWidth(p)).isEqualTo(t.leftWidth((p + 1) % 10));
    }
    assertThat(t.rightWidth(0)).isEqualTo(3);
    assertThat(t.leftWidth(1)).isEqualTo(3);
    FlatTree even = FlatTree.ofFatTree(8);
    assertThat(even.middleColumn()).isEqualTo(FlatTree.MiddleColumn.UNPAIRED);
    assertThat(even.leftWidth(1)).isEqualTo(2);
  }
}
