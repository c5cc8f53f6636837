package org.fabriclab.flattree;

import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import org.fabriclab.analysis.DemandMatrix;
import org.fabriclab.analysis.FleischerThroughputSolver;
import org.fabriclab.analysis.LpThroughputSolver;
import org.fabriclab.analysis.ThroughputProblem;
import org.fabriclab.analysis.ThroughputResult;
import org.fabriclab.experiment.PlotSpec;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.graph.Topology;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.table.Table;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.ClusterTraffic;
import org.fabriclab.traffic.ClusterTraffic.Locality;
import org.fabriclab.traffic.ClusterTraffic.Pattern;

/**
 * Fig. 7 and Fig. 8 of Flat-tree (seed 001_5e703544cea19579.txt, §3.3): maximum concurrent flow
 * λ (unit link capacity, server links relaxed, §3.1) of broadcast/incast traffic in large clusters
 * and all-to-all traffic in 20-server clusters. The exact LP (GLOP) is used when the merged problem
 * has at most {@link #SMALL_LP} variables, or at most {@link #LP_MAX_GROUPS} groups and
 * {@link #LP_LIMIT} variables; the (1+ε) approximation otherwise; the table records which, with
 * the solver's proven upper bound. Every solve is a job of a {@link SolveBatch}: the methods here
 * add their jobs and return the step that turns the results into tables and comparisons once the
 * batch has run. Topologies are built once per (name, k) and shared by the jobs.
 */
final class ThroughputExperiments {
  /**
   * GLOP up to this many variables when there are at most {@link #LP_MAX_GROUPS} groups: Fig. 7 at
   * k = 32 (8 groups × 32,768 links) takes GLOP 4.5 s of CPU and the approximation 27 s.
   */
  static final long LP_LIMIT = 300_000;
  /** GLOP slows down sharply with many groups (247k variables, 143 groups: 4 minutes). */
  static final int LP_MAX_GROUPS = 16;
  static final long SMALL_LP = 20_000;
  static final double EPSILON = 0.05;
  /** Two-stage random graph, both readings of its stage 2 (§3.1; see TwoStageRandomGraph). */
  static final String TWO_ANY = "two-stage random graph";
  static final String TWO_POD_CORE = "two-stage random graph (Pod-core only)";
  /** Control topology of the Fig. 8 explanation, not in the reproduction's figures: see {@link CoreRewiredTopology}. */
  static final String FLAT_CORES_REWIRED = "flat-tree local (cores rewired)";
  /** The other control: the two-stage graph (Pod–core) with one cable per (core, Pod), see {@link CoreRewiredTopology}. */
  static final String TWO_ONE_PER_POD = "two-stage random graph (one core link per Pod)";
  private final ReproductionContext ctx;
  private final TopologyFamilies families = TopologyFamilies.load();
  private final Map<String, Topology> cache = new ConcurrentHashMap<>();

  ThroughputExperiments(ReproductionContext ctx) {
    this.ctx = ctx;
  }

  /** The topology, built once per (name, k). */
  Topology topology(String name, int k) {
    return cache.computeIfAbsent(name + "/" + k, key -> build(name, k));
  }

  private Topology build(String name, int k) {
    String seed = Long.toString(ctx.seed());
    return switch (name) {
      case "fat-tree" -> new FatTree(k).build();
      case "random graph" -> families.build("jellyfish", Map.of("k", "" + k, "seed", seed));
      case TWO_ANY -> families.build("tworandom", Map.of("k", "" + k, "seed", seed));
      case TWO_POD_CORE -> families.build("tworandom", Map.of("k", "" + k, "seed", seed, "stage2", "pod-core"));
      case "flat-tree global" -> new FlatTreeController(FlatTree.ofFatTree(k)).convert(FlatTreeMode.GLOBAL).logicalTopology();
      case "flat-tree local" -> new FlatTreeController(FlatTree.ofFatTree(k)).convert(FlatTreeMode.LOCAL).logicalTopology();
      case FLAT_CORES_REWIRED -> CoreRewiredTopology.of(build("flat-tree local", k),
          new RandomStreams(ctx.seed()).stream("core-rewire/" + k));
      case TWO_ONE_PER_POD -> CoreRewiredTopology.onePerPod(build(TWO_POD_CORE, k),
          new RandomStreams(ctx.seed()).stream("core-one-per-pod/" + k));
      default -> throw new IllegalArgumentException(name);
    };
  }

  /** λ and the solver used. */
  static ThroughputResult solve(Topology t, DemandMatrix d) {
    ThroughputProblem p = new ThroughputProblem(t, d, true, true);
    long vars = (long) p.groupCount() * p.linkCount();
    boolean lp = vars <= SMALL_LP || (p.groupCount() <= LP_MAX_GROUPS && vars <= LP_LIMIT);
    return lp ? new LpThroughputSolver().solve(p) : new FleischerThroughputSolver(EPSILON, 100_000, false).solve(p);
  }

  /**
   * Rough cost of a solve, for ordering the batch (longest first): about groups × links, with
   * groups ≈ k² (switches holding servers) for all-to-all and servers / cluster for
   * broadcast/incast (solved exactly, weighted 4× for the LP), and links ≈ k³ (directed switch
   * links of fat-tree(k) equipment).
   */
  static double cost(int k, int cluster, Pattern pattern) {
    double links = Math.pow(k, 3);
    if (pattern == Pattern.ALL_TO_ALL) {
      return (double) k * k * links;
    }
    return 4 * Math.ceil(k * (double) k * k / 4 / cluster) * links;
  }

  /** Adds the solve of {@code topology} at k under clustered traffic; returns its slot. */
  int add(SolveBatch b, String topology, int k, int cluster, Pattern pattern, Locality locality, String stream) {
    return b.add(cost(k, cluster, pattern), () -> {
      Topology t = topology(topology, k);
      SplittableRandom rnd = new RandomStreams(ctx.seed()).stream(stream);
      DemandMatrix d = new ClusterTraffic(t, cluster, pattern, locality, k * k / 4).demands(rnd);
      return solve(t, d);
    });
  }

  Runnable fig7(int[] ks, int cluster, SolveBatch b, ReproductionReport.Builder r) {
    String[] topos = {"fat-tree", "random graph", "flat-tree global"};
    Pattern[] pats = {Pattern.BROADCAST, Pattern.INCAST};
    Locality[] locs = {Locality.STRONG, Locality.NONE};
    int[][][][] slot = new int[ks.length][2][2][3];
    for (int a = 0; a < ks.length; a++) {
      for (int pi = 0; pi < 2; pi++) {
        for (int li = 0; li < 2; li++) {
          for (int i = 0; i < 3; i++) {
            slot[a][pi][li][i] = add(b, topos[i], ks[a], cluster, pats[pi], locs[li],
                "fig7/" + ks[a] + "/" + pats[pi] + "/" + locs[li]);
          }
        }
      }
    }
    return () -> {
      Table.Builder tb = Table.builder("fig7_broadcast_incast").longColumn("k").stringColumn("series")
          .stringColumn("topology").stringColumn("traffic").stringColumn("locality").doubleColumn("throughput")
          .doubleColumn("upperBound").stringColumn("solver");
      double solveSeconds = 0;
      double sumFlatOverRandom = 0;
      double sumFlatOverFat = 0;
      int count = 0;
      for (int a = 0; a < ks.length; a++) {
        for (int pi = 0; pi < 2; pi++) {
          for (int li = 0; li < 2; li++) {
            double[] lam = new double[3];
            for (int i = 0; i < 3; i++) {
              ThroughputResult res = b.result(slot[a][pi][li][i]);
              lam[i] = res.lambda();
              String series = topos[i] + ", " + pats[pi].id() + ", "
                  + (locs[li] == Locality.STRONG ? "locality" : "no locality");
              tb.row((long) ks[a], series, topos[i], pats[pi].id(), locs[li].id(), lam[i], res.upperBound(),
                  res.solver());
              solveSeconds += res.seconds();
            }
            sumFlatOverRandom += lam[2] / lam[1];
            sumFlatOverFat += lam[2] / lam[0];
            count++;
          }
        }
      }
      r.table(tb.build());
      r.note(timingNote("Fig. 7", solveSeconds));
      r.plot(new PlotSpec("fig7_broadcast_incast", "fig7_broadcast_incast", PlotSpec.Kind.LINE, "k", "throughput",
          "series", "Fig. 7 broadcast/incast throughput, " + cluster + "-server clusters", "k", "λ per flow"));
      double vsRandom = sumFlatOverRandom / count;
      double vsFat = sumFlatOverFat / count;
      r.compare("Fig. 7", "flat-tree / random graph throughput (mean over k, patterns, localities)",
          "very close (≈ 1)", fmt(vsRandom), "mean ratio within 5% of 1",
          Math.abs(vsRandom - 1) <= 0.05, "k = " + PathLengthExperiments.range(ks) + ", " + cluster
              + "-server clusters");
      r.compare("Fig. 7", "flat-tree / fat-tree throughput", "1.5×", fmt(vsFat) + "×",
          "mean ratio within 1.5 ± 0.15 (10%)", Math.abs(vsFat - 1.5) <= 0.15,
          "unit links, server links relaxed (§3.1)");
    };
  }

  /**
   * The summary note on a figure's solve time: wall-clock, different on every run, so it stays out
   * of the tables (a CSV is a function of the spec and seed only).
   */
  static String timingNote(String figure, double solveSeconds) {
    return String.format(Locale.ROOT, "%s timing, not a result: its throughput solves took %.1f s of wall-clock"
        + " time in total on this machine (differs from run to run; the table holds only solved values).", figure,
        solveSeconds);
  }

  static String fmt(double x) {
    return String.format(Locale.ROOT, "%.3f", x);
  }

  static String pct(double x) {
    return String.format(Locale.ROOT, "%+.1f%%", 100 * x);
  }
}
