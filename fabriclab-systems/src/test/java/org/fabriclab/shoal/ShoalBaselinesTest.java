package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/** The baselines adapter (seed 003 §7.3) on single flows with closed-form completion times. */
class ShoalBaselinesTest {
  @Test
  void torusSingleFlowWaitsTheBroadcastThenLineRateOfOneLinkPlusStoreAndForwardPerHop() {
    // node 0 = (0,0,0) to node 3 + 8·2 + 64·1 = (3,2,1): 3 + 2 + 1 = 6 hops
    int dst = 3 + 8 * 2 + 64;
    ShoalFlows fl = new ShoalFlows(new int[] {0}, new int[] {dst}, new long[] {1_000_000}, new long[] {0});
    ShoalFlows r = ShoalBaselines.torus(fl, 1);
    double linkBps = 100e9 / 6;
    // R2C2 broadcast: diameter 12 hops × (64 B at 16,666,666,666 b/s, rounded up: 30,721 ps, + 10 ns)
    double broadcastPs = 12 * (Math.ceil(64 * 8e12 / 16_666_666_666L) + 10_000);
    assertThat(broadcastPs).isEqualTo(488_652.0);
    double expectPs = broadcastPs + 1e6 * 8 / linkBps * 1e12 + 6 * 1500 * 8 / linkBps * 1e12;
    assertThat((double) r.fctPs(0)).isCloseTo(expectPs, offset(1e4));
    ShoalFlows z = ShoalBaselines.torus(fl, 1, 0);
    assertThat((double) z.fctPs(0)).isCloseTo(expectPs - broadcastPs, offset(1e4));
  }

  /**
   * Golden run: the torus baseline with a zero broadcast delay (rates recomputed at every arrival
   * and departure, the exact fluid engine) on Fig. 15's L = 0.1 workload (4,200 flows, seed 1)
   * ends every flow at the recorded ps (hash of the end times in flow order).
   */
  @Test
  void zeroDelayTorusIsTheEarlierBaselineBitForBit() {
    ShoalFlows fl = ShoalExperiments.poissonFlows(ShoalConfig.rack512(), 0.1, 4000, null, false, 1);
    assertThat(fl.size()).isEqualTo(4200);
    ShoalFlows r = ShoalBaselines.torus(fl, 1, 0);
    long hash = 0;
    for (int f = 0; f < r.size(); f++) {
      hash = hash * 31 + r.endPs(f);
    }
    assertThat(Long.toHexString(hash)).isEqualTo("3395b910df9d96d4");
  }

  @Test
  void psnFlowsFinishNoFasterThanTheirLinks() {
    ShoalFlows fl = new ShoalFlows(new int[] {0, 5}, new int[] {300, 300}, new long[] {200_000, 200_000},
        new long[] {0, 0});
    for (String t : new String[] {"dctcp", "ndp"}) {
      ShoalFlows r = ShoalBaselines.psn(fl, t, 1, Long.MAX_VALUE);
      // two flows into one 50 Gb/s host link: the later one needs at least 400 KB at line rate
      long last = Math.max(r.fctPs(0), r.fctPs(1));
      assertThat(r.fctPs(0)).as(t).isPositive();
      assertThat((double) last).as(t).isGreaterThanOrEqualTo(400_000 * 8 / 50e9 * 1e12);
    }
  }

  /**
   * Torus multipath what-if, closed forms: (0,0,0) → (1,1,0) has two link-disjoint minimal paths
   * (x then y, y then x); the six subflows alternate between the two first hops, so the flow gets
   * two links' rate. (0,0,0) → (1,0,0) has one minimal path: no gain.
   */
  @Test
  void torusMultipathUsesBothMinimalPathsOfATwoDimensionPair() {
    double linkBps = 100e9 / 6;
    double sf = 1500 * 8 / linkBps * 1e12;
    long bytes = 1_000_000;
    ShoalFlows two = new ShoalFlows(new int[] {0}, new int[] {1 + 8}, new long[] {bytes}, new long[] {0});
    ShoalFlows one = new ShoalFlows(new int[] {0}, new int[] {1}, new long[] {bytes}, new long[] {0});
    double b = ShoalBaselines.TORUS_BROADCAST_DELAY_PS;
    assertThat((double) ShoalBaselines.torusMultipath(two, 1).fctPs(0))
        .isCloseTo(b + bytes * 8 / (2 * linkBps) * 1e12 + 2 * sf, offset(1e4));
    assertThat((double) ShoalBaselines.torus(two, 1).fctPs(0))
        .isCloseTo(b + bytes * 8 / linkBps * 1e12 + 2 * sf, offset(1e4));
    assertThat((double) ShoalBaselines.torusMultipath(one, 1).fctPs(0))
        .isCloseTo(b + bytes * 8 / linkBps * 1e12 + sf, offset(1e4));
  }

  /**
   * (0,0,0) → (1,1,1): three first hops and three last hops, six dimension orders; six subflows
   * spread two per first hop, so a lone flow gets three links' rate (the source's three minimal
   * out-links).
   */
  @Test
  void torusMultipathThreeDimensionPairIsBoundedByTheSourcesMinimalLinks() {
    double linkBps = 100e9 / 6;
    long bytes = 1_000_000;
    ShoalFlows fl = new ShoalFlows(new int[] {0}, new int[] {1 + 8 + 64}, new long[] {bytes}, new long[] {0});
    double fixed = ShoalBaselines.TORUS_BROADCAST_DELAY_PS + 3 * 1500 * 8 / linkBps * 1e12;
    double fct = ShoalBaselines.torusMultipath(fl, 1).fctPs(0);
    assertThat(fct).isGreaterThanOrEqualTo(fixed + bytes * 8 / (3 * linkBps) * 1e12 - 1e4);
    assertThat(fct).isLessThan(fixed + bytes * 8 / linkBps * 1e12);
    // each pair of subflows sharing a first hop splits at the second (s and s + 3 differ mod 2):
    // all six dimension orders, every link at most two subflows, so exactly three links' rate
    assertThat(fct).isCloseTo(fixed + bytes * 8 / (3 * linkBps) * 1e12, offset(1e4));
  }

  /**
   * §7.3's stop rule on the DCQCN baseline ("each simulation ends when one million flows have
   * completed") with a flow beyond the 24-bit PSN field (27.7 GB, the largest of the 1.05 M
   * Pareto(1.05) draws of seed 1: 2^24 packets of 1 KiB are 16 GiB): its queue pair carries it as
   * messages of at most 2 GiB, PSNs running on. Values derived here for the 50 Gb/s two-tier Clos
   * (10 ns links, 1,024 B payload + 64 B per packet): flow 3 runs alone from 1 ms over 4 hops, so its
   * FCT is the serialization of its 49 packets plus 3 store-and-forward full-packet times plus 4
   * propagations; flows 0 and 1 share server 300's link, so the later ends no earlier than both
   * flows' wire bytes at 50 Gb/s; the huge flow needs at least its wire bytes at 50 Gb/s (4.7 s),
   * far beyond the third completion that stops the run, so it must stay unfinished. The small flows
   * end as in a run without it (no shared bottleneck in this placement).
   */
  @Test
  void theDcqcnBaselineUnderTheStopRuleCarriesAFlowBeyondThePsnField() {
    long huge = 27_660_816_792L;
    ShoalFlows fl = new ShoalFlows(new int[] {0, 5, 9, 7}, new int[] {300, 300, 400, 200},
        new long[] {200_000, 100_000, huge, 50_000}, new long[] {0, 0, 0, 1_000_000});
    ShoalFlows small = new ShoalFlows(new int[] {0, 5, 7}, new int[] {300, 300, 200},
        new long[] {200_000, 100_000, 50_000}, new long[] {0, 0, 1_000_000});
    ShoalFlows r = ShoalBaselines.psn(fl, "dcqcn", 1, Long.MAX_VALUE, 3);
    ShoalFlows ref = ShoalBaselines.psn(small, "dcqcn", 1, Long.MAX_VALUE);
    long rate = 50_000_000_000L;
    long full = Time.serialization(1088, rate);
    long flow3 = 48 * full + Time.serialization(50_000 - 48 * 1024 + 64, rate) + 3 * full + 4 * Time.ns(10);
    assertThat(r.fctPs(3)).isEqualTo(flow3);
    long both = 300_000 + 64 * (196 + 98); // 196 + 98 packets of 1,024 B payload
    assertThat(Math.max(r.endPs(0), r.endPs(1))).isGreaterThanOrEqualTo(Time.serialization(both, rate));
    long stop = Math.max(Math.max(r.endPs(0), r.endPs(1)), r.endPs(3));
    long hugeAtLineRate = Time.serialization(huge + 64 * ((huge + 1023) / 1024), rate);
    assertThat(hugeAtLineRate).isGreaterThan(1000 * stop);
    assertThat(r.endPs(2)).isEqualTo(-1);
    assertThat(new long[] {r.endPs(0), r.endPs(1), r.endPs(3)})
        .containsExactly(ref.endPs(0), ref.endPs(1), ref.endPs(2));
  }
}
