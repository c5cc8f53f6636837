package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.experiment.Comparison;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;
import org.junit.jupiter.api.Test;

/** The quick Fig. 14 and Fig. 10 rows of {@code reproduce gleam} (seed 002 §5.3, §5.2.1). */
class HplFigureTest {
  /**
   * Quick Fig. 14: 8×8 and 16×16 at flow level. Gleam at 16×16 against the closed form: a 16-rank
   * row sits under one edge switch (2 links: 2 µs + one packet time of 43.52 ns), a column
   * (servers c + 16v) spans 8 edge switches of one pod (4 links: 4 µs + 3 packet times); each
   * multicast drains 59,328 packets of 1088 B at 200 Gb/s. The 8×8 Gleam row is a model input.
   */
  @Test
  void quickFig14() {
    ReproductionReport.Builder b = ReproductionReport.builder();
    new HplFigure().fig14(b, true, 1);
    ReproductionReport r = b.build();
    Table t = r.table("fig14_hpl_scale");
    assertThat(t.rowCount()).isEqualTo(6); // gleam, ring-long, what-if pipelined ring per scale
    double pktMs = 1088 * 8 / 200e9 * 1e3;
    double closed = 2 * 59_328 * pktMs + (2e-3 + pktMs) + (4e-3 + 3 * pktMs);
    assertThat(t.getString(3, "method")).isEqualTo("gleam");
    assertThat(t.getLong(3, "scale")).isEqualTo(16);
    assertThat(t.getDouble(3, "jctMs")).isCloseTo(closed, within(1e-6));
    // ring-long at 8x8: the PB is 7 whole-panel hops in sequence, at least 7 x 59,328 packet times
    assertThat(t.getDouble(1, "panelBroadcastMs")).isGreaterThanOrEqualTo(7 * 59_328 * pktMs);
    Comparison in = r.comparisons().stream().filter(c -> c.metric().startsWith("Gleam JCT, 8x8")).findFirst().orElseThrow();
    assertThat(in.graded()).isFalse();
    assertThat(in.note()).startsWith("MODEL INPUT");
    assertThat(r.comparisons().stream().filter(c -> c.metric().contains("128x128")).count()).isEqualTo(1);
  }

  /**
   * A CSV is a function of the spec and the seed only (review defect 15): two runs of quick Fig. 14
   * with the same seed give the same bytes; the wall-clock time is a summary note, not a column.
   */
  @Test
  void quickFig14CsvIsTheSameBytesOnEveryRunAndItsTimingIsANote() {
    ReproductionReport.Builder one = ReproductionReport.builder();
    new HplFigure().fig14(one, true, 7);
    ReproductionReport.Builder two = ReproductionReport.builder();
    new HplFigure().fig14(two, true, 7);
    ReproductionReport a = one.build();
    String csv = TableWriter.csv(a.table("fig14_hpl_scale"));
    assertThat(csv).isEqualTo(TableWriter.csv(two.build().table("fig14_hpl_scale")));
    assertThat(csv.lines().findFirst().orElseThrow())
        .isEqualTo("scale,method,engine,jctMs,panelBroadcastMs,rowSwapMs,transfers");
    assertThat(a.notes()).filteredOn(n -> n.startsWith("Fig. 14 timing, not a result")).singleElement()
        .satisfies(n -> assertThat(n).contains("gleam 8x8 (flow) ").contains("ring-long 16x16 (flow) "));
  }

  /**
   * Fig. 10: with computation C = (0.67/0.12 − 1)·T_ring(PB), the RS reductions are
   * (T_long − T_gleam) / (T_long + C); with the testbed model's RS centralised times (spread 3M/4 +
   * roll 3M/4 vs one multicast of M, i.e. ≈ 1.5 : 1) and T_ring(PB) ≈ 3M, that is ≈ 0.5 / (1.5 +
   * 4.58·3) ≈ 3.3 %.
   */
  @Test
  void fig10UsesTheDerivedComputeModel() {
    ReproductionReport.Builder b = ReproductionReport.builder();
    new HplFigure().fig10(b, 256L << 20);
    ReproductionReport r = b.build();
    assertThat(r.table("fig10_hpl_with_compute").rowCount()).isEqualTo(6);
    Comparison cent = r.comparisons().stream().filter(c -> c.metric().endsWith("RS centralised")).findFirst().orElseThrow();
    double pct = Double.parseDouble(cent.measured().replace("%", ""));
    assertThat(pct).isCloseTo(100 * 0.5 / (1.5 + (0.67 / 0.12 - 1) * 3), within(0.3));
  }
}
