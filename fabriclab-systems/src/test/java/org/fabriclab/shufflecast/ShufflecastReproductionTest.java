package org.fabriclab.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabriclab.experiment.Comparison;
import org.fabriclab.experiment.QuickReports;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.experiment.SummaryText;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The quick reproduction's measured values against values derived here, independently of the
 * code under test: the paper's worked examples (seed 000 Fig. 3/4/5, §VI-A(b), §II-B) as literals
 * and its closed forms (Lemma 1's 2k − 1, Lemma 3's shares, Fig. 7(a)'s 1 − 1/p). The
 * {@code agrees} flags the code computes are not what is checked.
 */
class ShufflecastReproductionTest {
  private static ReproductionReport report;

  @BeforeAll
  static void run() {
    report = QuickReports.of(new ShufflecastReproduction());
  }

  private static Comparison row(String metricStart) {
    return report.comparisons().stream().filter(c -> c.metric().startsWith(metricStart))
        .findFirst().orElseThrow(() -> new AssertionError("no row " + metricStart));
  }

  @Test
  void workedExamplesAsThePaperPrintsThem() {
    assertThat(row("relay set of ToR 0, 2,2").measured()).isEqualTo("{0,1,4,5}");
    assertThat(row("relay set of ToR 3, 2,2").measured()).isEqualTo("{2,3,6,7}");
    assertThat(row("route 3 to 5").measured()).isEqualTo("3->7->2->5");
    assertThat(row("max hops from ToR 0, 2,2").measured()).isEqualTo("3");
    assertThat(row("sources per number of unreachable ToRs, relay 8").measured())
        .isEqualTo("{0=12, 2=6, 6=3, 7=1, 15=1, 23=1}");
    assertThat(row("mirror / precedent / precedent's mirror").measured()).isEqualTo("12/2/6 n=[0, 16]");
    assertThat(row("ToRs source 0 cannot reach after recovery").measured()).isEqualTo("0");
    assertThat(row("active ports (= transceivers), 8 4-port ToRs").measured()).isEqualTo("16 / 22 / 12");
    assertThat(row("excess resource usage, 8 4-port").measured()).startsWith("175%");
    assertThat(row("excess resource usage, 192 32-port").measured()).startsWith("107%");
  }

  @Test
  void closedFormsOfLemmas1And3AndFig7a() {
    Pattern pk = Pattern.compile("(\\d+),(\\d+)");
    int lemma1 = 0;
    int lemma3 = 0;
    int fig7a = 0;
    int lemma3p = 0;
    for (Comparison c : report.comparisons()) {
      Matcher m = pk.matcher(c.metric());
      if (c.kind() == Comparison.Kind.NOT_RUN || !m.find()) {
        continue;
      }
      int p = Integer.parseInt(m.group(1));
      int k = Integer.parseInt(m.group(2));
      if (c.item().equals("Lemma 1")) {
        // the deepest ToR of a one-to-all multicast: two traversals, 2k − 1 hops, tight
        assertThat(Integer.parseInt(c.measured())).as(c.metric()).isEqualTo(2 * k - 1);
        lemma1++;
      } else if (c.item().equals("Lemma 3")) {
        // p → line rate, 2p → 1/2, 3p → 1/3, a whole column of p^k → p^-(k-1)
        double want = c.metric().startsWith("p sources") ? 1.0
            : c.metric().startsWith("2p sources") ? 0.5
            : c.metric().startsWith("3p sources") ? 1.0 / 3 : Math.pow(p, -(k - 1));
        lemma3p += c.metric().startsWith("3p sources") ? 1 : 0;
        assertThat(Double.parseDouble(c.measured())).as(c.metric()).isCloseTo(want,
            org.assertj.core.data.Offset.offset(5e-4));
        lemma3++;
      } else if (c.metric().startsWith("sources unaffected by one relay failure")) {
        Matcher q = Pattern.compile("\\((\\d+),(\\d+)\\)").matcher(c.metric());
        assertThat(q.find()).isTrue();
        double want = 100 * (1 - 1.0 / Integer.parseInt(q.group(1)));
        assertThat(Double.parseDouble(c.measured().replace("%", ""))).isCloseTo(want,
            org.assertj.core.data.Offset.offset(0.01));
        fig7a++;
      }
    }
    assertThat(lemma1).isGreaterThanOrEqualTo(5);
    assertThat(lemma3).isGreaterThanOrEqualTo(12);
    assertThat(lemma3p).isEqualTo(4); // 2,3  3,2  4,2  4,3
    assertThat(fig7a).isGreaterThanOrEqualTo(1);
  }

  @Test
  void modelInputsAndTheoryAreNeverCountedAndToleranceIsStated() {
    assertThat(row("group membership update latency").kind()).isEqualTo(Comparison.Kind.MODEL_INPUT);
    assertThat(row("aggregate theoretical throughput").kind())
        .isEqualTo(Comparison.Kind.THEORY);
    for (Comparison c : report.comparisons()) {
      if (c.graded()) {
        assertThat(c.tolerance()).as(c.metric()).isNotBlank();
      }
    }
    // quick: instances of the full run it leaves out are listed as "not run"
    assertThat(report.comparisons()).filteredOn(c -> c.kind() == Comparison.Kind.NOT_RUN)
        .extracting(Comparison::metric)
        .contains("max hops over all sources, 8,3-Shufflecast",
            "two concurrent failures (< p) fully recovered, 3,3",
            "p-relay failures not restored by Algorithm 2, 2,4");
    // quick: Fig. 7(c) is sampled too thinly to grade, so it is "not run", not a difference
    assertThat(report.comparisons()).filteredOn(c -> c.item().equals("Fig. 7(c)"))
        .isNotEmpty().allMatch(c -> c.kind() == Comparison.Kind.NOT_RUN);
  }

  @Test
  void fig6aBaselinesAndLdaAreMeasuredAndTheLocateCostIsAModelInput() {
    assertThat(report.comparisons()).filteredOn(c -> c.item().equals("Fig. 6(a)")
            || c.item().equals("Fig. 8(a)"))
        .hasSizeGreaterThanOrEqualTo(7).noneMatch(c -> c.kind() == Comparison.Kind.NOT_RUN);
    assertThat(row("Cornet locate cost").kind()).isEqualTo(Comparison.Kind.MODEL_INPUT);
    // MPI_Bcast network-only: at most n/(2(n−1)) = 53.3% of line rate for n = 16 (Fig6aBaselines)
    Comparison mpi = row("MPI_Bcast");
    double share = Double.parseDouble(mpi.measured().replaceAll(".*\\(([0-9.]+)%\\).*", "$1"));
    assertThat(share).isBetween(35.0, 53.4);
  }

  @Test
  void fig8bAndFig8dAreModelledAndTheHostCostIsAModelInput() {
    assertThat(report.comparisons()).filteredOn(c -> c.item().equals("Fig. 8(b)"))
        .hasSize(2).noneMatch(c -> c.kind() == Comparison.Kind.NOT_RUN);
    assertThat(report.comparisons()).filteredOn(c -> c.item().equals("Fig. 8(d)"))
        .hasSize(3).noneMatch(c -> c.kind() == Comparison.Kind.NOT_RUN);
    assertThat(row("what host software adds").kind()).isEqualTo(Comparison.Kind.MODEL_INPUT);
    assertThat(report.table("fig8b_tpch_reading_time").rowCount()).isEqualTo(22);
  }

  @Test
  void summaryNamesNoJavaClass() {
    List<String> names = SummaryText.classNamesIn(
        SummaryText.of(report) + new ShufflecastReproduction().paper(), Path.of("target/classes"),
        Path.of("target/test-classes"), Path.of("../fabriclab-core/target/classes"));
    assertThat(names).isEmpty();
  }
}
