package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.rng.RandomStreams;
import org.junit.jupiter.api.Test;

/** The FCT breakdown of short flows (diagnostic for seed 003 §7.3, epoch size). */
class ShoalFctBreakdownTest {
  private static long sum(ShoalFctBreakdown b, int f) {
    long s = 0;
    for (int p = 0; p < ShoalFctBreakdown.PARTS.size(); p++) {
      assertThat(b.partPs(f, p)).as("part %s of flow %d", ShoalFctBreakdown.PARTS.get(p), f).isNotNegative();
      s += b.partPs(f, p);
    }
    return s;
  }

  /** Invariant: the parts of every finished flow add up to its FCT (ends set by the simulator). */
  @Test
  void partsSumToTheFctOnARandomWorkload() {
    for (int ch : new int[] {1, 2}) {
      ShoalConfig cfg = ShoalConfig.rack512().withNodes(32).withChannels(ch, 100);
      ShoalFlows fl = ShoalWorkloads.poisson(32, null, 0.6, 1500, 100_000, 1.05, 100, false,
          new RandomStreams(7).stream("poisson"));
      ShoalFctBreakdown b = new ShoalFctBreakdown(cfg, fl, Long.MAX_VALUE);
      new ShoalSimulator(cfg, fl, (boolean[]) null, null).cellProbe(b).run(Integer.MAX_VALUE, Long.MAX_VALUE);
      int hol = 0;
      for (int f = 0; f < fl.size(); f++) {
        assertThat(b.finished(f)).isTrue();
        assertThat(sum(b, f)).as("flow %d", f).isEqualTo(fl.fctPs(f));
        assertThat(b.round(f)).isBetween(1, fl.cells(f));
        assertThat(b.subflowsUsed(f)).isBetween(1, Math.min(31, fl.cells(f)));
        hol += b.partPs(f, 1) > 0 ? 1 : 0;
        assertThat(b.localAheadOfLast(f)).isBetween(0, b.aheadOfLast(f));
      }
      // 32 nodes, 1,500 flows: some flows find their pair busy with an earlier flow
      assertThat(hol).as("flows behind an earlier flow of their pair").isPositive();
    }
  }

  /**
   * Closed forms on an idle rack: a lone flow of N − 1 cells puts one cell on every subflow in its
   * first epoch (selective release allows L ≤ 1 at age 0), so its last cell is round 1 of N − 1
   * subflows, nothing waits ahead of it, and nothing is ahead in any queue; its FCT is at most two
   * epochs plus a hop.
   */
  @Test
  void loneFlowHasNoQueueingAndOneRound() {
    ShoalConfig cfg = ShoalConfig.rack512().withNodes(32);
    int e = cfg.schedule().epochSlots();
    long bytes = 31L * cfg.payloadBytes();
    ShoalFlows fl = new ShoalFlows(new int[] {3}, new int[] {17}, new long[] {bytes}, new long[] {1_000});
    ShoalFctBreakdown b = new ShoalFctBreakdown(cfg, fl, Long.MAX_VALUE);
    new ShoalSimulator(cfg, fl, (boolean[]) null, null).cellProbe(b).run(Integer.MAX_VALUE, Long.MAX_VALUE);
    assertThat(b.finished(0)).isTrue();
    assertThat(b.subflowsUsed(0)).isEqualTo(31);
    assertThat(b.round(0)).isEqualTo(1);
    assertThat(b.aheadOfLast(0)).isZero();
    for (String p : new String[] {"pairHol", "firstCell", "srcAlign", "srcQueue", "intQueue"}) {
      assertThat(b.partPs(0, ShoalFctBreakdown.PARTS.indexOf(p))).as(p).isZero();
    }
    assertThat(b.partPs(0, 0)).isEqualTo(cfg.slotPs() - 1_000);
    assertThat(b.partPs(0, ShoalFctBreakdown.PARTS.indexOf("pacing"))).isLessThan(e * cfg.slotPs());
    assertThat(fl.fctPs(0)).isLessThanOrEqualTo((2L * e + 2) * cfg.slotPs());
    assertThat(sum(b, 0)).isEqualTo(fl.fctPs(0));
  }

  /** A flow behind a long flow of the same pair: its pairHol ends at that flow's last release. */
  @Test
  void pairHeadOfLineIsTheEarlierFlowsRelease() {
    ShoalConfig cfg = ShoalConfig.rack512().withNodes(32);
    ShoalFlows fl = new ShoalFlows(new int[] {3, 3}, new int[] {17, 17}, new long[] {200_000, 500},
        new long[] {0, 10 * cfg.slotPs()});
    ShoalFctBreakdown b = new ShoalFctBreakdown(cfg, fl, 1_000);
    new ShoalSimulator(cfg, fl, (boolean[]) null, null).cellProbe(b).run(Integer.MAX_VALUE, Long.MAX_VALUE);
    assertThat(b.finished(0)).as("not tracked: above maxBytes").isFalse();
    assertThat(b.finished(1)).isTrue();
    // 200 KB = 3,572 cells over 31 subflows at one cell per subflow per epoch: > 100 epochs
    long hol = b.partPs(1, 1);
    assertThat(hol).isGreaterThan(100L * cfg.schedule().epochSlots() * cfg.slotPs());
    assertThat(sum(b, 1)).isEqualTo(fl.fctPs(1));
  }

  /** Without ready queues (§3.3.3 off) there is no R_ij: no local cell is ever ahead in it. */
  @Test
  void noReadyQueuesMeansNothingAheadInR() {
    ShoalConfig cfg = ShoalConfig.rack512().withNodes(32).withMechanisms(true, false, true);
    ShoalFlows fl = ShoalWorkloads.poisson(32, null, 0.8, 800, 100_000, 1.05, 100, false,
        new RandomStreams(3).stream("poisson"));
    ShoalFctBreakdown b = new ShoalFctBreakdown(cfg, fl, Long.MAX_VALUE);
    new ShoalSimulator(cfg, fl, (boolean[]) null, null).cellProbe(b).run(Integer.MAX_VALUE, Long.MAX_VALUE);
    int ahead = 0;
    for (int f = 0; f < fl.size(); f++) {
      assertThat(b.localAheadOfLast(f)).isZero();
      assertThat(sum(b, f)).isEqualTo(fl.fctPs(f));
      ahead += b.aheadOfLast(f);
    }
    assertThat(ahead).as("some last cells queued behind others").isPositive();
  }
}
