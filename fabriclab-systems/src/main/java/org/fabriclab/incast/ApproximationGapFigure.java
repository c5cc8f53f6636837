package org.fabriclab.incast;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.table.Table;

/**
 * The approximation gap of the heuristics of seed 004 §IV against the exact incast minimal tree
 * (Def. 1, α = 0) on small BCubes, for {@link IncastReproduction}. Not in the paper.
 */
final class ApproximationGapFigure {
  private ApproximationGapFigure() {}

  static void run(ReproductionContext ctx, ReproductionReport.Builder b) {
    int rounds = ctx.quick() ? 10 : 100;
    Table.Builder t = Table.builder("approximation-gap").stringColumn("instance").stringColumn("method")
        .doubleColumn("meanCostOverExact").doubleColumn("worstCostOverExact").doubleColumn("shareOptimal");
    RandomStreams rs = new RandomStreams(ctx.seed());
    Object[][] instances = {{"BCube(4,1), 6 senders", new BCubeLabels(4, 1), 6},
        {"BCube(3,2), 8 senders", new BCubeLabels(3, 2), 8}, {"BCube(4,2), 10 senders", new BCubeLabels(4, 2), 10}};
    List<IncastMethod> methods = List.of(IncastMethod.EXISTING, IncastMethod.UNICAST, IncastMethod.ARS,
        IncastMethod.ARS_INTRA, IncastMethod.BEST_RS);
    for (Object[] in : instances) {
      BCubeLabels L = (BCubeLabels) in[1];
      int m = (Integer) in[2];
      double[] mean = new double[methods.size()];
      double[] worst = new double[methods.size()];
      double[] optimal = new double[methods.size()];
      for (int round = 0; round < rounds; round++) {
        SplittableRandom rnd = rs.stream("gap-" + in[0], round);
        IncastTransfer tr = IncastTransfer.random(L, m, rnd);
        double exact = new ExactIncastTreeBuilder().build(tr).metrics(0).cost();
        for (int i = 0; i < methods.size(); i++) {
          double c = methods.get(i).builder(null, L.dims(), round, 0).build(tr).metrics(0).cost() / exact;
          mean[i] += c / rounds;
          worst[i] = Math.max(worst[i], c);
          optimal[i] += (c == 1.0 ? 1.0 : 0.0) / rounds;
        }
      }
      for (int i = 0; i < methods.size(); i++) {
        t.row(in[0], methods.get(i).cliName(), mean[i], worst[i], optimal[i]);
      }
      b.withoutPaperValue("§IV (not in the paper)", "ARS cost / exact minimum, " + in[0],
          String.format(Locale.ROOT, "%.3f mean, %.3f worst", mean[2], worst[2]),
          rounds + " random transfers; ARS+intra " + String.format(Locale.ROOT, "%.3f", mean[3])
              + ", best RS " + String.format(Locale.ROOT, "%.3f", mean[4])
              + "; the exact tree may leave shortest paths (Def. 1 allows any subgraph)");
    }
    b.table(t.build());
  }
}
