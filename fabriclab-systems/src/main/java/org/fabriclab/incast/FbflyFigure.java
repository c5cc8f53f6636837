package org.fabriclab.incast;

import java.util.Locale;
import java.util.SplittableRandom;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.table.Table;

/**
 * §V-C of seed 004 for {@link IncastReproduction}: the same builders at switch level on a
 * flattened butterfly and a HyperX (the paper gives no numbers for them; reported for reference).
 */
final class FbflyFigure {
  private FbflyFigure() {}

  static void run(ReproductionContext ctx, ReproductionReport.Builder b) {
    int rounds = ctx.quick() ? 2 : 20;
    Table.Builder t = Table.builder("fbfly-hyperx").stringColumn("fabric").longColumn("senders")
        .stringColumn("method").doubleColumn("traffic").doubleColumn("links").doubleColumn("aggregatingSwitches");
    Object[][] fabrics = {
      {"FBFLY 8-ary 4-flat, c=8 (4096 servers)", HyperXIncast.flattenedButterfly(8, 4, 8)},
      {"HyperX 4x6x8, T=4 (768 servers)", new HyperXIncast(new int[] {4, 6, 8}, 4)},
    };
    IncastMethod[] methods = {IncastMethod.EXISTING, IncastMethod.UNICAST, IncastMethod.ARS, IncastMethod.ARS_INTRA};
    RandomStreams rs = new RandomStreams(ctx.seed());
    for (Object[] f : fabrics) {
      HyperXIncast h = (HyperXIncast) f[1];
      int m = 120;
      double[][] acc = new double[methods.length][3];
      for (int round = 0; round < rounds; round++) {
        SplittableRandom rnd = rs.stream("fbfly-" + f[0], round);
        int r = rnd.nextInt(h.serverCount());
        int[] s = IncastTransfer.randomOthers(h.serverCount(), m, r, rnd);
        for (int i = 0; i < methods.length; i++) {
          HyperXIncast.Result x = h.build(r, s, methods[i], round, 0);
          acc[i][0] += x.cost() / rounds;
          acc[i][1] += (double) x.links() / rounds;
          acc[i][2] += (double) x.aggregatingSwitches().length / rounds;
        }
      }
      for (int i = 0; i < methods.length; i++) {
        t.row(f[0], (long) m, methods[i].cliName(), acc[i][0], acc[i][1], acc[i][2]);
      }
      b.withoutPaperValue("§V-C", "switch-level ARS saving vs existing, " + f[0] + ", 120 senders",
          String.format(Locale.ROOT, "%.1f%%", 100 * (1 - acc[2][0] / acc[0][0])),
          rounds + " random transfers; agents = the members' switches; the paper gives no FBFLY numbers");
    }
    b.table(t.build());
  }
}
