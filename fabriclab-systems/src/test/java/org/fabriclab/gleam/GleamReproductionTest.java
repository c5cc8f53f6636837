package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.experiment.Comparison;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.experiment.ReproductionReport;
import org.junit.jupiter.api.Test;

/** The quick Gleam reproduction runs; the worked examples agree. */
class GleamReproductionTest {
  @Test
  void quickRunHasEveryTableAndTheWorkedExamplesAgree() {
    ReproductionReport r = new GleamReproduction().run(ReproductionContext.forTests());
    for (String t : new String[] {"table_memory", "registration", "fig9_bcast", "fig9_ratio", "fig11_hpl_comm",
        "fig12_iops", "fig13_io_latency"}) {
      assertThat(r.table(t).rowCount()).as(t).isPositive();
    }
    assertThat(r.table("fig9_bcast").rowCount()).isEqualTo(2 * 15); // 64 KiB .. 1 GiB
    int checked = 0;
    for (Comparison c : r.comparisons()) {
      if (c.item().equals("Fig. 18") || c.item().equals("Appendix A") || c.item().equals("§3.3")) {
        assertThat(c.agrees()).as(c.metric() + " = " + c.measured()).isTrue();
        checked++;
      }
      assertThat(c.note()).as(c.metric()).isNotEmpty();
    }
    assertThat(checked).isEqualTo(3);
  }
}
