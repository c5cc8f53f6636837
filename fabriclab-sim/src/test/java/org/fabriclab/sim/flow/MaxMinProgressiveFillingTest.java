package org.fabriclab.sim.flow;

import static org.assertj.core.api.Assertions.assertThat;

import static org.assertj.core.api.Assumptions.assumeThat;

import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MaxMinProgressiveFillingTest {
  @Test
  void textbookExample() {
    // links 0 (cap 1), 1 (cap 2); flow 0 on {0}, flow 1 on {0,1}, flow 2 on {1}
    double[] cap = {1, 2};
    int[][] paths = {{0}, {0, 1}, {1}};
    MaxMinProgressiveFilling m = new MaxMinProgressiveFilling(cap, paths);
    m.add(0);
    assertThat(m.rate(0)).isEqualTo(1.0);
    m.add(1);
    m.add(2);
    assertThat(m.rate(0)).isEqualTo(0.5);
    assertThat(m.rate(1)).isEqualTo(0.5);
    assertThat(m.rate(2)).isEqualTo(1.5);
    m.remove(0);
    assertThat(m.rate(1)).isEqualTo(1.0);
    assertThat(m.rate(2)).isEqualTo(1.0);
  }

  /**
   * Random instances, random arrivals and departures: after every change the rates are feasible
   * and every active flow has a bottleneck (a saturated link on which no flow is faster) — the
   * characterisation of max-min fairness — and they equal a from-scratch computation.
   */
  @Test
  void incrementalRatesAreMaxMinFairAfterEveryChange() {
    SplittableRandom rnd = new SplittableRandom(11);
    for (int round = 0; round < 30; round++) {
      int m = 3 + rnd.nextInt(10);
      int n = 2 + rnd.nextInt(25);
      double[] cap = new double[m];
      for (int l = 0; l < m; l++) {
        cap[l] = 1 + rnd.nextInt(10);
      }
      int[][] paths = new int[n][];
      for (int f = 0; f < n; f++) {
        paths[f] = rnd.ints(0, m).distinct().limit(1 + rnd.nextInt(Math.min(4, m))).toArray();
      }
      MaxMinProgressiveFilling mm = new MaxMinProgressiveFilling(cap, paths);
      boolean[] on = new boolean[n];
      for (int step = 0; step < 60; step++) {
        int f = rnd.nextInt(n);
        if (on[f]) {
          mm.remove(f);
        } else {
          mm.add(f);
        }
        on[f] = !on[f];
        check(cap, paths, on, mm);
        MaxMinProgressiveFilling fresh = new MaxMinProgressiveFilling(cap, paths);
        for (int g = 0; g < n; g++) {
          if (on[g]) {
            fresh.add(g);
          }
        }
        for (int g = 0; g < n; g++) {
          assertThat(mm.rate(g)).isCloseTo(fresh.rate(g), org.assertj.core.data.Offset.offset(1e-9));
        }
      }
    }
  }

  /**
   * Batched {@code update} (random removals and additions in one refill) on random small
   * instances equals an independent brute-force water-filling ({@link BruteForceMaxMin}), and
   * {@code changed} lists exactly the flows still active whose rate differs from before (odd
   * rounds with the canonical link order).
   */
  @Test
  void batchedUpdateEqualsBruteForceWaterFillingAndReportsTheChangedFlows() {
    SplittableRandom rnd = new SplittableRandom(23);
    for (int round = 0; round < 40; round++) {
      int m = 2 + rnd.nextInt(12);
      int n = 2 + rnd.nextInt(30);
      double[] cap = new double[m];
      for (int l = 0; l < m; l++) {
        cap[l] = 0.5 + rnd.nextInt(20) / 4.0;
      }
      int[][] paths = new int[n][];
      for (int f = 0; f < n; f++) {
        paths[f] = rnd.ints(0, m).distinct().limit(1 + rnd.nextInt(Math.min(5, m))).toArray();
      }
      MaxMinProgressiveFilling mm = new MaxMinProgressiveFilling(cap, paths, round % 2 == 1);
      boolean[] on = new boolean[n];
      int[] rem = new int[n];
      int[] add = new int[n];
      for (int step = 0; step < 40; step++) {
        double[] before = new double[n];
        for (int f = 0; f < n; f++) {
          before[f] = mm.rate(f);
        }
        int nr = 0;
        int na = 0;
        boolean[] next = on.clone();
        for (int f = 0; f < n; f++) {
          if (rnd.nextInt(4) == 0) {
            if (on[f]) {
              rem[nr++] = f;
            } else {
              add[na++] = f;
            }
            next[f] = !on[f];
          }
        }
        mm.update(rem, nr, add, na);
        on = next;
        assertMatchesBruteForce(mm, cap, paths, on, before, "round " + round + " step " + step);
      }
    }
  }

  /**
   * Fast mode's refill of the kept component (no search while every change lies inside the
   * component found last): random instances of 70-200 flows on few links (one big component, plus
   * flows on private links that form their own components), random batches of changes; rates
   * equal the brute-force water-filling after every batch, and some refills took the kept path.
   */
  @Test
  void wholeFabricRefillsEqualBruteForce() {
    SplittableRandom rnd = new SplittableRandom(29);
    for (int round = 0; round < 12; round++) {
      int shared = 3 + rnd.nextInt(6);
      int n = 70 + rnd.nextInt(130);
      int m = shared + n; // link shared + f is flow f's private link
      double[] cap = new double[m];
      for (int l = 0; l < m; l++) {
        cap[l] = 1 + rnd.nextInt(40) / 4.0;
      }
      int[][] paths = new int[n][];
      for (int f = 0; f < n; f++) {
        paths[f] = rnd.nextInt(5) == 0 ? new int[] {shared + f}
            : java.util.stream.IntStream.concat(rnd.ints(0, shared).distinct().limit(1 + rnd.nextInt(2)),
                java.util.stream.IntStream.of(shared + f)).toArray();
      }
      MaxMinProgressiveFilling mm = new MaxMinProgressiveFilling(cap, paths, true);
      boolean[] on = new boolean[n];
      int[] rem = new int[n];
      int[] add = new int[n];
      for (int step = 0; step < 60; step++) {
        int nr = 0;
        int na = 0;
        for (int f = 0; f < n; f++) {
          if (rnd.nextInt(step == 0 ? 1 : 20) == 0) {
            if (on[f]) {
              rem[nr++] = f;
            } else {
              add[na++] = f;
            }
            on[f] = !on[f];
          }
        }
        mm.update(rem, nr, add, na);
        double[] expect = BruteForceMaxMin.rates(cap, paths, on);
        for (int f = 0; f < n; f++) {
          assertThat(mm.rate(f)).as("round %d step %d flow %d", round, step, f)
              .isCloseTo(expect[f], org.assertj.core.data.Offset.offset(1e-9));
        }
      }
      assertThat(mm.keptRefills()).as("round %d", round).isPositive();
    }
  }

  /**
   * The incremental mode (flows below θ kept, search restricted to the flows at or above θ):
   * random instances — a few shared links of varied capacity plus a private link per flow, so
   * that rates spread over many levels and most refills keep some flows — with batches of
   * removals only, additions only (the two kinds {@link FluidTransfers} makes) and mixed; after
   * every batch the rates equal the independent brute-force water-filling, and {@code changed}
   * lists exactly the active flows whose rate differs from before.
   */
  @Test
  void incrementalRefillEqualsBruteForceWaterFilling() {
    SplittableRandom rnd = new SplittableRandom(31);
    for (int round = 0; round < 60; round++) {
      int shared = 2 + rnd.nextInt(10);
      int n = 5 + rnd.nextInt(60);
      int m = shared + n;
      double[] cap = new double[m];
      for (int l = 0; l < m; l++) {
        cap[l] = 0.5 + rnd.nextInt(40) / 4.0;
      }
      int[][] paths = new int[n][];
      for (int f = 0; f < n; f++) {
        java.util.stream.IntStream sh = rnd.ints(0, shared).distinct().limit(rnd.nextInt(Math.min(4, shared) + 1));
        paths[f] = rnd.nextBoolean() ? java.util.stream.IntStream.concat(sh, java.util.stream.IntStream.of(shared + f)).toArray()
            : sh.toArray();
        if (paths[f].length == 0) {
          paths[f] = new int[] {shared + f};
        }
      }
      MaxMinProgressiveFilling mm = new MaxMinProgressiveFilling(cap, paths, true, true);
      boolean[] on = new boolean[n];
      int[] rem = new int[n];
      int[] add = new int[n];
      for (int step = 0; step < 50; step++) {
        double[] before = new double[n];
        for (int f = 0; f < n; f++) {
          before[f] = mm.rate(f);
        }
        int kind = step == 0 ? 1 : rnd.nextInt(3); // 0 removals, 1 additions, 2 both
        int nr = 0;
        int na = 0;
        for (int f = 0; f < n; f++) {
          if (rnd.nextInt(step == 0 ? 2 : 6) == 0) {
            if (on[f] && kind != 1) {
              rem[nr++] = f;
              on[f] = false;
            } else if (!on[f] && kind != 0) {
              add[na++] = f;
              on[f] = true;
            }
          }
        }
        if (kind == 0) {
          mm.removeAll(rem, nr);
        } else if (kind == 1) {
          mm.addAll(add, na);
        } else {
          mm.update(rem, nr, add, na);
        }
        assertMatchesBruteForce(mm, cap, paths, on, before, "round " + round + " step " + step);
      }
    }
  }

  static void check(double[] cap, int[][] paths, boolean[] on, MaxMinProgressiveFilling mm) {
    double[] load = new double[cap.length];
    double[] maxRate = new double[cap.length];
    for (int f = 0; f < paths.length; f++) {
      if (on[f]) {
        for (int l : paths[f]) {
          load[l] += mm.rate(f);
          maxRate[l] = Math.max(maxRate[l], mm.rate(f));
        }
      } else {
        assertThat(mm.rate(f)).isZero();
      }
    }
    for (int l = 0; l < cap.length; l++) {
      assertThat(load[l]).isLessThanOrEqualTo(cap[l] + 1e-9);
    }
    for (int f = 0; f < paths.length; f++) {
      if (!on[f]) {
        continue;
      }
      assertThat(mm.rate(f)).isPositive();
      boolean bottleneck = false;
      for (int l : paths[f]) {
        if (load[l] >= cap[l] - 1e-9 && mm.rate(f) >= maxRate[l] - 1e-9) {
          bottleneck = true;
        }
      }
      assertThat(bottleneck).as("flow " + f + " has a bottleneck").isTrue();
    }
  }

  /**
   * Every flow's rate equals the brute-force water-filling of the active set {@code on} (1e-9), and
   * {@code changed} lists exactly the active flows whose rate differs from {@code before}.
   */
  private static void assertMatchesBruteForce(MaxMinProgressiveFilling mm, double[] cap, int[][] paths,
      boolean[] on, double[] before, String where) {
    double[] expect = BruteForceMaxMin.rates(cap, paths, on);
    java.util.Set<Integer> reported = new java.util.HashSet<>();
    for (int i = 0; i < mm.changedCount(); i++) {
      reported.add(mm.changed(i));
    }
    for (int f = 0; f < on.length; f++) {
      assertThat(mm.rate(f)).as("%s flow %d", where, f)
          .isCloseTo(expect[f], org.assertj.core.data.Offset.offset(1e-9));
      assertThat(reported.contains(f)).as("%s flow %d reported changed", where, f)
          .isEqualTo(on[f] && mm.rate(f) != before[f]);
    }
  }

  /**
   * The steady state allocates nothing (non-negotiable 3): once every flow has been active and
   * the arrays have grown, arrivals and departures of flows with paths of 1 to 6 links reuse the
   * seats and their records. Measured with the JVM's per-thread allocation counter.
   */
  @Test
  void steadyStateArrivalsAndDeparturesAllocateNothing() {
    java.lang.management.ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    assumeThat(mx).isInstanceOf(com.sun.management.ThreadMXBean.class);
    com.sun.management.ThreadMXBean sun = (com.sun.management.ThreadMXBean) mx;
    assumeThat(sun.isThreadAllocatedMemorySupported()).isTrue();
    sun.setThreadAllocatedMemoryEnabled(true);
    SplittableRandom rnd = new SplittableRandom(5);
    int m = 10;
    int n = 40;
    double[] cap = new double[m];
    for (int l = 0; l < m; l++) {
      cap[l] = 1 + rnd.nextInt(5);
    }
    int[][] paths = new int[n][];
    for (int f = 0; f < n; f++) {
      paths[f] = rnd.ints(0, m).distinct().limit(1 + rnd.nextInt(6)).toArray();
    }
    int[][] orders = new int[8][n];
    for (int[] o : orders) {
      for (int i = 0; i < n; i++) {
        o[i] = i;
      }
      for (int i = n - 1; i > 0; i--) {
        int j = rnd.nextInt(i + 1);
        int t = o[i];
        o[i] = o[j];
        o[j] = t;
      }
    }
    MaxMinProgressiveFilling mm = new MaxMinProgressiveFilling(cap, paths);
    for (int round = 0; round < 3; round++) { // warm-up: every array reaches its size
      cycle(mm, orders, round);
    }
    long tid = Thread.currentThread().getId();
    long before = sun.getThreadAllocatedBytes(tid);
    for (int round = 0; round < 50; round++) {
      cycle(mm, orders, round);
    }
    long allocated = sun.getThreadAllocatedBytes(tid) - before;
    assertThat(allocated).isZero();
  }

  /** Adds every flow in one order, then removes them in another. */
  private static void cycle(MaxMinProgressiveFilling mm, int[][] orders, int round) {
    int[] in = orders[round % orders.length];
    int[] out = orders[(round + 3) % orders.length];
    for (int f : in) {
      mm.add(f);
    }
    for (int f : out) {
      mm.remove(f);
    }
  }
}
