package org.fabriclab.incast;

import static org.fabriclab.incast.IncastReproduction.line;

import java.util.List;
import java.util.Locale;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.table.Table;

/** The §VI sweeps of seed 004 (Fig. 5–8, Table I) for {@link IncastReproduction}. */
final class IncastFigures {
  private final ReproductionContext ctx;
  private final ReproductionReport.Builder b;
  private final IncastEvaluation eval;
  private final boolean quick;

  IncastFigures(ReproductionContext ctx, ReproductionReport.Builder b) {
    this.ctx = ctx;
    this.b = b;
    this.eval = new IncastEvaluation(ctx.seed());
    this.quick = ctx.quick();
  }

  void all() {
    fig5();
    table1();
    fig6();
    fig7();
    fig8();
  }

  private static Table.Builder metricsTable(String name, String x) {
    return Table.builder(name).longColumn(x).stringColumn("method").doubleColumn("traffic")
        .doubleColumn("links").doubleColumn("cacheServers").doubleColumn("receiverInput");
  }

  private static void rows(Table.Builder t, long x, IncastEvaluation.Mean[] ms) {
    for (IncastEvaluation.Mean m : ms) {
      t.row(x, m.method().cliName(), m.traffic(), m.links(), m.cacheServers(), m.receiverInput());
    }
  }

  /** Saving of method index {@code i} against the existing method (index 0), per point. */
  private static double saving(IncastEvaluation.Mean[] ms, int i) {
    return 1 - ms[i].traffic() / ms[0].traffic();
  }

  private void fig5() {
    int kMax = quick ? 5 : 9;
    int rounds = quick ? 3 : 30;
    Table.Builder t = metricsTable("fig5-bcube6-120-senders", "k");
    double[] save = new double[4];
    double[] cacheFirst = new double[4];
    double[] cacheLast = new double[4];
    double[] links = new double[4];
    double[] input = new double[4];
    ctx.progress().begin("Fig. 5 BCube(6,k)", kMax - 1);
    for (int k = 2; k <= kMax; k++) {
      IncastEvaluation.Mean[] ms = eval.random(new BCubeLabels(6, k), 120, rounds, 0, "fig5-k" + k);
      rows(t, k, ms);
      for (int i = 0; i < 4; i++) {
        links[i] += ms[i].links() / (kMax - 1);
        input[i] += ms[i].receiverInput() / (kMax - 1);
      }
      for (int i = 1; i < 4; i++) {
        save[i] += saving(ms, i) / (kMax - 1);
        if (k == 2) {
          cacheFirst[i] = ms[i].cacheServers();
        }
        cacheLast[i] = ms[i].cacheServers();
      }
      ctx.progress().advance(1);
    }
    ctx.progress().end();
    b.table(t.build());
    String tn = "fig5-bcube6-120-senders";
    b.plot(line("fig5a-traffic", tn, "k", "traffic", "Fig. 5(a) traffic, 120 senders, BCube(6,k)", "k", "traffic (MB)"));
    b.plot(line("fig5b-links", tn, "k", "links", "Fig. 5(b) active links", "k", "links"));
    b.plot(line("fig5c-cache-servers", tn, "k", "cacheServers", "Fig. 5(c) cache servers", "k", "servers"));
    b.plot(line("fig5d-receiver-input", tn, "k", "receiverInput", "Fig. 5(d) receiver input", "k", "MB"));
    String sizes = String.format(Locale.ROOT, "BCube(6,k), k=2..%d, 120 random senders, %d rounds", kMax, rounds);
    b.compare("Fig. 5(a)", "traffic saving of ARS vs existing", "39%", pct(save[2]),
        Math.abs(save[2] - 0.39) <= 0.05, sizes + "; ARS+intra saves " + pct(save[3]) + INTRA_NOTE);
    b.compare("Fig. 5(a)", "traffic saving of unicast-driven vs existing", "18%", pct(save[1]),
        Math.abs(save[1] - 0.18) <= 0.05, sizes + unicastNote());
    b.compare("Fig. 5(b)", "ARS uses fewer active links than unicast-driven (mean over k)", "fewer",
        fmt(links[2]) + " vs " + fmt(links[1]), links[2] < links[1], sizes);
    b.compare("Fig. 5(d)", "receiver input, ARS vs unicast-driven vs existing (MB, mean over k)",
        "ARS smallest", fmt(input[2]) + " vs " + fmt(input[1]) + " vs " + fmt(input[0]),
        input[2] < input[1] && input[1] <= input[0], sizes);
    b.compare("Fig. 5(c)", "ARS cache servers as k grows", "increase",
        fmt(cacheFirst[2]) + " → " + fmt(cacheLast[2]), cacheLast[2] > cacheFirst[2], sizes);
    b.compare("Fig. 5(c)", "unicast-driven cache servers as k grows", "decrease",
        fmt(cacheFirst[1]) + " → " + fmt(cacheLast[1]), cacheLast[1] < cacheFirst[1], sizes);
  }

  private static final String INTRA_NOTE =
      " (the paper does not say whether its evaluated ARS trees include the intra-stage step, nor "
          + "how many rounds Fig. 6 averages; savings grow with the sender count, see the table)";

  private static String unicastNote() {
    return "; our unicast-driven tree aggregates wherever a random shortest path reaches a server "
        + "already carrying the transfer (another sender or relay) and then follows it; the paper "
        + "does not say how its unicast paths were drawn nor where they may merge, so this "
        + "baseline's saving is a modelling choice";
  }

  private void table1() {
    ShuffleDelayModel model = new ShuffleDelayModel(1.0, 1.0);
    double[][] paper = {{15.2055, 2.6655}, {15.2073, 3.0473}, {15.2092, 3.1758}, {15.2110, 2.6710}, {15.2128, 3.3062}};
    Table.Builder t = Table.builder("table1-delay").longColumn("k").doubleColumn("existingMin")
        .doubleColumn("arsMin").doubleColumn("paperExistingMin").doubleColumn("paperArsMin");
    int rounds = quick ? 2 : 10;
    for (int k = 2; k <= 6; k++) {
      BCubeLabels L = new BCubeLabels(6, k);
      double ex = 0;
      double ars = 0;
      for (int round = 0; round < rounds; round++) {
        IncastTransfer tr = IncastTransfer.random(L, 120, new RandomStreams(ctx.seed()).stream("table1-k" + k, round));
        ex += model.totalSeconds(new ExistingMethod(round).build(tr), 0) / 60 / rounds;
        ars += model.totalSeconds(new ArsTreeBuilder().build(tr), 0) / 60 / rounds;
      }
      t.row((long) k, ex, ars, paper[k - 2][0], paper[k - 2][1]);
      double pr = paper[k - 2][0] / paper[k - 2][1];
      double ours = ex / ars;
      b.compare("Table I", "delay ratio existing / ARS, k=" + k, String.format(Locale.ROOT, "%.2f", pr),
          String.format(Locale.ROOT, "%.2f (%.2f vs %.2f min)", ours, ex, ars),
          Math.abs(ours / pr - 1) <= 0.3,
          "analytic model: 1 Gbps cables, store-and-forward aggregation, receiver reduce at 1 MB/s "
              + "(the testbed's Hadoop reduce rate is not given, so absolute minutes are not comparable); "
              + rounds + " rounds");
    }
    b.table(t.build());
  }

  private void fig6() {
    int[] ms = quick ? new int[] {100, 1000} : range(100, 4000, 100);
    int rounds = quick ? 1 : 5;
    BCubeLabels L = new BCubeLabels(8, 5);
    Table.Builder t = metricsTable("fig6-bcube8-5", "senders");
    double[] save = new double[4];
    ctx.progress().begin("Fig. 6 BCube(8,5)", ms.length);
    for (int m : ms) {
      IncastEvaluation.Mean[] r = eval.random(L, m, rounds, 0, "fig6-m" + m);
      rows(t, m, r);
      for (int i = 1; i < 4; i++) {
        save[i] += saving(r, i) / ms.length;
      }
      ctx.progress().advance(1);
    }
    ctx.progress().end();
    b.table(t.build());
    b.plot(line("fig6a-traffic", "fig6-bcube8-5", "senders", "traffic", "Fig. 6(a) traffic, BCube(8,5)", "senders", "traffic (MB)"));
    b.plot(line("fig6b-links", "fig6-bcube8-5", "senders", "links", "Fig. 6(b) active links, BCube(8,5)", "senders", "links"));
    String sizes = String.format(Locale.ROOT, "BCube(8,5) (262,144 servers), m=%d..%d (%d points), %d rounds each",
        ms[0], ms[ms.length - 1], ms.length, rounds);
    b.compare("Fig. 6(a)", "traffic saving of ARS vs existing", "59%", pct(save[2]),
        Math.abs(save[2] - 0.59) <= 0.05, sizes + "; ARS+intra saves " + pct(save[3]) + INTRA_NOTE);
    b.compare("Fig. 6(a)", "traffic saving of unicast-driven vs existing", "27%", pct(save[1]),
        Math.abs(save[1] - 0.27) <= 0.05, sizes + unicastNote());
  }

  private void fig7() {
    double[] alphas = quick ? new double[] {0, 0.5, 1} : new double[] {0, .1, .2, .3, .4, .5, .6, .7, .8, .9, 1};
    BCubeLabels L = new BCubeLabels(8, 5);
    int rounds = quick ? 1 : 5;
    for (int m : new int[] {500, 4000}) {
      String name = m == 500 ? "fig7a-alpha-500-senders" : "fig7b-alpha-4000-senders";
      Table.Builder t = Table.builder(name).longColumn("senders").doubleColumn("alpha")
          .stringColumn("method").doubleColumn("traffic");
      double save = 0;
      for (double a : alphas) {
        IncastEvaluation.Mean[] r = eval.random(L, m, rounds, a, "fig7-m" + m);
        for (IncastEvaluation.Mean x : r) {
          t.row((long) m, a, x.method().cliName(), x.traffic());
        }
        save += saving(r, 2) / alphas.length;
      }
      String paper = m == 500 ? "24%" : "40%";
      b.compare("Fig. 7", "ARS saving vs existing, α uniform on [0,1], " + m + " senders", paper, pct(save),
          Math.abs(save - Double.parseDouble(paper.replace("%", "")) / 100) <= 0.05,
          String.format(Locale.ROOT, "mean over α ∈ {%s}, BCube(8,5), %d rounds; the same sender "
              + "sets for every α", alphaList(alphas), rounds));
      b.table(t.build());
      b.plot(new org.fabriclab.experiment.PlotSpec(name, name,
          org.fabriclab.experiment.PlotSpec.Kind.LINE, "alpha", "traffic", "method",
          "Fig. 7(" + (m == 500 ? "a" : "b") + ") traffic vs aggregation ratio, " + m + " senders, BCube(8,5)",
          "α", "traffic (MB)"));
    }
  }

  private void fig8() {
    int[] rs = quick ? new int[] {1, 5, 10} : range(1, 30, 1);
    int m = 500;
    BCubeLabels L = new BCubeLabels(8, 5);
    Table.Builder tr = Table.builder("fig8a-shuffle-random").longColumn("receivers")
        .stringColumn("placement").stringColumn("method").doubleColumn("traffic");
    Table.Builder tm = Table.builder("fig8b-shuffle-managed").longColumn("receivers")
        .stringColumn("placement").stringColumn("method").doubleColumn("traffic");
    double saveRandom = 0;
    double saveManaged = 0;
    RandomStreams streams = new RandomStreams(ctx.seed());
    ctx.progress().begin("Fig. 8 shuffles", rs.length);
    for (int r : rs) {
      for (String placement : List.of("random", "managed")) {
        var rnd = streams.stream("fig8-" + placement, r);
        ShuffleTransfer s = placement.equals("random")
            ? ShuffleTransfer.random(L, m, r, rnd) : ShuffleTransfer.managed(L, m, r, rnd);
        IncastEvaluation.Mean[] x = eval.shuffles(List.of(s), 0);
        for (IncastEvaluation.Mean y : x) {
          (placement.equals("random") ? tr : tm).row((long) r, placement, y.method().cliName(), y.traffic());
        }
        if (placement.equals("random")) {
          saveRandom += saving(x, 2) / rs.length;
        } else {
          saveManaged += saving(x, 2) / rs.length;
        }
      }
      ctx.progress().advance(1);
    }
    ctx.progress().end();
    b.table(tr.build());
    b.table(tm.build());
    b.plot(new org.fabriclab.experiment.PlotSpec("fig8a-shuffle-random", "fig8a-shuffle-random",
        org.fabriclab.experiment.PlotSpec.Kind.LINE, "receivers", "traffic", "method",
        "Fig. 8(a) shuffle traffic, 500 senders, random placement, BCube(8,5)", "receivers", "traffic (MB)"));
    b.plot(new org.fabriclab.experiment.PlotSpec("fig8b-shuffle-managed", "fig8b-shuffle-managed",
        org.fabriclab.experiment.PlotSpec.Kind.LINE, "receivers", "traffic", "method",
        "Fig. 8(b) shuffle traffic, 500 senders, managed placement, BCube(8,5)", "receivers", "traffic (MB)"));
    String sizes = String.format(Locale.ROOT, "500 senders, receivers %d..%d, one shuffle each", rs[0], rs[rs.length - 1]);
    b.compare("Fig. 8(b)", "ARS saving vs existing, managed placement", "62%", pct(saveManaged),
        Math.abs(saveManaged - 0.62) <= 0.05, sizes + "; members in the smallest sub-BCube(8,k1) holding them");
    b.compare("Fig. 8(a)", "ARS saving vs existing, random placement", "24%", pct(saveRandom),
        Math.abs(saveRandom - 0.24) <= 0.05, sizes + "; members uniform over BCube(8,5). A random shuffle is r independent random "
            + "500-sender incasts, so its saving equals that of a single 500-sender incast (ours: "
            + "the Fig. 6 row m=500); the paper's own Fig. 6 (59% over 100–4000 senders) is hard to "
            + "reconcile with its 24% here");
  }

  private static int[] range(int from, int to, int step) {
    int[] r = new int[(to - from) / step + 1];
    for (int i = 0; i < r.length; i++) {
      r[i] = from + i * step;
    }
    return r;
  }

  private static String alphaList(double[] a) {
    StringBuilder sb = new StringBuilder();
    for (double x : a) {
      sb.append(sb.length() == 0 ? "" : ", ").append(fmt(x));
    }
    return sb.toString();
  }

  static String pct(double x) {
    return String.format(Locale.ROOT, "%.1f%%", 100 * x);
  }

  static String fmt(double x) {
    return x == Math.rint(x) ? Long.toString((long) x) : String.format(Locale.ROOT, "%.3g", x);
  }
}
