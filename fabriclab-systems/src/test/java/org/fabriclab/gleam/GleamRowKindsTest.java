package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fabriclab.experiment.Comparison;
import org.fabriclab.experiment.Comparison.Kind;
import org.fabriclab.experiment.QuickReports;
import org.fabriclab.experiment.ReproductionReport;
import org.junit.jupiter.api.Test;

/**
 * The kind of each Gleam row whose grading is a decision (seed 002), written from the paper's text:
 * which numbers the paper measured, which follow from our construction or from a value we took
 * from it. Only measured rows count in the summary line.
 */
class GleamRowKindsTest {
  private static final ReproductionReport R = QuickReports.of(new GleamReproduction());

  private static List<Comparison> rows(String metricStart) {
    List<Comparison> l = R.comparisons().stream().filter(c -> c.metric().startsWith(metricStart)).toList();
    assertThat(l).as(metricStart).isNotEmpty();
    return l;
  }

  private static void kind(String metricStart, Kind k) {
    assertThat(rows(metricStart)).as(metricStart).allSatisfy(c -> assertThat(c.kind()).isEqualTo(k));
  }

  @Test
  void constructionsAreDesignChecks() {
    // Appendix A: the member split at S1 is Alg. 4 applied to Fig. 4's placement
    kind("envelopes S1 sends (receivers)", Kind.DESIGN_CHECK);
    assertThat(rows("envelopes S1 sends (receivers)")).hasSize(2);
    // §3.3: the size of our table layout, arithmetic on field widths we chose
    kind("memory of 1K groups", Kind.DESIGN_CHECK);
    // §3.5 states the CNP filter's rule and gives no number
    kind("CNPs reaching the source", Kind.DESIGN_CHECK);
    kind("rate at the 25 Gb/s bottleneck", Kind.DESIGN_CHECK);
    // §5.2.1: PB is 3 sequential copies against 1 multicast: 1 - 1/3 by construction
    kind("JCT reduction, PB", Kind.DESIGN_CHECK);
    assertThat(rows("JCT reduction, PB")).hasSize(2);
    kind("JCT reduction, RS", Kind.MEASURED);
  }

  @Test
  void valuesThatFollowFromAFittedInputAreNotCounted() {
    // Fig. 12 at packet level: the stack cost is 1 / the paper's one-copy 1.188 M IOPS
    kind("IOPS, one-copy (engine: packet)", Kind.MODEL_INPUT);
    kind("IOPS, 3-unicasts (engine: packet)", Kind.DERIVED_FROM_INPUT);
    kind("IOPS, gleam (engine: packet)", Kind.DERIVED_FROM_INPUT);
    kind("Gleam / 3-unicasts IOPS (engine: packet)", Kind.DERIVED_FROM_INPUT);
    kind("goodput Gleam / 3-unicasts, Gb/s (engine: packet)", Kind.DERIVED_FROM_INPUT);
    // Fig. 14: the message size is fitted so that Gleam's 8x8 JCT is 5.17 ms; larger grids follow
    kind("Gleam JCT, 8x8", Kind.MODEL_INPUT);
    kind("Gleam JCT, 16x16", Kind.DERIVED_FROM_INPUT);
    // the analytic Fig. 12 (client link bound, no fitted stack) and Fig. 13 are measured
    assertThat(R.comparisons().stream().filter(c -> c.metric().equals("IOPS, 3-unicasts")))
        .singleElement().extracting(Comparison::kind).isEqualTo(Kind.MEASURED);
    kind("IO latency reduction vs 3-unicasts, 64 KB", Kind.MEASURED);
  }

  @Test
  void group64RowsAtOneInAThousandHaveNoPaperValue() {
    // §5.3: "42% goodput ... a 7× lower JCT" under 0.1 % loss: 7× is an 86 % reduction, group 512's
    // range (86-94 %); group 64's 46-52 % allows at most 2.1×
    for (String m : List.of("Gleam goodput at 1e-3, group 64", "unicasts / Gleam JCT at 1e-3, group 64",
        "HPL increasing ring / Gleam JCT at 1e-3, group 64", "HPL-step reading: Gleam goodput at 1e-3, 64 ranks",
        "HPL-step reading: ring + long / Gleam JCT at 1e-3, 64 ranks")) {
      assertThat(rows(m)).as(m).allSatisfy(c -> {
        assertThat(c.kind()).isEqualTo(Kind.MEASURED);
        assertThat(c.hasPaperValue()).isFalse();
        assertThat(c.graded()).isFalse();
      });
    }
    // the floor "at most 10 % goodput degradation up to 0.01 %" is graded at the paper's own bound
    assertThat(rows("Gleam goodput, lowest up to 1e-4, group 64").get(0).tolerance()).isEqualTo("at least 90 %");
  }

  @Test
  void headlineClaimsAreRowsAndTable2IsNotReproducible() {
    // §5's list: MPI_Bcast up to 2.2x, HPL communication up to 2.9x, IOPS 2.7x, IO latency up to -65 %
    List<Comparison> h = R.comparisons().stream().filter(c -> c.item().equals("§5")).toList();
    assertThat(h).extracting(Comparison::paper).containsExactly("up to 2.2x", "up to 2.9x", "2.7x", "up to 65%");
    assertThat(h.get(0).kind()).isEqualTo(Kind.MEASURED);
    assertThat(h.get(2).kind()).isEqualTo(Kind.MEASURED);
    assertThat(h.get(3).kind()).isEqualTo(Kind.MEASURED);
    // the largest Fig. 11 ratio is PB's 3 copies against 1 multicast: 3x by construction
    assertThat(h.get(1).measured()).endsWith("(PB)");
    assertThat(h.get(1).kind()).isEqualTo(Kind.DESIGN_CHECK);
    // Table 2 (LUT 53169, registers 15391, BRAM 188) is the FPGA's synthesis
    assertThat(R.comparisons()).filteredOn(c -> c.item().equals("§4, Table 2")).singleElement()
        .satisfies(c -> {
          assertThat(c.kind()).isEqualTo(Kind.NOT_REPRODUCIBLE);
          assertThat(c.paper()).isEqualTo("53169 / 15391 / 188");
        });
    assertThat(R.tally().notReproducible()).isEqualTo(1);
  }
}
