package org.fabriclab.flattree;

import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
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
 * {@link #LP_LIMIT} variables; the (1+ε) approximation otherwise; the table records which.
 */
final class ThroughputExperiments {
  static final long LP_LIMIT = 200_000;
  /** GLOP slows down sharply with many groups (247k variables, 143 groups: 4 minutes). */
  static final int LP_MAX_GROUPS = 16;
  static final long SMALL_LP = 20_000;
  static final double EPSILON = 0.05;
  private final ReproductionContext ctx;
  private final TopologyFamilies families = TopologyFamilies.load();

  ThroughputExperiments(ReproductionContext ctx) {
    this.ctx = ctx;
  }

  Topology topology(String name, int k) {
    return switch (name) {
      case "fat-tree" -> new FatTree(k).build();
      case "random graph" -> families.build("jellyfish", Map.of("k", "" + k, "seed", "" + ctx.seed()));
      case "two-stage random graph" -> families.build("tworandom", Map.of("k", "" + k, "seed", "" + ctx.seed()));
      case "flat-tree global" -> new FlatTreeController(FlatTree.ofFatTree(k)).convert(FlatTreeMode.GLOBAL).logicalTopology();
      case "flat-tree local" -> new FlatTreeController(FlatTree.ofFatTree(k)).convert(FlatTreeMode.LOCAL).logicalTopology();
      default -> throw new IllegalArgumentException(name);
    };
  }

  /** λ and the solver used. */
  static ThroughputResult solve(Topology t, DemandMatrix d) {
    ThroughputProblem p = new ThroughputProblem(t, d, true, true);
    long vars = (long) p.groupCount() * p.linkCount();
    boolean lp = vars <= SMALL_LP || (p.groupCount() <= LP_MAX_GROUPS && vars <= LP_LIMIT);
    return lp ? new LpThroughputSolver().solve(p) : new FleischerThroughputSolver(EPSILON).solve(p);
  }

  ThroughputResult run(Topology t, int k, int cluster, Pattern pattern, Locality locality, String stream) {
    SplittableRandom rnd = new RandomStreams(ctx.seed()).stream(stream);
    DemandMatrix d = new ClusterTraffic(t, cluster, pattern, locality, k * k / 4).demands(rnd);
    return solve(t, d);
  }

  void fig7(int[] ks, int cluster, ReproductionReport.Builder r) {
    String[] topos = {"fat-tree", "random graph", "flat-tree global"};
    Table.Builder tb = Table.builder("fig7_broadcast_incast").longColumn("k").stringColumn("series")
        .stringColumn("topology").stringColumn("traffic").stringColumn("locality").doubleColumn("throughput")
        .stringColumn("solver").doubleColumn("seconds");
    double sumFlatOverRandom = 0;
    double sumFlatOverFat = 0;
    int count = 0;
    ctx.progress().begin("Fig. 7 broadcast/incast throughput", ks.length);
    for (int k : ks) {
      for (Pattern pat : new Pattern[] {Pattern.BROADCAST, Pattern.INCAST}) {
        for (Locality loc : new Locality[] {Locality.STRONG, Locality.NONE}) {
          double[] lam = new double[3];
          for (int i = 0; i < 3; i++) {
            Topology t = topology(topos[i], k);
            ThroughputResult res = run(t, k, cluster, pat, loc, "fig7/" + k + "/" + pat + "/" + loc);
            lam[i] = res.lambda();
            String series = topos[i] + ", " + pat.id() + ", " + (loc == Locality.STRONG ? "locality" : "no locality");
            tb.row((long) k, series, topos[i], pat.id(), loc.id(), lam[i], res.solver(), res.seconds());
          }
          sumFlatOverRandom += lam[2] / lam[1];
          sumFlatOverFat += lam[2] / lam[0];
          count++;
        }
      }
      ctx.progress().advance(1);
    }
    ctx.progress().end();
    r.table(tb.build());
    r.plot(new PlotSpec("fig7_broadcast_incast", "fig7_broadcast_incast", PlotSpec.Kind.LINE, "k", "throughput",
        "series", "Fig. 7 broadcast/incast throughput, " + cluster + "-server clusters", "k", "λ per flow"));
    double vsRandom = sumFlatOverRandom / count;
    double vsFat = sumFlatOverFat / count;
    r.compare("Fig. 7", "flat-tree / random graph throughput (mean over k, patterns, localities)", "very close (≈ 1)",
        fmt(vsRandom), Math.abs(vsRandom - 1) <= 0.05,
        "agrees if the mean ratio is within 5% of 1; k = " + PathLengthExperiments.range(ks) + ", " + cluster
            + "-server clusters");
    r.compare("Fig. 7", "flat-tree / fat-tree throughput", "1.5×", fmt(vsFat) + "×", Math.abs(vsFat - 1.5) <= 0.15,
        "agrees if the mean ratio is within 1.5 ± 0.15; unit links, server links relaxed (§3.1)");
  }

  void fig8(int[] ks, ReproductionReport.Builder r) {
    String[] topos = {"fat-tree", "random graph", "two-stage random graph", "flat-tree local"};
    Table.Builder tb = Table.builder("fig8_all_to_all").longColumn("k").stringColumn("series")
        .stringColumn("topology").stringColumn("locality").doubleColumn("throughput")
        .stringColumn("solver").doubleColumn("seconds");
    StringBuilder gaps = new StringBuilder();
    boolean within = true;
    int smallWins = 0;
    int smallCount = 0;
    ctx.progress().begin("Fig. 8 all-to-all throughput", ks.length);
    for (int k : ks) {
      for (Locality loc : new Locality[] {Locality.STRONG, Locality.WEAK}) {
        double[] lam = new double[4];
        for (int i = 0; i < 4; i++) {
          Topology t = topology(topos[i], k);
          ThroughputResult res = run(t, k, 20, Pattern.ALL_TO_ALL, loc, "fig8/" + k + "/" + loc);
          lam[i] = res.lambda();
          String series = topos[i] + ", " + (loc == Locality.STRONG ? "locality" : "weak locality");
          tb.row((long) k, series, topos[i], loc.id(), lam[i], res.solver(), res.seconds());
        }
        if (k <= 14) {
          smallCount++;
          if (lam[3] > lam[2]) {
            smallWins++;
          }
        } else {
          gaps.append(String.format(Locale.ROOT, "k=%d %s: %s; ", k, loc.id(), pct(lam[3] / lam[2] - 1)));
          within &= lam[3] >= lam[2] * (1 - (loc == Locality.STRONG ? 0.06 : 0.09));
        }
      }
      ctx.progress().advance(1);
    }
    ctx.progress().end();
    r.table(tb.build());
    r.plot(new PlotSpec("fig8_all_to_all", "fig8_all_to_all", PlotSpec.Kind.LINE, "k", "throughput", "series",
        "Fig. 8 all-to-all throughput, 20-server clusters", "k", "λ per flow"));
    r.compare("Fig. 8", "flat-tree local beats two-stage random graph for k <= 14", "yes",
        smallWins + " of " + smallCount + " (k, locality) cases", smallCount > 0 && smallWins == smallCount,
        "agrees only if flat-tree wins every (k, locality) case with k <= 14; k = "
            + PathLengthExperiments.range(ks));
    r.compare("Fig. 8", "flat-tree vs two-stage random graph for larger k", "less than 6% (strong) / 9% (weak) lower",
        gaps.length() == 0 ? "no k > 14 run" : gaps.toString(), gaps.length() > 0 && within,
        "agrees only if every (k, locality) case with k > 14 is within the paper's margin (6% strong,"
            + " 9% weak); flat-tree local relative to two-stage random graph");
  }

  static String fmt(double x) {
    return String.format(Locale.ROOT, "%.3f", x);
  }

  static String pct(double x) {
    return String.format(Locale.ROOT, "%+.1f%%", 100 * x);
  }
}
