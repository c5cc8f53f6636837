package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The reference water-filling of the fairness experiment (seed 003 §7.2) against closed forms of
 * the virtual mesh (each flow spread over its N−1 one- or two-hop subflows, every virtual link one
 * cell per epoch).
 */
class MaxMinWaterFillingTest {

  @Test
  void aLoneFlowGetsEveryFirstHopLink() {
    // N−1 subflows, none shares a link: each gets the whole link
    assertThat(MaxMinWaterFilling.flowRates(9, new int[] {2}, new int[] {5})[0]).isCloseTo(8.0, within(1e-9));
  }

  @Test
  void flowsFromOneSourceShareItsLinksEqually() {
    // m flows from node 0: every link 0→j carries one subflow of each flow, second hops are
    // distinct, so each subflow gets 1/m and each flow (N−1)/m
    int n = 12;
    int m = 5;
    int[] src = new int[m];
    int[] dst = new int[m];
    for (int f = 0; f < m; f++) {
      dst[f] = 1 + 2 * f;
    }
    for (double r : MaxMinWaterFilling.flowRates(n, src, dst)) {
      assertThat(r).isCloseTo((n - 1) / (double) m, within(1e-9));
    }
  }

  @Test
  void anIncastSharesTheDestinationsLinksEqually() {
    // m flows into node 7: by symmetry with the previous case, (N−1)/m each
    int n = 10;
    int[] src = {0, 1, 2, 3};
    int[] dst = {7, 7, 7, 7};
    for (double r : MaxMinWaterFilling.flowRates(n, src, dst)) {
      assertThat(r).isCloseTo((n - 1) / 4.0, within(1e-9));
    }
  }

  @Test
  void respectsEveryNodesLinkCapacityOnTheLargestFairnessInstance() {
    // 1,024 random flows on 512 nodes (the full fairness experiment's size): the flows of one
    // source share its N−1 outgoing links, those of one destination its N−1 incoming ones
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(3);
    int n = 512;
    int m = 1024;
    int[] src = new int[m];
    int[] dst = new int[m];
    java.util.Set<Long> used = new java.util.HashSet<>();
    for (int f = 0; f < m; f++) {
      do {
        src[f] = rnd.nextInt(n);
        dst[f] = rnd.nextInt(n);
      } while (src[f] == dst[f] || !used.add((long) src[f] * n + dst[f]));
    }
    double[] r = MaxMinWaterFilling.flowRates(n, src, dst);
    double[] out = new double[n];
    double[] in = new double[n];
    for (int f = 0; f < m; f++) {
      assertThat(r[f]).isPositive();
      out[src[f]] += r[f];
      in[dst[f]] += r[f];
    }
    for (int i = 0; i < n; i++) {
      assertThat(out[i]).isLessThanOrEqualTo(n - 1 + 1e-9);
      assertThat(in[i]).isLessThanOrEqualTo(n - 1 + 1e-9);
    }
  }
}
