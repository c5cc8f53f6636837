package org.fabriclab.flattree;

import java.util.Arrays;
import java.util.Locale;
import org.fabriclab.analysis.DemandMatrix;
import org.fabriclab.analysis.ThroughputResult;
import org.fabriclab.experiment.PlotSpec;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.graph.Topology;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.table.Table;
import org.fabriclab.traffic.ClusterTraffic;
import org.fabriclab.traffic.ClusterTraffic.Locality;
import org.fabriclab.traffic.ClusterTraffic.Pattern;

/**
 * The hybrid experiment of Flat-tree (seed 001_5e703544cea19579.txt, §3.4): the first G Pods form
 * a global-random-graph zone, the other k−G Pods local random graphs, for G = 10%..90% of the Pods.
 * The global zone carries broadcast traffic in large clusters, the local zone all-to-all traffic in
 * 20-server clusters (strong locality, §3.3). Each zone's λ on the hybrid network is compared with
 * the λ of the same demands (same servers) on the whole network converted to that zone's mode, and
 * the λ of both zones' demands together is recorded. Cost: 3 throughput solves per proportion.
 */
final class HybridExperiment {
  private final ReproductionContext ctx;

  HybridExperiment(ReproductionContext ctx) {
    this.ctx = ctx;
  }

  private static int[] zoneServers(Topology t, int fromPod, int toPod) {
    return Arrays.stream(t.servers())
        .filter(s -> t.labels().get(s, "pod") >= fromPod && t.labels().get(s, "pod") < toPod)
        .toArray();
  }

  private static DemandMatrix union(DemandMatrix a, DemandMatrix b) {
    DemandMatrix.Builder u = DemandMatrix.builder();
    for (DemandMatrix d : new DemandMatrix[] {a, b}) {
      for (int i = 0; i < d.size(); i++) {
        u.add(d.source(i), d.destination(i), d.amount(i));
      }
    }
    return u.build();
  }

  /** Demands of the global zone (index 0) or local zone (1) of the hybrid network with g global Pods. */
  private DemandMatrix zoneDemands(Topology hybrid, int k, int g, int pct, int zone, int broadcastCluster) {
    RandomStreams rs = new RandomStreams(ctx.seed());
    int perPod = k * k / 4;
    if (zone == 0) {
      int[] gs = zoneServers(hybrid, 0, g);
      return new ClusterTraffic(hybrid, gs, Math.min(broadcastCluster, gs.length), Pattern.BROADCAST,
          Locality.STRONG, perPod).demands(rs.stream("hybrid/global", pct));
    }
    int[] ls = zoneServers(hybrid, g, k);
    return new ClusterTraffic(hybrid, ls, Math.min(20, ls.length), Pattern.ALL_TO_ALL, Locality.STRONG, perPod)
        .demands(rs.stream("hybrid/local", pct));
  }

  private static Topology hybrid(int k, int g) {
    return new FlatTreeController(FlatTree.ofFatTree(k)).convert(FlatTreeFamily.zones(new int[] {g, k - g}, k))
        .logicalTopology();
  }

  private static int globalPods(int k, int pct) {
    return Math.max(1, Math.min(k - 1, (int) Math.round(pct * k / 100.0)));
  }

  /** Adds 5 solves per proportion 10%..90% to the batch; returns the reporting step. */
  Runnable plan(int k, int broadcastCluster, SolveBatch b, ThroughputExperiments tp, ReproductionReport.Builder r) {
    int[][] slot = new int[9][5];
    for (int x = 0; x < 9; x++) {
      for (int which = 0; which < 5; which++) {
        slot[x][which] = add(k, broadcastCluster, x, which, b, tp);
      }
    }
    return () -> report(k, broadcastCluster, slot, b, r);
  }

  /**
   * Adds one solve of proportion {@code 10·(x+1)}% to the batch; returns its slot. {@code which}:
   * on the hybrid network 0 = global zone (broadcast), 1 = local zone (all-to-all), 2 = both
   * zones; on the whole network in the zone's mode 3 = global zone's demands, 4 = local zone's;
   * 5 = a control, not in the reproduction: the local zone's demands on the whole local network with
   * the global zone's Pods removed ({@link PodsRemovedTopology}: no transit through them).
   */
  int add(int k, int broadcastCluster, int x, int which, SolveBatch b, ThroughputExperiments tp) {
    int pct = 10 * (x + 1);
    int g = globalPods(k, pct);
    double cost = which == 0 || which == 3
        ? ThroughputExperiments.cost(k, broadcastCluster, Pattern.BROADCAST)
        : ThroughputExperiments.cost(k, 20, Pattern.ALL_TO_ALL);
    return switch (which) {
      case 0 -> b.add(cost, () -> {
        Topology h = hybrid(k, g);
        return ThroughputExperiments.solve(h, zoneDemands(h, k, g, pct, 0, broadcastCluster));
      });
      case 1 -> b.add(cost, () -> {
        Topology h = hybrid(k, g);
        return ThroughputExperiments.solve(h, zoneDemands(h, k, g, pct, 1, broadcastCluster));
      });
      case 2 -> b.add(cost, () -> {
        Topology h = hybrid(k, g);
        return ThroughputExperiments.solve(h, union(zoneDemands(h, k, g, pct, 0, broadcastCluster),
            zoneDemands(h, k, g, pct, 1, broadcastCluster)));
      });
      case 3 -> b.add(cost, () -> ThroughputExperiments.solve(tp.topology("flat-tree global", k),
          zoneDemands(hybrid(k, g), k, g, pct, 0, broadcastCluster)));
      case 4 -> b.add(cost, () -> ThroughputExperiments.solve(tp.topology("flat-tree local", k),
          zoneDemands(hybrid(k, g), k, g, pct, 1, broadcastCluster)));
      case 5 -> b.add(cost, () -> ThroughputExperiments.solve(
          PodsRemovedTopology.of(tp.topology("flat-tree local", k), 0, g),
          zoneDemands(hybrid(k, g), k, g, pct, 1, broadcastCluster)));
      default -> throw new IllegalArgumentException("which = " + which);
    };
  }

  private void report(int k, int broadcastCluster, int[][] slot, SolveBatch b, ReproductionReport.Builder r) {
    Table.Builder tb = Table.builder("hybrid_zones").longColumn("globalPercent").stringColumn("series")
        .doubleColumn("throughput").doubleColumn("ratioToWholeNetwork").stringColumn("solver");
    double worst = 0;
    for (int x = 0; x < 9; x++) {
      long pct = 10L * (x + 1);
      ThroughputResult hg = b.result(slot[x][0]);
      ThroughputResult hl = b.result(slot[x][1]);
      ThroughputResult both = b.result(slot[x][2]);
      double wg = b.result(slot[x][3]).lambda();
      double wl = b.result(slot[x][4]).lambda();
      tb.row(pct, "global zone (broadcast)", hg.lambda(), hg.lambda() / wg, hg.solver());
      tb.row(pct, "local zone (all-to-all)", hl.lambda(), hl.lambda() / wl, hl.solver());
      tb.row(pct, "both zones together", both.lambda(), both.lambda() / Math.min(wg, wl), both.solver());
      worst = Math.max(worst, Math.max(Math.abs(hg.lambda() / wg - 1), Math.abs(hl.lambda() / wl - 1)));
    }
    r.table(tb.build());
    r.plot(new PlotSpec("hybrid_zones", "hybrid_zones", PlotSpec.Kind.LINE, "globalPercent", "ratioToWholeNetwork",
        "series", "§3.4 hybrid flat-tree: zone throughput / whole-network throughput", "global zone (% of Pods)",
        "ratio"));
    r.compare("§3.4", "zone throughput vs the corresponding whole network, largest deviation over 10%..90%",
        "the same", String.format(Locale.ROOT, "%.1f%%", 100 * worst),
        "largest deviation at most 5%", worst <= 0.05, "k = " + k + " (paper: 30); global zone broadcast in "
            + broadcastCluster
            + "-server clusters, local zone all-to-all in 20-server clusters; approximate solves carry up to "
            + (int) (100 * ThroughputExperiments.EPSILON) + "% each. Broadcast λ is set by the hot server's switch;"
            + " a global Pod next to a local Pod keeps its facing 6-port converters off the side links (they take"
            + " 'local'), so some hot servers sit on other switches than in the whole global network, and a zone"
            + " alone may also borrow the idle other zone's links: read the 'both zones together' rows too");
  }
}
