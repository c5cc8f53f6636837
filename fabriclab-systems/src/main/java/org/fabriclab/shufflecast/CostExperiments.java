package org.fabriclab.shufflecast;

import static org.fabriclab.shufflecast.RoutingExperiments.fmt;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.experiment.Comparison;
import org.fabriclab.experiment.PlotSpec;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.table.Table;
import org.fabriclab.topology.mltree.MinimalLayerTree;

/** §II-B Fig. 1, §VI-A(a)(b)(c) Fig. 6(b)(c), Table I (seed 000). */
final class CostExperiments {
  private CostExperiments() {}

  static final int SWITCH_PORTS = 32;

  /** ToR counts k·p^k in 50..1024 with 2 ≤ p ≤ 8, smallest k (§VI-A(a)). */
  static List<int[]> scan() {
    List<int[]> out = new ArrayList<>();
    for (int tors = 50; tors <= 1024; tors++) {
      int[] pk = PowerCostModel.instanceFor(tors, 8);
      if (pk != null) {
        out.add(new int[] {tors, pk[0], pk[1]});
      }
    }
    return out;
  }

  static void run(ReproductionReport.Builder rep) {
    PowerCostModel m = new PowerCostModel(ComponentCatalog.tableI());
    excess(rep);
    eightTors(m, rep);
    Table.Builder power = Table.builder("fig6b_power").longColumn("tors").stringColumn("instance")
        .longColumn("portsOverlay").longColumn("portsIp").longColumn("portsShufflecast")
        .doubleColumn("improvementVsOverlay").doubleColumn("improvementVsIp").stringColumn("series");
    Table.Builder cost = Table.builder("fig6c_cost").longColumn("tors").stringColumn("instance")
        .longColumn("rateGbps").doubleColumn("costIpUsd").doubleColumn("costShufflecastUsd")
        .doubleColumn("improvement").stringColumn("series");
    Table.Builder lat = Table.builder("latency").longColumn("tors").stringColumn("instance")
        .doubleColumn("shufflecastUs").doubleColumn("ipMulticastUs").doubleColumn("differenceHops");
    double[] ov = {Double.MAX_VALUE, 0, Double.MAX_VALUE, 0};
    double[] ip = {Double.MAX_VALUE, 0};
    double[] cs = {Double.MAX_VALUE, 0};
    List<String> lowerK3 = new ArrayList<>();
    List<String> notLowerK3 = new ArrayList<>();
    List<String> k4 = new ArrayList<>();
    for (int[] e : scan()) {
      int tors = e[0];
      int p = e[1];
      int k = e[2];
      String inst = p + "," + k;
      PowerCostModel.Tree o = m.overlay(tors, 10);
      PowerCostModel.Tree i = m.ipMulticast(tors, SWITCH_PORTS, 10);
      PowerCostModel.Tree s = m.shufflecast(p, k, 10);
      double vo = o.powerW() / s.powerW();
      double vi = i.powerW() / s.powerW();
      power.row(tors, inst, o.activePorts(), i.activePorts(), s.activePorts(), vo, vi, p == 2 ? "p=2" : "p>=3");
      if (p >= 3) {
        ov[0] = Math.min(ov[0], vo);
        ov[1] = Math.max(ov[1], vo);
        ip[0] = Math.min(ip[0], vi);
        ip[1] = Math.max(ip[1], vi);
      }
      ov[2] = Math.min(ov[2], vo);
      ov[3] = Math.max(ov[3], vo);
      for (int rate : m.catalog().rates()) {
        double c = m.ipMulticast(tors, SWITCH_PORTS, rate).capitalCostUsd()
            / m.shufflecast(p, k, rate).capitalCostUsd();
        cost.row(tors, inst, rate, m.ipMulticast(tors, SWITCH_PORTS, rate).capitalCostUsd(),
            m.shufflecast(p, k, rate).capitalCostUsd(), c, rate + " Gbps");
        if (p >= 3) {
          cs[0] = Math.min(cs[0], c);
          cs[1] = Math.max(cs[1], c);
        }
      }
      double hs = PowerCostModel.shufflecastAverageHops(p, k);
      double hi = PowerCostModel.ipMulticastAverageHops(tors, SWITCH_PORTS);
      lat.row(tors, inst, hs * PowerCostModel.HOP_LATENCY_US, hi * PowerCostModel.HOP_LATENCY_US, hs - hi);
      if (p >= 3 && k <= 3) {
        (hs < hi ? lowerK3 : notLowerK3).add(tors + " (" + inst + ") " + String.format(java.util.Locale.ROOT, "%+.2f", hs - hi));
      } else if (p >= 3 && k == 4) {
        k4.add(tors + " (" + inst + ") " + String.format(java.util.Locale.ROOT, "%+.2f", hs - hi));
      }
    }
    rep.table(power.build()).table(cost.build()).table(lat.build());
    String note = "ToR counts k·p^k in 50..1024 with 3 ≤ p ≤ 8 (smallest k), 32-port switches in the IP"
        + " core; p = 2 instances (64, 160, 384, 896 ToRs) are listed in the table but left out of the"
        + " range: with p = 2 the ratio vs the overlay is 2p/(p+1) = 1.33, below the paper's lower end,"
        + " so the paper's scan cannot have included them";
    rep.compareAs(Comparison.Kind.THEORY, "Fig. 6(b)", "power improvement vs peer-to-peer overlay", "1.5–1.77×",
        fmt(ov[0]) + "–" + fmt(ov[1]) + "×", "±0.011 at each end", near(ov[0], 1.5) && near(ov[1], 1.77), note
            + "; with them: " + fmt(ov[2]) + "–" + fmt(ov[3]) + "×");
    rep.compareAs(Comparison.Kind.THEORY, "Fig. 6(b)", "power improvement vs IP multicast (minimal-layer core)", "1.55–1.85×",
        fmt(ip[0]) + "–" + fmt(ip[1]) + "×", "±0.011 at each end", near(ip[0], 1.55) && near(ip[1], 1.85), note);
    rep.compareAs(Comparison.Kind.THEORY, "Fig. 6(c)", "capital-cost improvement vs IP multicast, 10/25/100 Gbps", "1.57–1.89×",
        fmt(cs[0]) + "–" + fmt(cs[1]) + "×", "±0.011 at each end", near(cs[0], 1.57) && near(cs[1], 1.89), note
            + "; fibre counted per active IP-multicast port and per splitter output");
    rep.compare("§VI-A(a)", "average one-to-all latency, k ≤ 3 (3 ≤ p ≤ 8), Shufflecast minus IP multicast",
        "lower", "lower at " + lowerK3.size() + " of " + (lowerK3.size() + notLowerK3.size())
            + " ToR counts" + (notLowerK3.isEmpty() ? "" : "; not at " + notLowerK3 + " hops"),
        "sign at every ToR count", notLowerK3.isEmpty(), "1.505 µs per hop; IP multicast goes up to the lowest common ancestor"
            + " in the minimal-layer tree of 32-port switches and down; see latency.csv");
    rep.compare("§VI-A(a)", "average one-to-all latency, k = 4 (3 ≤ p ≤ 8), Shufflecast minus IP multicast",
        "about one hop higher", k4 + " hops", "+1.0 to +1.99 hops", k4.stream().allMatch(x -> x.contains("+1.")), "");
    latency81(rep);
    double lo = m.perTorCostUsd(4, 10);
    double hi = m.perTorCostUsd(4, 100);
    rep.compareAs(Comparison.Kind.THEORY, "§VI-A(c)", "capital cost per ToR, 4,4-Shufflecast, 100 m fibre", "≈ 487–1867 USD",
        fmt(lo) + "–" + fmt(hi) + " USD", "±1%", Math.abs(lo - 487) / 487 < 0.01 && Math.abs(hi - 1867) / 1867 < 0.01,
        "1:4 splitter + 4 × (switch port + transceiver + 37.37 USD fibre), Table I; within 0.4% of the"
            + " paper's rounded values");
    rep.plot(new PlotSpec("fig6b", "fig6b_power", PlotSpec.Kind.LINE, "tors", "improvementVsIp", "series",
        "Fig. 6(b) power improvement vs IP multicast", "ToRs", "IP multicast / Shufflecast power"));
    rep.plot(new PlotSpec("fig6b_overlay", "fig6b_power", PlotSpec.Kind.LINE, "tors", "improvementVsOverlay",
        "series", "Fig. 6(b) power improvement vs overlay", "ToRs", "overlay / Shufflecast power"));
    rep.plot(new PlotSpec("fig6c", "fig6c_cost", PlotSpec.Kind.LINE, "tors", "improvement", "series",
        "Fig. 6(c) capital-cost improvement vs IP multicast", "ToRs", "IP multicast / Shufflecast cost"));
    rep.plot(new PlotSpec("latency", "latency", PlotSpec.Kind.LINE, "tors", "shufflecastUs", null,
        "§VI-A(a) average one-to-all latency of Shufflecast", "ToRs", "µs"));
  }

  /**
   * Why 3,3-Shufflecast (81 ToRs) is not below IP multicast. Shufflecast's
   * average is exact (rules followed hop by hop); the IP tree of 32-port switches has only three
   * leaf switches for 81 ToRs, so a third of the ToR pairs meet at their leaf (2 hops) and the rest
   * at the root (4 hops). Filling the leaves evenly (27 each) instead of in order changes that by a
   * few hundredths of a hop, so no tree shape of 32-port switches reaches Shufflecast's average.
   */
  private static void latency81(ReproductionReport.Builder rep) {
    double hs = PowerCostModel.shufflecastAverageHops(3, 3);
    double inOrder = PowerCostModel.ipMulticastAverageHops(81, SWITCH_PORTS);
    // balanced two-layer tree: 3 leaves of 27 ToRs; pairs under one leaf take 2 hops, others 4
    double sameLeaf = 3.0 * 27 * 26 / (81.0 * 80);
    double balanced = 2 * sameLeaf + 4 * (1 - sameLeaf);
    int[] h = new ShufflecastRouting(new ShufflecastTopology(3, 3)).hops(0);
    int[] dist = new int[8];
    for (int x : h) {
      dist[x]++;
    }
    rep.note(String.format(java.util.Locale.ROOT, "§VI-A(a), 81 ToRs, explained, "
        + "not fixed: 3,3-Shufflecast reaches the other 80 ToRs of source 0 in 1, 2, …, 5 hops "
        + "(%d, %d, %d, %d, %d ToRs), average %.3f hops, following the installed rules. IP multicast "
        + "over 32-port switches needs only three leaf switches for 81 ToRs (31, 31, 19 in the "
        + "minimal-layer tree), so %.0f%% of the ToR pairs meet at their leaf in 2 hops and the rest "
        + "at the root in 4: average %.3f hops (%.3f with evenly filled leaves of 27). Shufflecast "
        + "is %+.2f hops (%+.2f µs) behind at this one size: the splitter tree of p = 3 needs 2k − 1 "
        + "= 5 hops for its last ToRs while a 2-layer IP tree never exceeds 4. The other k = 3 sizes "
        + "(192, 375, 648 ToRs) and all k = 2 sizes are lower, as the paper says; its claim reads "
        + "'k ≪ 3' in our copy, which 'k < 3' would satisfy at every size.",
        dist[1], dist[2], dist[3], dist[4], dist[5], hs, 100 * 2 * 31.0 * 30 / (81 * 80) + 100 * 19.0 * 18 / (81 * 80),
        inOrder, balanced, hs - inOrder, (hs - inOrder) * PowerCostModel.HOP_LATENCY_US));
  }

  private static boolean near(double v, double paper) {
    return Math.abs(v - paper) <= 0.011;
  }

  private static void excess(ReproductionReport.Builder rep) {
    Table.Builder t = Table.builder("excess_resource").longColumn("tors").longColumn("ports")
        .longColumn("treeSwitchPorts").doubleColumn("excessPercent");
    long[][] cases = {{8, 4}, {192, 32}};
    String[] paper = {"175%", "107%"};
    for (int i = 0; i < cases.length; i++) {
      long extra = MinimalLayerTree.treeSwitchPorts((int) cases[i][0], (int) cases[i][1]);
      double pct = 100.0 * extra / cases[i][0];
      t.row(cases[i][0], cases[i][1], extra, pct);
      rep.compareAs(Comparison.Kind.DESIGN_CHECK, i == 0 ? "§II-B Fig. 1" : "§II-B", "excess resource usage, " + cases[i][0] + " "
          + cases[i][1] + "-port ToRs", paper[i], Math.round(pct) + "% (" + extra + " ports)", "exact, rounded to whole %",
          (Math.round(pct) + "%").equals(paper[i]), "minimal-layer tree of identical switches");
    }
    rep.table(t.build());
  }

  private static void eightTors(PowerCostModel m, ReproductionReport.Builder rep) {
    long o = m.overlay(8, 10).activePorts();
    long i = m.ipMulticast(8, 4, 10).activePorts();
    long s = m.shufflecast(2, 2, 10).activePorts();
    String got = o + " / " + i + " / " + s;
    rep.compareAs(Comparison.Kind.DESIGN_CHECK, "§VI-A(b)", "active ports (= transceivers), 8 4-port ToRs: overlay / IP / Shufflecast",
        "16 / 22 / 12", got, "exact", got.equals("16 / 22 / 12"), "2,2-Shufflecast");
  }
}
