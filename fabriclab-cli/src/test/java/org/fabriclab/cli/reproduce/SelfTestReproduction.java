package org.fabriclab.cli.reproduce;

import org.fabriclab.experiment.PlotSpec;
import org.fabriclab.experiment.Reproduction;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.table.Table;

/** A tiny reproduction registered only on the test class path, to test the writer. */
public final class SelfTestReproduction implements Reproduction {
  @Override
  public String system() {
    return "selftest";
  }

  @Override
  public String paper() {
    return "Squares (test only), seed /tmp/some/folder/squares.txt";
  }

  @Override
  public ReproductionReport run(ReproductionContext ctx) {
    int n = ctx.quick() ? 4 : ctx.paperScale() ? 10 : 8;
    Table.Builder t = Table.builder("squares").longColumn("x").longColumn("square");
    for (int x = 1; x <= n; x++) {
      t.row(x, x * x);
    }
    return ReproductionReport.builder()
        .table(t.build())
        .plot(new PlotSpec("squares", "squares", PlotSpec.Kind.LINE, "x", "square", null,
            "Squares", "x", "x^2"))
        .compare("Eq. 1", "square of 3", "9", "9", "exact", true, "")
        .compare("Eq. 2", "square of 4", "15", "16", "", false, "the paper has a misprint")
        .modelInput("Eq. 3", "unit square", "1", "1", "taken from the paper")
        .theory("Eq. 4", "square of x", "x·x", "x·x", "the paper's formula")
        .compare(ctx.quick()
            ? org.fabriclab.experiment.Comparison.notRun("Eq. 5", "square of 8", "64", "full run only")
            : org.fabriclab.experiment.Comparison.measured("Eq. 5", "square of 8", "64", "64", "exact",
                true, ""))
        .note("A note.")
        .build();
  }
}
