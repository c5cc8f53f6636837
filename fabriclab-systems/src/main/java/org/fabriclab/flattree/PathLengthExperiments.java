package org.fabriclab.flattree;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fabriclab.analysis.ServerPairDistances;
import org.fabriclab.experiment.PlotSpec;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.graph.Topology;
import org.fabriclab.table.Table;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.fattree.FatTree;

/**
 * Fig. 5 and Fig. 6 of Flat-tree (seed 001_5e703544cea19579.txt, §3.2): average server-pair path
 * length over the whole network (profiling of m, n; flat-tree global mode vs fat-tree and a random
 * graph of the same equipment) and inside Pods (flat-tree local mode vs fat-tree, random graph and
 * two-stage random graph). Cost per k: 15 profiling grid points plus 2 baselines, each one exact
 * server-pair BFS sweep.
 */
final class PathLengthExperiments {
  private final ReproductionContext ctx;
  private final TopologyFamilies families = TopologyFamilies.load();

  PathLengthExperiments(ReproductionContext ctx) {
    this.ctx = ctx;
  }

  private Topology baseline(String family, int k) {
    return families.build(family, Map.of("k", Integer.toString(k), "seed", Long.toString(ctx.seed())));
  }

  private double apl(Topology t) {
    return ServerPairDistances.compute(t, ctx.threads(), Long.MAX_VALUE, ctx.seed()).mean();
  }

  void fig5(int[] ks, ReproductionReport.Builder r) {
    Table.Builder profile = Table.builder("fig5_profile")
        .longColumn("k").longColumn("m").longColumn("n").doubleColumn("avgPathLength");
    Table.Builder fig = Table.builder("fig5_path_length")
        .longColumn("k").stringColumn("topology").doubleColumn("avgPathLength");
    int bestIsDefault = 0;
    double worstGap = 0;
    double worstGapFrom8 = -1;
    List<String> gaps = new ArrayList<>();
    double sumGain = 0;
    List<String> bests = new ArrayList<>();
    List<String> disconnected = new ArrayList<>();
    ctx.progress().begin("Fig. 5 profiling", ks.length);
    for (int k : ks) {
      FlatTreeProfiler.Profile p = new FlatTreeProfiler(k, ctx.threads()).run();
      double def = Double.NaN;
      for (FlatTreeProfiler.Point pt : p.points()) {
        if (Double.isFinite(pt.averagePathLength())) {
          profile.row((long) k, (long) pt.m(), (long) pt.n(), pt.averagePathLength());
        } else {
          disconnected.add("k=" + k + " (" + pt.m() + "," + pt.n() + ")");
        }
        if (pt.m() == FlatTree.defaultM(k) && pt.n() == FlatTree.defaultN(k)) {
          def = pt.averagePathLength();
        }
      }
      double fat = apl(new FatTree(k).build());
      double rnd = apl(baseline("jellyfish", k));
      fig.row((long) k, "fat-tree", fat);
      fig.row((long) k, "random graph", rnd);
      fig.row((long) k, "flat-tree m=k/8,n=2k/8", def);
      fig.row((long) k, "flat-tree best m,n", p.best().averagePathLength());
      boolean isDefault = p.best().m() == FlatTree.defaultM(k) && p.best().n() == FlatTree.defaultN(k)
          || Math.abs(p.best().averagePathLength() - def) < 1e-9;
      if (isDefault) {
        bestIsDefault++;
      }
      bests.add("k=" + k + ": (" + p.best().m() + "," + p.best().n() + ")");
      worstGap = Math.max(worstGap, def / rnd - 1);
      if (k >= 8) {
        worstGapFrom8 = Math.max(worstGapFrom8, def / rnd - 1);
      }
      gaps.add("k=" + k + ": " + pct(def / rnd - 1));
      sumGain += 1 - def / fat;
      ctx.progress().advance(1);
    }
    ctx.progress().end();
    r.table(profile.build()).table(fig.build());
    r.plot(new PlotSpec("fig5_path_length", "fig5_path_length", PlotSpec.Kind.LINE, "k", "avgPathLength",
        "topology", "Fig. 5 average server-pair path length", "k (switch ports)", "hops"));
    r.compare("Fig. 5", "best (m, n) of the profiling grid", "m = k/8, n = 2k/8",
        bestIsDefault + " of " + ks.length + " k values; best: " + String.join(", ", bests),
        "default best for at least half of the k values (majority rule)", bestIsDefault * 2 >= ks.length,
        "grid step k/8 rounded half up; ties count as agreement; k = " + range(ks));
    if (!disconnected.isEmpty()) {
      r.note("Fig. 5 profiling: grid points that disconnect servers (left out of fig5_profile.csv): "
          + String.join(", ", disconnected) + ". With m = k/2 every core-side connector carries a server.");
    }
    r.compare("Fig. 5", "flat-tree (m=k/8, n=2k/8) vs random graph, largest excess", "within 5%",
        pct(worstGap), "excess at most 5% for every k", worstGap <= 0.05,
        "random graph = jellyfish family with"
            + " fat-tree(k) equipment, seed " + ctx.seed() + "; per k: "
            + String.join(", ", gaps));
    if (worstGapFrom8 >= 0) {
      r.compare("Fig. 5", "same, k >= 8 only", "within 5%", pct(worstGapFrom8),
          "excess at most 5% for every k >= 8", worstGapFrom8 <= 0.05, "the smallest networks (k = 4, 6) have"
              + " too few converters per edge switch for the k/8 grid");
    }
    r.compare("Fig. 5", "flat-tree vs fat-tree path length", "notably shorter",
        pct(-sumGain / ks.length) + " on average", "flat-tree shorter on average over the k values", sumGain > 0,
        "");
  }

  void fig6(int[] ks, ReproductionReport.Builder r) {
    Table.Builder fig = Table.builder("fig6_in_pod_path_length")
        .longColumn("k").stringColumn("topology").doubleColumn("avgPathLength");
    int ordered = 0;
    int beatsTwoStage = 0;
    int ties = 0;
    ctx.progress().begin("Fig. 6 in-Pod path length", ks.length);
    for (int k : ks) {
      double fat = new InPodPathLength(new FatTree(k).build(), k).average();
      double rnd = new InPodPathLength(baseline("jellyfish", k), k).average();
      double two = new InPodPathLength(baseline("tworandom", k), k).average();
      Topology local = new FlatTreeController(FlatTree.ofFatTree(k)).convert(FlatTreeMode.LOCAL).logicalTopology();
      double flat = new InPodPathLength(local, k).average();
      fig.row((long) k, "fat-tree", fat);
      fig.row((long) k, "random graph", rnd);
      fig.row((long) k, "two-stage random graph", two);
      fig.row((long) k, "flat-tree local", flat);
      if (rnd > fat && fat > flat) {
        ordered++;
      }
      if (flat < two * (1 - 1e-3)) {
        beatsTwoStage++;
      } else if (flat <= two * (1 + 1e-3)) {
        ties++;
      }
      ctx.progress().advance(1);
    }
    ctx.progress().end();
    r.table(fig.build());
    r.plot(new PlotSpec("fig6_in_pod_path_length", "fig6_in_pod_path_length", PlotSpec.Kind.LINE, "k",
        "avgPathLength", "topology", "Fig. 6 average path length of server pairs in each Pod",
        "k (switch ports)", "hops"));
    r.compare("Fig. 6", "ordering random graph > fat-tree > flat-tree (in-Pod)", "random worst, then fat-tree",
        ordered + " of " + ks.length + " k values", "the ordering holds for every k", ordered == ks.length,
        "k = " + range(ks));
    r.compare("Fig. 6", "flat-tree local shorter than two-stage random graph", "yes (\"surprisingly\")",
        "shorter for " + beatsTwoStage + ", equal within 0.1% for " + ties + " of " + ks.length + " k values",
        "flat-tree shorter by more than 0.1% for every k", beatsTwoStage == ks.length,
        "the two-stage random graph"
            + " puts servers evenly on Pod switches and keeps k^2/4 links per Pod, like"
            + " flat-tree's local mode, so their in-Pod path lengths nearly coincide; random graph Pods ="
            + " consecutive server groups of k^2/4");
  }

  static String range(int[] ks) {
    return String.join(", ", java.util.Arrays.stream(ks).mapToObj(Integer::toString).toList());
  }

  static String pct(double x) {
    return String.format(Locale.ROOT, "%+.1f%%", 100 * x);
  }
}
