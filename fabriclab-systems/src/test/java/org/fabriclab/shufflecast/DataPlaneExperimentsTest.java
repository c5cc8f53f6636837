package org.fabriclab.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The fair share the data-plane reproduction grades Fig. 6(d)(e) against, by hand on the §V
 * testbed (seed 000_9b2589b0d55d7b52.txt): G groups of 16 sourced at servers 0..G−1 each hold every
 * server, so a non-source server's downlink carries G groups (a source's G − 1) and no relay's
 * splitter carries more (Lemma 3: sources 0, 1 share ToR 0's relay set; with G ≤ 8 at most G
 * sources share any relay). Payload line rate 10 · 1460/1500 = 9.7333 Gb/s.
 */
class DataPlaneExperimentsTest {
  @Test
  void fairShareIsOneOverGAndOneFifteenthWhenEveryServerSends() {
    double line = 10.0 * 1460 / 1500;
    for (int g : new int[] {1, 2, 4, 8, 16}) {
      int[] src = new int[g];
      for (int i = 0; i < g; i++) {
        src[i] = i;
      }
      double[] share = DataPlaneExperiments.fairShareGbps(src, DataPlaneExperiments.allOthers(src));
      double want = g == 16 ? line / 15 : line / g;
      for (double s : share) {
        assertThat(s).as("G = %d", g).isCloseTo(want, within(1e-9));
      }
    }
  }
}
