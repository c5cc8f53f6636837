package org.fabriclab.flattree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/** §3.2 of seed 001: profiling grid and in-Pod path lengths against closed forms. */
class PathLengthTest {
  /** Fat-tree: 2 hops on one edge switch, 4 in a Pod, 6 across Pods. */
  private static double fatTreeApl(int k) {
    double s = k * k * k / 4.0;
    double edge = k / 2.0 - 1;
    double pod = k * k / 4.0 - k / 2.0;
    double rest = s - 1 - edge - pod;
    return (2 * edge + 4 * pod + 6 * rest) / (s - 1);
  }

  @Test
  void gridPointZeroZeroIsTheFatTree() {
    FlatTreeProfiler p = new FlatTreeProfiler(8, 1);
    assertThat(p.gridValues()).containsExactly(0, 1, 2, 3, 4);
    assertThat(p.averagePathLength(0, 0)).isCloseTo(fatTreeApl(8), within(1e-9));
    FlatTreeProfiler.Profile prof = p.run();
    assertThat(prof.points()).hasSize(15); // m + n <= 4 over {0..4}^2
    assertThat(prof.best().averagePathLength()).isLessThan(fatTreeApl(8));
    assertThat(p.averagePathLength(4, 0)).isInfinite(); // every core-side connector holds a server
  }

  @Test
  void inPodPathLengthOfTheFatTreeMatchesTheClosedForm() {
    for (int k = 4; k <= 8; k += 2) {
      double per = k * k / 4.0;
      double sameEdge = k / 2.0 - 1;
      double expected = (2 * sameEdge + 4 * (per - 1 - sameEdge)) / (per - 1);
      assertThat(new InPodPathLength(new FatTree(k).build(), k).average()).isCloseTo(expected, within(1e-9));
    }
  }

  @Test
  void quickReproductionWritesFiguresAndComparisons() {
    ReproductionReport r = new FlatTreeReproduction().run(ReproductionContext.forTests());
    assertThat(r.table("fig5_path_length").rowCount()).isEqualTo(3 * 4);
    assertThat(r.table("fig6_in_pod_path_length").rowCount()).isEqualTo(3 * 4);
    assertThat(r.comparisons()).isNotEmpty();
    // every row states its own agreement rule, since the rules differ (majority vs every k)
    for (org.fabriclab.experiment.Comparison c : r.comparisons()) {
      assertThat(c.note()).as(c.item() + " " + c.metric()).matches("agrees (if|only if) .*");
    }
    assertThat(r.comparisons()).filteredOn(c -> c.metric().startsWith("best (m, n)"))
        .singleElement().satisfies(c -> assertThat(c.note()).contains("majority"));
    assertThat(r.comparisons()).filteredOn(c -> c.item().equals("Fig. 6")).hasSize(2)
        .allSatisfy(c -> assertThat(c.note()).contains("for every k"));
  }
}
