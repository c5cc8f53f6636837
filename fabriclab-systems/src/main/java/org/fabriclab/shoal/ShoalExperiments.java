package org.fabriclab.shoal;

import java.util.SplittableRandom;
import org.fabriclab.rng.RandomStreams;

/**
 * Runs behind the figures of seed 003 §6–7, each a pure function of its arguments and seed.
 * Poisson runs (§7.3) draw 5% more flows than {@code completions} and stop when that many have
 * finished, as the paper's runs end when one million flows have completed.
 */
public final class ShoalExperiments {
  private ShoalExperiments() {}

  /** Metrics of one Poisson run. */
  public record PoissonPoint(double load, int completed, double shortFct999Us, double shortFctMeanUs,
      double longGoodputGbps, int maxQueueCells, int maxNodeQueueCells, long cellsSent, long slots,
      long maxReorderBytes) {}

  public static PoissonPoint poisson(ShoalConfig cfg, double load, int completions, double failFraction,
      boolean skewed, long seed) {
    return poisson(cfg, load, completions, failFraction, skewed, seed, false);
  }

  /** As above; with {@code all} every drawn flow runs to completion (for baseline comparisons). */
  public static PoissonPoint poisson(ShoalConfig cfg, double load, int completions, double failFraction,
      boolean skewed, long seed, boolean all) {
    return poissonRun(cfg, load, completions, failFraction, skewed, seed, all).point();
  }

  /** A Poisson point with its flows (start and end times, -1 for a flow that did not finish). */
  public record PoissonRun(PoissonPoint point, ShoalFlows flows) {}

  /** {@link #poisson(ShoalConfig, double, int, double, boolean, long, boolean)} keeping the flows. */
  public static PoissonRun poissonRun(ShoalConfig cfg, double load, int completions, double failFraction,
      boolean skewed, long seed, boolean all) {
    return poissonRun(cfg, load, completions, failFraction, skewed, seed, all, all);
  }

  /** As above, measuring the reordering buffers (Fig. 16) when {@code reordering}. */
  public static PoissonRun poissonRun(ShoalConfig cfg, double load, int completions, double failFraction,
      boolean skewed, long seed, boolean all, boolean reordering) {
    RandomStreams rs = new RandomStreams(seed);
    boolean[] failed = ShoalWorkloads.failNodes(cfg.nodes(), failFraction, rs.stream("failures"));
    ShoalFlows fl = poissonFlows(cfg, load, completions, failed, skewed, seed);
    ShoalSimulator sim = new ShoalSimulator(cfg, fl, failed, null);
    if (reordering) {
      sim.measureReordering();
    }
    sim.run(all ? Integer.MAX_VALUE : completions, Long.MAX_VALUE);
    PoissonPoint p = point(load, fl, sim.maxQueueCells(), sim.maxNodeQueueCells(), sim.workCounters()[0],
        sim.slot());
    return new PoissonRun(new PoissonPoint(p.load(), p.completed(), p.shortFct999Us(), p.shortFctMeanUs(),
        p.longGoodputGbps(), p.maxQueueCells(), p.maxNodeQueueCells(), p.cellsSent(), p.slots(),
        sim.maxReorderBytes()), fl);
  }

  /**
   * A Poisson point (§7.3 workload) on a rack with failed components (§3.5): flows among live
   * nodes, pairs without a live path redrawn; stops after {@code completions}.
   */
  public static PoissonPoint poisson(ShoalConfig cfg, double load, int completions, ShoalFailures failures,
      long seed) {
    return poisson(cfg, load, completions, failures, 0, seed);
  }

  /** As above, each cell transmission corrupted with probability {@code corruptionRate} (Appendix D). */
  public static PoissonPoint poisson(ShoalConfig cfg, double load, int completions, ShoalFailures failures,
      double corruptionRate, long seed) {
    int drawn = (int) Math.min(Integer.MAX_VALUE - 1, Math.ceil(completions * 1.05));
    ShoalFlows fl = ShoalWorkloads.poisson(cfg.nodes(), null, failures, load, drawn, 100_000, 1.05,
        cfg.linkGbps(), false, new RandomStreams(seed).stream("poisson"));
    ShoalSimulator sim = new ShoalSimulator(cfg, fl, failures, null).corruptCells(corruptionRate, seed);
    sim.run(completions, Long.MAX_VALUE);
    return point(load, fl, sim.maxQueueCells(), sim.maxNodeQueueCells(), sim.workCounters()[0], sim.slot());
  }

  /** The §7.3 flows of a Poisson point: 5% more than {@code completions}, seeded. */
  public static ShoalFlows poissonFlows(ShoalConfig cfg, double load, int completions, boolean[] failed,
      boolean skewed, long seed) {
    int drawn = (int) Math.min(Integer.MAX_VALUE - 1, Math.ceil(completions * 1.05));
    return ShoalWorkloads.poisson(cfg.nodes(), failed, load, drawn, 100_000, 1.05, cfg.linkGbps(), skewed,
        new RandomStreams(seed).stream("poisson"));
  }

  /** Metrics of finished flows (queue maxima and work counters as given; -1 when not measured). */
  public static PoissonPoint point(double load, ShoalFlows fl, int maxQ, int maxNode, long cells, long slots) {
    int done = 0;
    for (int f = 0; f < fl.size(); f++) {
      done += fl.endPs(f) >= 0 ? 1 : 0;
    }
    return new PoissonPoint(load, done, ShoalMetrics.shortFctUs(fl, 0.999),
        ShoalMetrics.meanFctUs(fl, 1, ShoalMetrics.SHORT_MAX_BYTES), ShoalMetrics.longGoodputGbps(fl),
        maxQ, maxNode, cells, slots, -1);
  }

  /** Mean destination throughput (Gb/s) of a permutation of {@code pairs} flows of {@code bytes}. */
  public static double permutationGbps(ShoalConfig cfg, int pairs, long bytes, long seed) {
    ShoalFlows fl = ShoalWorkloads.permutation(cfg.nodes(), pairs, bytes,
        new RandomStreams(seed).stream("permutation"));
    new ShoalSimulator(cfg, fl, (boolean[]) null, null).run(Integer.MAX_VALUE, Long.MAX_VALUE);
    return ShoalMetrics.destinationThroughputGbps(fl, cfg.nodes());
  }

  /** FCTs (µs) of a synchronised incast of {@code senders} flows of {@code bytes} to node 0. */
  public static double[] incastFctsUs(ShoalConfig cfg, int senders, long bytes) {
    ShoalFlows fl = ShoalWorkloads.incast(cfg.nodes(), senders, 0, bytes, null);
    new ShoalSimulator(cfg, fl, (boolean[]) null, null).run(Integer.MAX_VALUE, Long.MAX_VALUE);
    double[] v = new double[fl.size()];
    for (int f = 0; f < v.length; f++) {
      v[f] = fl.fctPs(f) / 1e6;
    }
    return v;
  }

  /**
   * Fig. 14: node N−1 sends {@code targets} flows of 20 KB to node 0, one every {@code gapUs};
   * the other nodes exchange Poisson background traffic at {@code load}. Returns the targets' FCTs (µs).
   */
  public static double[] detourTargetsUs(ShoalConfig cfg, int targets, double gapUs, double load, long seed) {
    return detourTargetsUs(cfg, targets, gapUs, load, seed, false);
  }

  /** As above; with {@code priority} the targets are traffic class 0 and the background class 1 (Appendix C). */
  public static double[] detourTargetsUs(ShoalConfig cfg, int targets, double gapUs, double load, long seed,
      boolean priority) {
    int n = cfg.nodes();
    SplittableRandom rnd = new RandomStreams(seed).stream("fig14");
    double tauPs = 100_000 * 8 / (load * cfg.linkGbps() * 1e9 * (n - 2)) * 1e12;
    double endPs = targets * gapUs * 1e6;
    int bg = (int) Math.min(5_000_000, endPs / tauPs + 1);
    org.fabriclab.traffic.ParetoSizes sizes = new org.fabriclab.traffic.ParetoSizes(1.05, 100_000);
    int m = bg + targets;
    int[] s = new int[m];
    int[] d = new int[m];
    long[] b = new long[m];
    long[] t = new long[m];
    boolean[] target = new boolean[m];
    double now = 0;
    int k = 0;
    int next = 0;
    for (int f = 0; f < bg; f++) {
      now += -Math.log(1 - rnd.nextDouble()) * tauPs;
      while (next < targets && next * gapUs * 1e6 <= now) {
        s[k] = n - 1;
        d[k] = 0;
        b[k] = 20_000;
        t[k] = (long) (next * gapUs * 1e6);
        target[k++] = true;
        next++;
      }
      int a = 1 + rnd.nextInt(n - 2);
      int c = 1 + rnd.nextInt(n - 3);
      if (c >= a) {
        c++;
      }
      s[k] = a;
      d[k] = c;
      b[k] = Math.min(sizes.sample(rnd), 10_000_000);
      t[k++] = (long) now;
    }
    while (next < targets) {
      s[k] = n - 1;
      d[k] = 0;
      b[k] = 20_000;
      t[k] = (long) Math.max(now, next * gapUs * 1e6);
      target[k++] = true;
      next++;
    }
    int[] cls = new int[k];
    for (int f = 0; f < k; f++) {
      cls[f] = priority && !target[f] ? 1 : 0;
    }
    ShoalFlows fl = new ShoalFlows(java.util.Arrays.copyOf(s, k), java.util.Arrays.copyOf(d, k),
        java.util.Arrays.copyOf(b, k), java.util.Arrays.copyOf(t, k), cls);
    ShoalSimulator sim = new ShoalSimulator(cfg, fl, (boolean[]) null, null);
    // run until every target finished (background flows may still be running)
    long lastTargetStart = (long) ((targets - 1) * gapUs * 1e6);
    long limit = lastTargetStart / cfg.slotPs() + 1;
    while (true) {
      sim.runUntil(limit);
      boolean done = true;
      for (int f = 0; f < k && done; f++) {
        done = !target[f] || fl.endPs(f) >= 0;
      }
      if (done) {
        break;
      }
      limit += 1000L * cfg.schedule().epochSlots();
    }
    double[] v = new double[targets];
    int j = 0;
    for (int f = 0; f < k; f++) {
      if (target[f]) {
        v[j++] = fl.fctPs(f) / 1e6;
      }
    }
    return v;
  }

  /**
   * Fraction (0..1) of flows whose measured rate is within 10% of max-min water-filling (§7.2):
   * {@code flows} long-running flows between distinct random pairs, rates measured over
   * {@code epochs} epochs after {@code warmup}.
   */
  public static double fairnessWithin10(ShoalConfig cfg, int flows, int warmup, int epochs, long seed) {
    int n = cfg.nodes();
    SplittableRandom rnd = new RandomStreams(seed).stream("fairness");
    int[] s = new int[flows];
    int[] d = new int[flows];
    java.util.Set<Long> used = new java.util.HashSet<>();
    for (int f = 0; f < flows; f++) {
      do {
        s[f] = rnd.nextInt(n);
        d[f] = rnd.nextInt(n);
      } while (s[f] == d[f] || !used.add((long) s[f] * n + d[f]));
    }
    long[] b = new long[flows];
    java.util.Arrays.fill(b, 1L << 40);
    ShoalFlows fl = new ShoalFlows(s, d, b, new long[flows]);
    ShoalSimulator sim = new ShoalSimulator(cfg, fl, (boolean[]) null, null);
    int e = cfg.schedule().epochSlots();
    sim.runUntil((long) warmup * e);
    int[] before = new int[flows];
    for (int f = 0; f < flows; f++) {
      before[f] = fl.deliveredCells(f);
    }
    sim.runUntil((long) (warmup + epochs) * e);
    double[] ideal = MaxMinWaterFilling.flowRates(n, s, d);
    int ok = 0;
    for (int f = 0; f < flows; f++) {
      // every virtual link carries one cell per epoch, whatever the channel count
      double got = (fl.deliveredCells(f) - before[f]) / (double) epochs;
      ok += Math.abs(got - ideal[f]) <= 0.1 * ideal[f] ? 1 : 0;
    }
    return ok / (double) flows;
  }
}
