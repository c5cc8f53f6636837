package org.fabriclab.sim.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.progress.Progress;
import org.junit.jupiter.api.Test;

/** The fluid engine with multicast trees and dependencies, against hand-derived max-min rates. */
class FluidTransfersTest {
  /**
   * A tree on links {0, 1, 2} and two unicasts on link 1 (every capacity 1 B/ps): link 1 is shared
   * by three transfers, so by max-min each gets 1/3 and the tree's rate is its bottleneck share
   * 1/3 even though links 0 and 2 are idle otherwise. The unicasts (100 B) drain at 300 ps; the
   * tree (300 B) has 200 B left and then runs alone at 1 B/ps: 500 ps. A transfer after the
   * first unicast (50 B on link 3, 7 ps extra latency) starts at 300 and completes at 357.
   */
  @Test
  void treeRateIsItsBottleneckShareAndDependentsStartAtCompletion() {
    FluidTransfers ft = new FluidTransfers(new double[] {1, 1, 1, 1});
    int tree = ft.add(new int[] {0, 1, 2}, 300, 0, 0);
    int u1 = ft.add(new int[] {1}, 100, 0, 0);
    int u2 = ft.add(new int[] {1}, 100, 0, 0);
    int x = ft.add(new int[] {3}, 50, 0, 7);
    ft.after(x, u1);
    FluidTransfers.Result r = ft.run(Progress.NONE);
    assertThat(r.completionPs()[u1]).isEqualTo(300);
    assertThat(r.completionPs()[u2]).isEqualTo(300);
    assertThat(r.completionPs()[tree]).isEqualTo(500);
    assertThat(r.startPs()[x]).isEqualTo(300);
    assertThat(r.completionPs()[x]).isEqualTo(357);
    assertThat(r.makespanPs()).isEqualTo(500);
  }

  /**
   * A dependent starts at its latest dependency's completion, not at the completion of the one
   * processed last: A (10 B on link 0 at 1 B/ps, 1,000 ps of latency) drains at 10 ps and
   * completes at 1,010; barrier B starts at 20 and completes at 50 (30 ps), processed after A's
   * drain. C
   * after both therefore starts at 1,010 and, 20 B on link 1, completes at 1,030.
   */
  @Test
  void aDependentWaitsForTheLatestCompletionNotTheLastProcessed() {
    FluidTransfers ft = new FluidTransfers(new double[] {1, 1});
    int a = ft.add(new int[] {0}, 10, 0, 1_000);
    int b = ft.add(new int[0], 0, 20, 30);
    int c = ft.add(new int[] {1}, 20, 0, 0);
    ft.after(c, a);
    ft.after(c, b);
    FluidTransfers.Result r = ft.run(Progress.NONE);
    assertThat(r.completionPs()[a]).isEqualTo(1_010);
    assertThat(r.completionPs()[b]).isEqualTo(50);
    assertThat(r.startPs()[c]).isEqualTo(1_010);
    assertThat(r.completionPs()[c]).isEqualTo(1_030);
  }

  /**
   * Tree on {0, 1} where link 1 (capacity 1/2) also carries a unicast V: share 1/4 each on link 1,
   * so the tree gets 1/4 and the unicast U alone with it on link 0 (capacity 1) gets the rest, 3/4
   * (progressive filling: link 1 saturates first). Tree 100 B → 400 ps.
   */
  @Test
  void unicastTakesWhatTheTreesBottleneckLeaves() {
    double[] cap = {1, 0.5};
    MaxMinProgressiveFilling mm = new MaxMinProgressiveFilling(cap, new int[][] {{0, 1}, {0}, {1}});
    mm.addAll(new int[] {0, 1, 2}, 3);
    assertThat(mm.rate(0)).isEqualTo(0.25);
    assertThat(mm.rate(1)).isEqualTo(0.75);
    assertThat(mm.rate(2)).isEqualTo(0.25);
    FluidTransfers ft = new FluidTransfers(cap);
    int t = ft.add(new int[] {0, 1}, 100, 0, 0);
    ft.add(new int[] {0}, 75, 0, 0);
    ft.add(new int[] {1}, 1000, 0, 0);
    assertThat(ft.run(Progress.NONE).completionPs()[t]).isEqualTo(400);
  }

  /** Batched arrivals and departures give the same rates as one at a time (random instances). */
  @Test
  void batchedChangesEqualOneAtATime() {
    SplittableRandom rnd = new SplittableRandom(5);
    for (int round = 0; round < 40; round++) {
      int m = 3 + rnd.nextInt(8);
      int n = 4 + rnd.nextInt(20);
      double[] cap = new double[m];
      for (int l = 0; l < m; l++) {
        cap[l] = 1 + rnd.nextInt(5);
      }
      int[][] paths = new int[n][];
      for (int f = 0; f < n; f++) {
        paths[f] = rnd.ints(0, m).distinct().limit(1 + rnd.nextInt(Math.min(4, m))).toArray();
      }
      MaxMinProgressiveFilling a = new MaxMinProgressiveFilling(cap, paths);
      MaxMinProgressiveFilling b = new MaxMinProgressiveFilling(cap, paths);
      int[] all = new int[n];
      for (int f = 0; f < n; f++) {
        all[f] = f;
        a.add(f);
      }
      b.addAll(all, n);
      int half = n / 2;
      for (int f = 0; f < half; f++) {
        a.remove(f);
      }
      b.removeAll(all, half);
      for (int f = 0; f < n; f++) {
        assertThat(b.rate(f)).isCloseTo(a.rate(f), org.assertj.core.api.Assertions.within(1e-12));
      }
    }
  }

  /**
   * With a quantum: a dependency chain on an otherwise idle link stays exact (each drain is its own
   * event); two transfers of 100 and 105 B sharing a link (1 B/ps) finish at 200 and 205 exactly,
   * and with a 10 ps quantum the second is drained with the first and its time is off by less than
   * the quantum (here: it keeps its half rate to 210).
   */
  @Test
  void quantumBoundsTheError() {
    FluidTransfers chain = new FluidTransfers(new double[] {1});
    int prev = -1;
    for (int k = 0; k < 10; k++) {
      int t = chain.add(new int[] {0}, 100, 0, 3);
      if (prev >= 0) {
        chain.after(t, prev);
      }
      prev = t;
    }
    assertThat(chain.run(Progress.NONE, 10).makespanPs()).isEqualTo(10 * 103);
    for (long q : new long[] {0, 10}) {
      FluidTransfers ft = new FluidTransfers(new double[] {1});
      int a = ft.add(new int[] {0}, 100, 0, 0);
      int b = ft.add(new int[] {0}, 105, 0, 0);
      FluidTransfers.Result r = ft.run(Progress.NONE, q);
      assertThat(r.completionPs()[a]).isEqualTo(200);
      assertThat(r.completionPs()[b]).isBetween(205L, 205L + q);
    }
  }

  /** A barrier (no bytes, no links) completes its extra latency after its last dependency. */
  @Test
  void barrierWaitsForAll() {
    FluidTransfers ft = new FluidTransfers(new double[] {1, 1});
    int a = ft.add(new int[] {0}, 100, 0, 0);
    int b = ft.add(new int[] {1}, 300, 0, 0);
    int bar = ft.add(new int[0], 0, 0, 5);
    int c = ft.add(new int[] {0}, 10, 0, 0);
    ft.after(bar, a);
    ft.after(bar, b);
    ft.after(c, bar);
    FluidTransfers.Result r = ft.run(Progress.NONE);
    assertThat(r.completionPs()[bar]).isEqualTo(305);
    assertThat(r.completionPs()[c]).isEqualTo(315);
  }

  @Test
  void cycleIsReported() {
    FluidTransfers ft = new FluidTransfers(new double[] {1});
    int a = ft.add(new int[] {0}, 10, 0, 0);
    int b = ft.add(new int[] {0}, 10, 0, 0);
    ft.after(a, b);
    ft.after(b, a);
    assertThatThrownBy(() -> ft.run(Progress.NONE)).isInstanceOf(InvalidParameterException.class);
  }
}
