package org.fabriclab.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fabriclab.experiment.Comparison;
import org.fabriclab.experiment.Comparison.Kind;
import org.fabriclab.experiment.QuickReports;
import org.fabriclab.experiment.ReproductionReport;
import org.junit.jupiter.api.Test;

/**
 * The kind of each Shufflecast row whose grading is a decision (seed 000), written from the paper's
 * text: its worked examples, lemmas and port counts are properties of the construction; its power
 * and cost ratios and link budgets are its own arithmetic on component figures; what the paper
 * evaluated by running (Fig. 6(a)(d)(e), Fig. 7(b), Fig. 8, §III-C1's recovery) is measured.
 */
class ShufflecastRowKindsTest {
  private static final ReproductionReport R = QuickReports.of(new ShufflecastReproduction());

  /** The rows of {@code item} whose metric starts with {@code metricStart}, skipped ones left out. */
  private static List<Comparison> rows(String item, String metricStart) {
    List<Comparison> l = R.comparisons().stream().filter(c -> c.item().equals(item)
        && c.metric().startsWith(metricStart) && c.kind() != Kind.NOT_RUN).toList();
    assertThat(l).as(item + " " + metricStart).isNotEmpty();
    return l;
  }

  private static void kind(String item, String metricStart, Kind k) {
    assertThat(rows(item, metricStart)).as(item + " " + metricStart)
        .allSatisfy(c -> assertThat(c.kind()).isEqualTo(k));
  }

  @Test
  void workedExamplesLemmasAndCountsAreDesignChecks() {
    kind("Fig. 3", "", Kind.DESIGN_CHECK);
    kind("§III-A2", "max hops from ToR 0", Kind.DESIGN_CHECK);
    kind("Lemma 1", "max hops over all sources", Kind.DESIGN_CHECK);
    kind("§III-B1", "static rules per ToR", Kind.DESIGN_CHECK);
    kind("Lemma 3", "", Kind.DESIGN_CHECK);
    kind("Fig. 4", "", Kind.DESIGN_CHECK);
    kind("Fig. 5", "", Kind.DESIGN_CHECK);
    // Fig. 7(a): 1 - 1/p unaffected and full restoration are Algorithm 2's guarantees
    kind("Fig. 7(a)", "", Kind.DESIGN_CHECK);
    kind("Fig. 7(b)", "largest increase of max hops", Kind.DESIGN_CHECK);
    kind("§II-B", "excess resource usage", Kind.DESIGN_CHECK);
    kind("§II-B Fig. 1", "excess resource usage", Kind.DESIGN_CHECK);
    kind("§VI-A(b)", "active ports", Kind.DESIGN_CHECK);
    kind("§III-C1", "probability that p random failed relays", Kind.DESIGN_CHECK);
    kind("§VI-C", "sources of one column", Kind.DESIGN_CHECK);
    kind("§III-A1", "", Kind.DESIGN_CHECK);
  }

  @Test
  void powerCostAndLinkBudgetsAreThePapersArithmetic() {
    kind("Fig. 6(b)", "power improvement", Kind.THEORY);
    kind("Fig. 6(c)", "capital-cost improvement", Kind.THEORY);
    kind("§VI-A(c)", "capital cost per ToR", Kind.THEORY);
    kind("§II-C", "", Kind.THEORY);
    kind("§VI-A(b)", "every p ≤ 8 of the scans closes its link budget", Kind.THEORY);
  }

  @Test
  void runsAreMeasuredAndFig6dGradesTheMeanPerGroup() {
    kind("Fig. 7(b)", "sources whose max hop count is unchanged", Kind.MEASURED);
    kind("Fig. 6(a)", "Shufflecast", Kind.MEASURED);
    kind("§IV-A Fig. 10", "", Kind.MEASURED);
    // Fig. 6(d) plots one throughput per group count: the mean over the groups is graded, the worst
    // group is shown beside it without a paper value, so it is never counted
    List<Comparison> mean = R.comparisons().stream().filter(c -> c.item().equals("Fig. 6(d)")
        && c.metric().contains("mean over the groups")).toList();
    List<Comparison> worst = R.comparisons().stream().filter(c -> c.item().equals("Fig. 6(d)")
        && c.metric().contains("the worst group")).toList();
    assertThat(mean).hasSize(3).allSatisfy(c -> {
      assertThat(c.graded()).isTrue();
      assertThat(c.tolerance()).isEqualTo("±5% of the fair share");
    });
    assertThat(worst).hasSize(3).allSatisfy(c -> {
      assertThat(c.kind()).isEqualTo(Kind.MEASURED);
      assertThat(c.graded()).isFalse();
      assertThat(c.note()).startsWith("cause: ");
    });
    // the largest count's cause is measured by the what-if with feedback in a priority class
    assertThat(worst.get(2).note()).contains("source's own downlink").contains("strict-priority");
  }
}
