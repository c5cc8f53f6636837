package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.experiment.Comparison;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.progress.Progress;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;
import org.junit.jupiter.api.Test;

/** The Fig. 15/16 table's rows as pandas reads them. */
class ShoalPoissonFigureTest {
  @Test
  void unmeasuredMaximaAreEmptyCellsNotSentinels() {
    Table.Builder t = ShoalPoissonFigure.poissonTable("t");
    ShoalPoissonFigure.row(t, new ShoalExperiments.PoissonPoint(0.5, 10, 3.5, 2.0, 40.0, -1, -1, 100, 7, -1),
        "dctcp");
    ShoalPoissonFigure.row(t, new ShoalExperiments.PoissonPoint(0.5, 10, 3.5, 2.0, 40.0, 0, 12, 100, 7, 0), "shoal");
    String[] lines = TableWriter.csv(t.build()).split("\n");
    assertThat(lines[1]).isEqualTo("dctcp,0.5,10,3.5,2.0,40.0,,,");
    // a measured zero stays a zero
    assertThat(lines[2]).isEqualTo("shoal,0.5,10,3.5,2.0,40.0,0,12,0");
    assertThat(TableWriter.json(t.build())).contains("\"maxQueueCells\" : null");
  }

  @Test
  void stopRuleEndsEveryRunAtItsOwnCountAndTheWhatIfAtItsCap() {
    // quick context: one load (0.5); 600 completions per run under §7.3's stop rule, the
    // torus-multipath what-if capped at 300, beside a Shoal run on the same 300-completion sample
    ReproductionContext ctx = new ReproductionContext(true, 1, 1, Progress.NONE);
    ReproductionReport.Builder b = ReproductionReport.builder();
    new ShoalPoissonFigure(ctx, b, ShoalConfig.rack512()).run(600, true, 300);
    ReproductionReport r = b.build();
    Table t = r.table("fig15-16-poisson");
    int seen = 0;
    for (int row = 0; row < t.rowCount(); row++) {
      String c = t.getString(row, "case");
      long done = t.getLong(row, "completed");
      if (c.equals("torus-multipath") || c.equals("shoal (what-if sample)")) {
        assertThat(done).as(c).isEqualTo(300);
      } else if (c.equals("shoal")) {
        // the slot engine stops after the slot of the 600th completion: a few more may end in it
        assertThat(done).as(c).isBetween(600L, 610L);
      } else {
        assertThat(done).as(c).isEqualTo(600);
      }
      seen++;
    }
    assertThat(seen).isEqualTo(7); // Shoal + 4 baselines, the what-if and its Shoal sample
    Comparison whatIf = r.comparisons().stream().filter(c -> c.item().equals("Fig. 15(b) what-if")
        && c.metric().contains("torus-multipath")).findFirst().orElseThrow();
    assertThat(whatIf.note()).contains("run at 300 completions per load");
  }
}
