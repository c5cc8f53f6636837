package org.fabriclab.incast;

import static org.fabriclab.incast.IncastReproduction.line;

import java.util.List;
import java.util.Locale;
import org.fabriclab.experiment.Comparison;
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
    grade("Fig. 5(a)", "traffic saving of ARS vs existing", "39%", pct(save[2]), PTS,
        Math.abs(save[2] - 0.39) <= 0.05, sizes + "; ARS+intra saves " + pct(save[3]) + INTRA_NOTE);
    grade("Fig. 5(a)", "traffic saving of unicast-driven vs existing", "18%", pct(save[1]), PTS,
        Math.abs(save[1] - 0.18) <= 0.05, sizes + unicastNote());
    grade("Fig. 5(b)", "ARS uses fewer active links than unicast-driven (mean over k)", "fewer",
        fmt(links[2]) + " vs " + fmt(links[1]), "strict order", links[2] < links[1], sizes);
    grade("Fig. 5(d)", "receiver input, ARS vs unicast-driven vs existing (MB, mean over k)",
        "ARS smallest", fmt(input[2]) + " vs " + fmt(input[1]) + " vs " + fmt(input[0]), "strict order",
        input[2] < input[1] && input[1] <= input[0], sizes);
    grade("Fig. 5(c)", "ARS cache servers as k grows", "increase",
        fmt(cacheFirst[2]) + " → " + fmt(cacheLast[2]), "direction, k=2 vs largest k", cacheLast[2] > cacheFirst[2], sizes);
    grade("Fig. 5(c)", "unicast-driven cache servers as k grows", "decrease",
        fmt(cacheFirst[1]) + " → " + fmt(cacheLast[1]), "direction, k=2 vs largest k", cacheLast[1] < cacheFirst[1], sizes);
  }

  /** Tolerance of every saving compared with the paper's. */
  private static final String PTS = "±5 points";

  /** α grid of Fig. 7 and of the α-uniform reading of Fig. 8 (starts at 0). */
  private static final double[] FIG8_ALPHAS = {0, .1, .2, .3, .4, .5, .6, .7, .8, .9, 1};

  private static final String INTRA_NOTE =
      " (the paper does not say whether its evaluated ARS trees include the intra-stage step, nor "
          + "how many rounds Fig. 6 averages; savings grow with the sender count, see the table)";

  private static String unicastNote() {
    return "; our unicast-driven tree aggregates wherever a random shortest path reaches a server "
        + "already carrying the transfer (another sender or relay) and then follows it; the paper "
        + "does not say how its unicast paths were drawn nor where they may merge, so this "
        + "baseline's saving is a modelling choice";
  }

  /**
   * Table I (seed 004 §VI-B): the delay model has one free parameter, the Hadoop reduce rate R
   * (MB/s), used by the receiver and — hypothesis — by every in-network aggregating server; cables
   * are the testbed's 1 Gbps NICs (§VI-A, a model input). R is solved on ONE published cell (the
   * existing method at k = 2); every other cell is a prediction.
   */
  private void table1() {
    double[][] paper = {{15.2055, 2.6655}, {15.2073, 3.0473}, {15.2092, 3.1758}, {15.2110, 2.6710}, {15.2128, 3.3062}};
    int rounds = quick ? 2 : 10;
    IncastTree[][] ex = new IncastTree[5][rounds];
    IncastTree[][] ars = new IncastTree[5][rounds];
    for (int k = 2; k <= 6; k++) {
      BCubeLabels L = new BCubeLabels(6, k);
      for (int round = 0; round < rounds; round++) {
        IncastTransfer tr = IncastTransfer.random(L, 120, new RandomStreams(ctx.seed()).stream("table1-k" + k, round));
        ex[k - 2][round] = new ExistingMethod(round).build(tr);
        ars[k - 2][round] = new ArsTreeBuilder().build(tr);
      }
    }
    // bisection on log R: the model's existing-method delay falls as R grows
    double lo = Math.log(1e-4);
    double hi = Math.log(1e4);
    for (int i = 0; i < 200; i++) {
      double mid = (lo + hi) / 2;
      double r = Math.exp(mid);
      if (minutes(new ShuffleDelayModel(1.0, r, r), ex[0]) > paper[0][0]) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    double rate = Math.exp((lo + hi) / 2);
    ShuffleDelayModel charged = new ShuffleDelayModel(1.0, rate, rate);
    ShuffleDelayModel free = new ShuffleDelayModel(1.0, rate);
    Table.Builder t = Table.builder("table1-delay").longColumn("k").doubleColumn("existingMin")
        .doubleColumn("arsMin").doubleColumn("arsFreeAggregationMin").doubleColumn("paperExistingMin")
        .doubleColumn("paperArsMin");
    String how = String.format(Locale.ROOT, "1 Gbps cables, store-and-forward; reduce rate R = %.4f MB/s "
        + "solved on the existing method at k=2; every aggregating server processes its input at R "
        + "too; %d rounds", rate, rounds);
    String tol = "±20% (the testbed's ARS cells vary ±12% around their mean)";
    double[] ratioFree = new double[5];
    double[] ratioCharged = new double[5];
    for (int k = 2; k <= 6; k++) {
      double e = minutes(charged, ex[k - 2]);
      double a = minutes(charged, ars[k - 2]);
      double af = minutes(free, ars[k - 2]);
      ratioFree[k - 2] = e / af;
      ratioCharged[k - 2] = e / a;
      t.row((long) k, e, a, af, paper[k - 2][0], paper[k - 2][1]);
      String cell = String.format(Locale.ROOT, "%.4f min", e);
      if (k == 2) {
        b.modelInput("Table I", "existing method delay, k=2 (the calibration cell)",
            String.format(Locale.ROOT, "%.4f min", paper[0][0]), cell, how);
      } else {
        // the existing method's delay is its receiver input at the rate solved on the k = 2 cell:
        // it follows from that input, so it is shown beside the paper and never counted
        b.compareAs(Comparison.Kind.DERIVED_FROM_INPUT, "Table I", "existing method delay, k=" + k
            + " (follows from the k=2 calibration)", String.format(Locale.ROOT, "%.4f min", paper[k - 2][0]), cell,
            tol, Math.abs(e / paper[k - 2][0] - 1) <= 0.2, "DERIVED FROM AN INPUT, not counted: 120 MB of receiver"
                + " input at the rate solved on the k=2 cell, plus under a second of transfer. " + how);
      }
      grade("Table I", "ARS delay, k=" + k + " (predicted)", String.format(Locale.ROOT, "%.4f min", paper[k - 2][1]),
          String.format(Locale.ROOT, "%.2f min (%.2f if aggregation were free)", a, af), tol,
          Math.abs(a / paper[k - 2][1] - 1) <= 0.2, how);
      double pr = paper[k - 2][0] / paper[k - 2][1];
      grade("Table I", "delay ratio existing / ARS, k=" + k + " (predicted)", String.format(Locale.ROOT, "%.2f", pr),
          String.format(Locale.ROOT, "%.2f (%.2f if aggregation were free)", e / a, e / af), tol,
          Math.abs(e / a / pr - 1) <= 0.2, how);
    }
    b.table(t.build());
    b.note(String.format(Locale.ROOT, "Table I calibration: the model's only free "
        + "parameter, the reduce rate R, is solved on one cell (existing method, k = 2: %.4f min → "
        + "R = %.4f MB/s); cables are the testbed's 1 Gbps NICs (a model input). Everything else is "
        + "predicted. The existing method's delay is its 120 MB receiver input at R plus under a "
        + "second of transfer; the paper's grows by about 0.11 s per k (15.2055 → 15.2128 min), ours "
        + "falls by a tenth of a second (more receiver cables share the 120 MB): a per-hop delay of "
        + "the longer paths, negligible either way. Ratio gap: if in-network aggregation were free, "
        + "ARS would only wait for its receiver input (about a tenth of the existing method's) and "
        + "the ratio would be %.1f–%.1f against the paper's 4.6–5.7. Charging every aggregating "
        + "server its whole input at the same rate R before it forwards (the combiner work at the "
        + "cache servers of §III-C, store-and-forward along the critical path) gives %.1f–%.1f: the "
        + "paper's ARS delays are receiver input plus aggregation work inside the tree, not link "
        + "delay.", paper[0][0], rate,
        java.util.Arrays.stream(ratioFree).min().orElse(0), java.util.Arrays.stream(ratioFree).max().orElse(0),
        java.util.Arrays.stream(ratioCharged).min().orElse(0), java.util.Arrays.stream(ratioCharged).max().orElse(0)));
  }

  private static double minutes(ShuffleDelayModel model, IncastTree[] trees) {
    double s = 0;
    for (IncastTree tree : trees) {
      s += model.totalSeconds(tree, 0) / 60 / trees.length;
    }
    return s;
  }

  /** A graded row, or "not run" in the quick variant (its smaller sweeps are not the paper's). */
  private void grade(String item, String metric, String paper, String measured, String tolerance,
      boolean agrees, String note) {
    if (quick) {
      b.notRun(item, metric, paper, "the quick variant runs a smaller sweep (its value: " + measured
          + "); run without --quick to grade it");
    } else {
      b.compare(item, metric, paper, measured, tolerance, agrees, note);
    }
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
    grade("Fig. 6(a)", "traffic saving of ARS vs existing", "59%", pct(save[2]), PTS,
        Math.abs(save[2] - 0.59) <= 0.05, sizes + "; ARS+intra saves " + pct(save[3]) + INTRA_NOTE);
    grade("Fig. 6(a)", "traffic saving of unicast-driven vs existing", "27%", pct(save[1]), PTS,
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
      IncastEvaluation.Mean[][] perAlpha =
          eval.random(L, m, rounds, alphas, "fig7-m" + m, MemberPlacement.WHOLE);
      for (int ai = 0; ai < alphas.length; ai++) {
        double a = alphas[ai];
        IncastEvaluation.Mean[] r = perAlpha[ai];
        for (IncastEvaluation.Mean x : r) {
          t.row((long) m, a, x.method().cliName(), x.traffic());
        }
        save += saving(r, 2) / alphas.length;
      }
      String paper = m == 500 ? "24%" : "40%";
      grade("Fig. 7", "ARS saving vs existing, α uniform on [0,1], " + m + " senders", paper, pct(save), PTS,
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
    double uniformRandom = 0;
    double uniformManaged = 0;
    RandomStreams streams = new RandomStreams(ctx.seed());
    ctx.progress().begin("Fig. 8 shuffles", rs.length);
    for (int r : rs) {
      for (String placement : List.of("random", "managed")) {
        var rnd = streams.stream("fig8-" + placement, r);
        ShuffleTransfer s = placement.equals("random")
            ? ShuffleTransfer.random(L, m, r, rnd) : ShuffleTransfer.managed(L, m, r, rnd);
        IncastEvaluation.Mean[][] all = eval.shuffles(List.of(s), FIG8_ALPHAS);
        IncastEvaluation.Mean[] x = all[0];
        for (IncastEvaluation.Mean y : x) {
          (placement.equals("random") ? tr : tm).row((long) r, placement, y.method().cliName(), y.traffic());
        }
        double uniform = 0;
        for (IncastEvaluation.Mean[] y : all) {
          uniform += saving(y, 2) / all.length / rs.length;
        }
        if (placement.equals("random")) {
          saveRandom += saving(x, 2) / rs.length;
          uniformRandom += uniform;
        } else {
          saveManaged += saving(x, 2) / rs.length;
          uniformManaged += uniform;
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
    grade("Fig. 8(b)", "ARS saving vs existing, managed placement, α = 0", "62%", pct(saveManaged), PTS,
        Math.abs(saveManaged - 0.62) <= 0.05, sizes + "; members in the smallest sub-BCube(8,k1) holding them");
    grade("Fig. 8(a)", "ARS saving vs existing, random placement, α = 0", "24%", pct(saveRandom), PTS,
        Math.abs(saveRandom - 0.24) <= 0.05, sizes + "; members uniform over BCube(8,5). A random shuffle is r independent random "
            + "500-sender incasts, so its saving equals that of a single 500-sender incast (ours: "
            + "the Fig. 6 row m=500); the paper's own Fig. 6 (59% over 100–4000 senders) is hard to "
            + "reconcile with its 24% here");
    grade("Fig. 8(b)", "ARS saving vs existing, managed placement, α uniform on [0,1]", "62%",
        pct(uniformManaged), PTS, Math.abs(uniformManaged - 0.62) <= 0.05, sizes + "; the paper does "
            + "not state Fig. 8's α: this is the α-uniform reading of Fig. 7");
    grade("Fig. 8(a)", "ARS saving vs existing, random placement, α uniform on [0,1]", "24%",
        pct(uniformRandom), PTS, Math.abs(uniformRandom - 0.24) <= 0.05, sizes + "; the α-uniform "
            + "reading: the paper's 24% equals its own Fig. 7(a) value (500 senders, α uniform)");
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
