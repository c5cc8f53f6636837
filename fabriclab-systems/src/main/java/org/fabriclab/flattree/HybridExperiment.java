package org.fabriclab.flattree;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
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

  void run(int k, int broadcastCluster, ReproductionReport.Builder r) {
    Table.Builder tb = Table.builder("hybrid_zones").longColumn("globalPercent").stringColumn("series")
        .doubleColumn("throughput").doubleColumn("ratioToWholeNetwork");
    Topology global = new FlatTreeController(FlatTree.ofFatTree(k)).convert(FlatTreeMode.GLOBAL).logicalTopology();
    Topology local = new FlatTreeController(FlatTree.ofFatTree(k)).convert(FlatTreeMode.LOCAL).logicalTopology();
    double worst = 0;
    int perPod = k * k / 4;
    ctx.progress().begin("§3.4 hybrid zones", 9);
    for (int pct = 10; pct <= 90; pct += 10) {
      int g = Math.max(1, Math.min(k - 1, (int) Math.round(pct * k / 100.0)));
      Topology hybrid = new FlatTreeController(FlatTree.ofFatTree(k))
          .convert(FlatTreeFamily.zones(new int[] {g, k - g}, k)).logicalTopology();
      RandomStreams rs = new RandomStreams(ctx.seed());
      SplittableRandom rg = rs.stream("hybrid/global", pct);
      SplittableRandom rl = rs.stream("hybrid/local", pct);
      int[] gs = zoneServers(hybrid, 0, g);
      int[] ls = zoneServers(hybrid, g, k);
      int cluster = Math.min(broadcastCluster, gs.length);
      DemandMatrix dg = new ClusterTraffic(hybrid, gs, cluster, Pattern.BROADCAST, Locality.STRONG, perPod).demands(rg);
      DemandMatrix dl = new ClusterTraffic(hybrid, ls, Math.min(20, ls.length), Pattern.ALL_TO_ALL, Locality.STRONG, perPod).demands(rl);
      double hg = ThroughputExperiments.solve(hybrid, dg).lambda();
      double wg = ThroughputExperiments.solve(global, dg).lambda();
      double hl = ThroughputExperiments.solve(hybrid, dl).lambda();
      double wl = ThroughputExperiments.solve(local, dl).lambda();
      ThroughputResult both = ThroughputExperiments.solve(hybrid, union(dg, dl));
      tb.row((long) pct, "global zone (broadcast)", hg, hg / wg);
      tb.row((long) pct, "local zone (all-to-all)", hl, hl / wl);
      tb.row((long) pct, "both zones together", both.lambda(), both.lambda() / Math.min(wg, wl));
      worst = Math.max(worst, Math.max(Math.abs(hg / wg - 1), Math.abs(hl / wl - 1)));
      ctx.progress().advance(1);
    }
    ctx.progress().end();
    r.table(tb.build());
    r.plot(new PlotSpec("hybrid_zones", "hybrid_zones", PlotSpec.Kind.LINE, "globalPercent", "ratioToWholeNetwork",
        "series", "§3.4 hybrid flat-tree: zone throughput / whole-network throughput", "global zone (% of Pods)",
        "ratio"));
    r.compare("§3.4", "zone throughput vs the corresponding whole network, largest deviation over 10%..90%",
        "the same", String.format(Locale.ROOT, "%.1f%%", 100 * worst), worst <= 0.05,
        "agrees if the largest deviation is at most 5%; k = " + k + " (paper: 30); global zone broadcast in "
            + broadcastCluster
            + "-server clusters, local zone all-to-all in 20-server clusters; approximation results carry ±"
            + (int) (100 * ThroughputExperiments.EPSILON) + "%. Broadcast λ is set by the hot server's switch;"
            + " a global Pod next to a local Pod keeps its facing 6-port converters off the side links (they take"
            + " 'local'), so some hot servers sit on other switches than in the whole global network, and a zone"
            + " alone may also borrow the idle other zone's links: read the 'both zones together' rows too");
  }
}
