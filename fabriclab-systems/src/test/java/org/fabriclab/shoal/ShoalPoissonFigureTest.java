package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.experiment.Comparison;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.progress.Progress;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
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

  /**
   * §7.3's stop rule ("each simulation ends when one million flows have completed"), checked
   * against a run of the same flows to the end: the stopped run keeps exactly the earliest
   * completions of the full run, at the same instants, and nothing else finished. A completion is
   * the instant the engine counts: the reported end less {@code afterPs[f]} (the torus adds a
   * store-and-forward per hop after the fluid completion; 0 elsewhere). The packet engine stops
   * at the {@code n}-th completion; the slot engine after the slot that holds it, so flows that end
   * later in that slot finish too ({@code slackPs}). Returns the finished count, counted here.
   */
  static int checkStopRule(String what, ShoalFlows stopped, ShoalFlows full, int n, long slackPs, long[] afterPs) {
    long[] ends = new long[full.size()];
    for (int f = 0; f < full.size(); f++) {
      assertThat(full.endPs(f)).as(what + ": full run, flow " + f).isNotNegative();
      ends[f] = full.endPs(f) - afterPs[f];
    }
    Arrays.sort(ends);
    long cut = ends[n - 1];
    int finished = 0;
    for (int f = 0; f < full.size(); f++) {
      long end = stopped.endPs(f);
      if (full.endPs(f) - afterPs[f] <= cut) {
        assertThat(end).as(what + ": flow " + f + " completes before the n-th").isEqualTo(full.endPs(f));
      }
      if (end >= 0) {
        finished++;
        assertThat(end).as(what + ": flow " + f).isEqualTo(full.endPs(f));
        assertThat(end - afterPs[f]).as(what + ": flow " + f).isLessThan(cut + slackPs);
      }
    }
    return finished;
  }

  /**
   * The figure's quick run (one load, 0.5; 630 = ceil(1.05 · 600) drawn flows) under the stop rule
   * at 600 completions, the torus-multipath what-if capped at 300 beside a Shoal run on the same
   * 300-completion sample. The completion counts in the table are those counted here on runs of
   * the same flows, whose stop instants are checked against full runs ({@link #checkStopRule}) for
   * Shoal, DCTCP and the torus.
   */
  @Test
  void stopRuleEndsEveryRunAtItsOwnCountAndTheWhatIfAtItsCap() {
    ShoalConfig rack = ShoalConfig.rack512();
    ReproductionContext ctx = new ReproductionContext(true, 1, 1, Progress.NONE);
    ReproductionReport.Builder b = ReproductionReport.builder();
    new ShoalPoissonFigure(ctx, b, rack).run(600, true, 300);
    ReproductionReport r = b.build();
    ShoalFlows fl = ShoalExperiments.poissonFlows(rack, 0.5, 600, null, false, 1);
    assertThat(fl.size()).isEqualTo(630);
    Map<String, Integer> counted = new HashMap<>();
    counted.put("shoal", checkStopRule("shoal",
        ShoalExperiments.poissonRun(rack, 0.5, 600, 0, false, 1, false, true).flows(),
        ShoalExperiments.poissonRun(rack, 0.5, 600, 0, false, 1, true, false).flows(), 600, rack.slotPs(),
        new long[fl.size()]));
    counted.put("dctcp", checkStopRule("dctcp", ShoalBaselines.psn(fl, "dctcp", 1, Long.MAX_VALUE, 600),
        ShoalBaselines.psn(fl, "dctcp", 1, Long.MAX_VALUE), 600, 1, new long[fl.size()]));
    long delay = ShoalBaselines.TORUS_BROADCAST_DELAY_PS;
    counted.put("torus-r2c2", checkStopRule("torus", ShoalBaselines.torus(fl, 1, delay, 1, 600),
        ShoalBaselines.torus(fl, 1, delay, 1, Integer.MAX_VALUE), 600, 1, torusHopsPs(fl)));
    assertThat(counted.get("dctcp")).isEqualTo(600);
    assertThat(counted.get("torus-r2c2")).isEqualTo(600);
    ShoalFlows sample = ShoalExperiments.poissonFlows(rack, 0.5, 300, null, false, 1);
    counted.put("torus-multipath", finished(ShoalBaselines.torus(sample, 1, delay,
        ShoalBaselines.TORUS_MULTIPATH_SUBFLOWS, 300)));
    counted.put("shoal (what-if sample)",
        finished(ShoalExperiments.poissonRun(rack, 0.5, 300, 0, false, 1, false, true).flows()));
    counted.put("dcqcn", finished(ShoalBaselines.psn(fl, "dcqcn", 1, Long.MAX_VALUE, 600)));
    counted.put("ndp", finished(ShoalBaselines.psn(fl, "ndp", 1, Long.MAX_VALUE, 600)));
    Table t = r.table("fig15-16-poisson");
    Map<String, Long> table = new HashMap<>();
    for (int row = 0; row < t.rowCount(); row++) {
      table.put(t.getString(row, "case"), t.getLong(row, "completed"));
    }
    // Shoal + 4 baselines, the what-if and its Shoal sample
    assertThat(table).hasSize(7);
    counted.forEach((c, n) -> assertThat(table.get(c)).as(c).isEqualTo((long) n));
    assertThat(counted.get("torus-multipath")).isEqualTo(300);
    Comparison whatIf = r.comparisons().stream().filter(c -> c.item().equals("Fig. 15(b) what-if")
        && c.metric().contains("torus-multipath")).findFirst().orElseThrow();
    assertThat(whatIf.note()).contains("run at 300 completions per load");
  }

  /**
   * The torus baseline's per-hop term: one 1,500 B store-and-forward at 100/6 Gb/s per hop of the
   * minimal path on the 8×8×8 torus (node = x + 8y + 64z; per dimension min(|d|, 8 − |d|) hops).
   */
  static long[] torusHopsPs(ShoalFlows fl) {
    long perHop = 1500L * 8 * 1_000_000_000_000L / ShoalBaselines.TORUS_LINK_BPS;
    long[] out = new long[fl.size()];
    for (int f = 0; f < fl.size(); f++) {
      int hops = 0;
      for (int dim = 0, a = fl.src(f), b = fl.dst(f); dim < 3; dim++, a /= 8, b /= 8) {
        int d = Math.abs(a % 8 - b % 8);
        hops += Math.min(d, 8 - d);
      }
      out[f] = hops * perHop;
    }
    return out;
  }

  private static int finished(ShoalFlows fl) {
    int n = 0;
    for (int f = 0; f < fl.size(); f++) {
      n += fl.endPs(f) >= 0 ? 1 : 0;
    }
    return n;
  }
}
