package org.fabriclab.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.shufflecast.ShufflecastMulticastRun.GroupResult;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Method;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Result;
import org.junit.jupiter.api.Test;

/**
 * Lemma 3 of seed 000_9b2589b0d55d7b52.txt (§III-A4) measured with the reliable NORM-like sender
 * and TFMCC (§VI-B(b), RFC 5740, RFC 4654) on the §V testbed (2,2-Shufflecast, 2 servers per ToR,
 * 10 Gb/s): the expected shares are the lemma's closed form, not the reproduction's progressive
 * filling. In 2,2-Shufflecast ToR 0 = (column 0, row 00) and ToR 3 = (column 0, row 11) have
 * distinct row digits, so their relay sets ({0,1,4,5} and {2,3,6,7}, Fig. 3) are disjoint: "p ToRs
 * in one column … at line rate". Two sources under one ToR share its relay set: "2p … at half of
 * line rate" (one splitter transmitter carries both). Member sets are disjoint, so no downlink
 * carries two groups. Payload line rate: 10 · 1460/1500 = 9.7333 Gb/s; steady state as the
 * reproduction measures it ({@link DataPlaneExperiments#steadyGbps}). 100 MB per group, a few
 * seconds each.
 */
class Lemma3FairShareRunTest {
  static final double LINE = 10.0 * 1460 / 1500;
  static final long SIZE = 100_000_000L;

  private static double[] steady(int[] sources, int[][] members) {
    Result r = DataPlaneExperiments.norm(Method.SHUFFLECAST)
        .run(sources, members, SIZE, 0, DataPlaneExperiments.bins(1_000_000));
    for (GroupResult g : r.groups()) {
      for (long b : g.memberBytes()) {
        assertThat(b).isEqualTo(SIZE); // reliable: every member got every byte
      }
    }
    return DataPlaneExperiments.steadyGbps(r);
  }

  @Test
  void sourcesOnToRsWithDistinctDigitsEachMulticastAtLineRate() {
    double[] gbps = steady(new int[] {0, 6},
        new int[][] {{1, 2, 3, 4, 5, 7, 8}, {9, 10, 11, 12, 13, 14, 15}});
    for (double x : gbps) {
      assertThat(x).isCloseTo(LINE, within(0.05 * LINE));
    }
  }

  @Test
  void twoSourcesSharingOneRelaySetEachGetHalfOfLineRate() {
    double[] gbps = steady(new int[] {0, 1},
        new int[][] {{2, 3, 4, 5, 6, 7, 8}, {9, 10, 11, 12, 13, 14, 15}});
    for (double x : gbps) {
      assertThat(x).isCloseTo(LINE / 2, within(0.05 * LINE / 2));
    }
  }
}
