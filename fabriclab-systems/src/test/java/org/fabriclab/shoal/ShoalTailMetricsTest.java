package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The tail metrics behind the Fig. 15/18 explanations (seed 003 §3.3.3 Eq. 5, §7.3). */
class ShoalTailMetricsTest {
  /** Brute force: at every flow start, count the flows active then towards each destination. */
  private static int bruteForceConcurrency(ShoalFlows fl, int nodes) {
    int best = 0;
    for (int g = 0; g < fl.size(); g++) {
      long t = fl.startPs(g);
      int[] active = new int[nodes];
      for (int f = 0; f < fl.size(); f++) {
        boolean running = fl.startPs(f) <= t && (fl.endPs(f) < 0 || fl.endPs(f) > t);
        if (running && ++active[fl.dst(f)] > best) {
          best = active[fl.dst(f)];
        }
      }
    }
    return best;
  }

  @Test
  void maxConcurrencyTowardsOneDestinationMatchesBruteForceOnRandomFlowSets() {
    SplittableRandom rnd = new SplittableRandom(7);
    for (int trial = 0; trial < 50; trial++) {
      int n = 1 + rnd.nextInt(60);
      int nodes = 2 + rnd.nextInt(6);
      int[] s = new int[n];
      int[] d = new int[n];
      long[] b = new long[n];
      long[] t = new long[n];
      for (int f = 0; f < n; f++) {
        s[f] = rnd.nextInt(nodes);
        d[f] = (s[f] + 1 + rnd.nextInt(nodes - 1)) % nodes;
        b[f] = 1 + rnd.nextInt(1000);
        t[f] = rnd.nextInt(40); // many equal instants: a flow ending as another starts must not overlap
      }
      java.util.Arrays.sort(t); // flows come in start order
      ShoalFlows fl = new ShoalFlows(s, d, b, t);
      for (int f = 0; f < n; f++) {
        fl.endPs[f] = rnd.nextInt(5) == 0 ? -1 : t[f] + 1 + rnd.nextInt(30);
      }
      assertThat(ShoalMetrics.maxConcurrentToOneDestination(fl, nodes)).as("trial %d", trial)
          .isEqualTo(bruteForceConcurrency(fl, nodes));
    }
  }

  @Test
  void shareOfShortFlowsSlowerThanAFloorCountsOnlyFinishedShortFlows() {
    // FCTs (µs): 0.5, 2, 3 (short); 5 (long, ignored); one short flow unfinished (ignored)
    ShoalFlows fl = new ShoalFlows(new int[] {0, 0, 0, 0, 0}, new int[] {1, 1, 1, 1, 1},
        new long[] {1_000, 50_000, 100_000, 2_000_000, 10}, new long[] {0, 0, 0, 0, 0});
    fl.endPs[0] = 500_000;
    fl.endPs[1] = 2_000_000;
    fl.endPs[2] = 3_000_000;
    fl.endPs[3] = 5_000_000;
    fl.endPs[4] = -1;
    assertThat(ShoalMetrics.shortShareSlowerThan(fl, 1.0)).isEqualTo(2 / 3.0);
    assertThat(ShoalMetrics.shortShareSlowerThan(fl, 3.0)).isEqualTo(0.0);
  }

  /**
   * A 31:1 incast of 100 KB flows at line rate overflows the 150 KB (100-packet) port of the lossy
   * DCQCN baseline, whose go-back-N then waits for the 1 ms timer; with PFC nothing is dropped, so
   * every flow ends within the 3.1 MB the destination's 50 Gb/s link needs (≈ 0.5 ms) plus the RTTs.
   */
  @Test
  void pfcRemovesTheTimeoutsOfTheLossyDcqcnIncast() {
    int n = 31;
    int[] s = new int[n];
    int[] d = new int[n];
    long[] b = new long[n];
    long[] t = new long[n];
    for (int f = 0; f < n; f++) {
      s[f] = 16 + 16 * f; // one node on each other leaf (16 nodes per leaf)
      b[f] = 100_000;
    }
    ShoalFlows fl = new ShoalFlows(s, d, b, t);
    ShoalFlows lossy = ShoalBaselines.psn(fl, "dcqcn", 1, Long.MAX_VALUE);
    ShoalFlows pfc = ShoalBaselines.psn(fl, "dcqcn-pfc", 1, Long.MAX_VALUE);
    long worstLossy = 0;
    long worstPfc = 0;
    for (int f = 0; f < n; f++) {
      assertThat(pfc.endPs(f)).isPositive();
      worstLossy = Math.max(worstLossy, lossy.fctPs(f));
      worstPfc = Math.max(worstPfc, pfc.fctPs(f));
    }
    assertThat(worstLossy).as("the lossy incast times out").isGreaterThan(1_000_000_000L);
    assertThat(worstPfc).as("lossless: no timeout").isLessThan(1_000_000_000L);
    assertThat(worstPfc).as("at least the bottleneck's 3.1 MB at 50 Gb/s").isGreaterThanOrEqualTo(
        (long) (n * 100_000 * 8 / 50e9 * 1e12));
  }

  @Test
  void offeredLoadIsTheSampleBitsOverSpanNodesAndRate() {
    // 3 flows, 1 MB + 2 MB + 3 MB = 48 Mbit, the last starting at 1 ms, 4 nodes at 10 Gb/s:
    // 48e6 / (1e-3 · 4 · 10e9) = 1.2
    ShoalFlows fl = new ShoalFlows(new int[] {0, 1, 2}, new int[] {1, 2, 3},
        new long[] {1_000_000, 2_000_000, 3_000_000}, new long[] {0, 400_000_000L, 1_000_000_000L});
    assertThat(ShoalMetrics.offeredLoad(fl, 4, 10)).isCloseTo(1.2, org.assertj.core.data.Offset.offset(1e-12));
    ShoalFlows incast = new ShoalFlows(new int[] {0, 1}, new int[] {2, 2}, new long[] {5, 5}, new long[] {0, 0});
    assertThat(ShoalMetrics.offeredLoad(incast, 4, 10)).isNaN();
  }
}
