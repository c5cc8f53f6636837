package org.fabriclab.sim.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link MaxMinProgressiveFilling#rates}, the one-shot max-min fair rates. */
class MaxMinRatesTest {
  @Test
  void textbookExampleAndAFlowWithoutLinks() {
    // links 0 (cap 1), 1 (cap 2); flow 0 on {0}, flow 1 on {0,1}, flow 2 on {1}, flow 3 on none
    double[] r = MaxMinProgressiveFilling.rates(new double[] {1, 2}, new int[][] {{0}, {0, 1}, {1}, {}});
    assertThat(r).containsExactly(0.5, 0.5, 1.5, Double.POSITIVE_INFINITY);
  }

  @Test
  void multicastTreesAreBoundedOnEveryLink() {
    // a tree over links {0, 1, 2} shares link 2 with two unicasts: 1/3 each on link 2 (cap 1)
    double[] r = MaxMinProgressiveFilling.rates(new double[] {1, 1, 1}, new int[][] {{0, 1, 2}, {2}, {2}});
    assertThat(r).containsExactly(1.0 / 3, 1.0 / 3, 1.0 / 3);
  }

  /**
   * Random instances — unicast paths and multicast trees (up to 8 distinct links) over links of
   * random capacities — equal the independent textbook water-filling ({@link BruteForceMaxMin}).
   */
  @Test
  void randomInstancesEqualTextbookWaterFilling() {
    SplittableRandom rnd = new SplittableRandom(20261202);
    for (int round = 0; round < 300; round++) {
      int links = 2 + rnd.nextInt(30);
      int flows = 1 + rnd.nextInt(40);
      double[] cap = new double[links];
      for (int l = 0; l < links; l++) {
        cap[l] = rnd.nextBoolean() ? 1.0 : 0.5 + 4 * rnd.nextDouble();
      }
      int[][] paths = new int[flows][];
      for (int f = 0; f < flows; f++) {
        paths[f] = rnd.ints(0, links).distinct().limit(1 + rnd.nextInt(Math.min(8, links))).toArray();
      }
      boolean[] on = new boolean[flows];
      Arrays.fill(on, true);
      double[] expect = BruteForceMaxMin.rates(cap, paths, on);
      double[] got = MaxMinProgressiveFilling.rates(cap, paths);
      for (int f = 0; f < flows; f++) {
        assertThat(got[f]).as("round %d flow %d", round, f).isCloseTo(expect[f], within(1e-9 * (1 + expect[f])));
      }
    }
  }
}
