package org.fabriclab.flattree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.experiment.QuickReports;
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
  void quickReproductionMatchesClosedFormsAndLabelsEveryComparison() {
    ReproductionReport r = QuickReports.of(new FlatTreeReproduction());
    // Fig. 5: the fat-tree rows are the closed form (2 hops on an edge switch, 4 in a Pod, 6 across)
    org.fabriclab.table.Table f5 = r.table("fig5_path_length");
    int fatRows = 0;
    for (int i = 0; i < f5.rowCount(); i++) {
      if (f5.getString(i, "topology").equals("fat-tree")) {
        fatRows++;
        int k = (int) f5.getLong(i, "k");
        assertThat(f5.getDouble(i, "avgPathLength")).as("k=%d", k).isCloseTo(fatTreeApl(k), within(1e-9));
      }
    }
    assertThat(fatRows).isEqualTo(3);
    // Fig. 7 quick (k = 8, 60-server clusters over 128 servers): with strong locality each cluster
    // fills 15 whole edge switches of 4 servers, so the hot server's switch must send (broadcast)
    // or receive (incast) 56 units over its k/2 = 4 uplinks, and the fat-tree (non-blocking) can
    // carry exactly that: λ = 4/56 = 1/14
    org.fabriclab.table.Table f7 = r.table("fig7_broadcast_incast");
    int checked = 0;
    for (int i = 0; i < f7.rowCount(); i++) {
      if (f7.getString(i, "topology").equals("fat-tree") && f7.getString(i, "locality").equals("strong")) {
        assertThat(f7.getDouble(i, "throughput")).isCloseTo(1.0 / 14, within(1e-6));
        checked++;
      }
    }
    assertThat(checked).isEqualTo(2);
    // solve times are wall-clock, so they are notes, never columns: a CSV depends on spec and seed only
    assertThat(org.fabriclab.table.TableWriter.csv(f7).lines().findFirst().orElseThrow())
        .isEqualTo("k,series,topology,traffic,locality,throughput,upperBound,solver");
    assertThat(org.fabriclab.table.TableWriter.csv(r.table("fig8_all_to_all")).lines().findFirst().orElseThrow())
        .isEqualTo("k,series,topology,locality,throughput,upperBound,solver");
    assertThat(r.notes()).filteredOn(n -> n.startsWith("Fig. 7 timing, not a result")
        || n.startsWith("Fig. 8 timing, not a result")).hasSize(2);
    // every graded comparison states its tolerance; a check this run skips is of kind NOT_RUN, so
    // the summary counts it neither as agreement nor as a difference
    var notRun = org.fabriclab.experiment.Comparison.Kind.NOT_RUN;
    for (org.fabriclab.experiment.Comparison c : r.comparisons()) {
      if (c.kind() == notRun) {
        assertThat(c.measured()).isEqualTo("not run");
        assertThat(c.agrees()).isFalse();
      } else {
        assertThat(c.tolerance()).as(c.item() + " " + c.metric()).isNotBlank();
        assertThat(c.note()).as(c.item() + " " + c.metric()).doesNotContainIgnoringCase("tolerance");
      }
    }
    // --quick runs Fig. 8 at k = 6 only: the k > 14 margins (two readings) and the k = 20 sweet spot
    assertThat(r.comparisons()).filteredOn(c -> c.kind() == notRun).hasSize(3);
    assertThat(r.comparisons()).filteredOn(c -> c.item().equals("Fig. 6")).hasSize(2)
        .allSatisfy(c -> assertThat(c.tolerance()).contains("for every k"));
    assertThat(r.comparisons()).filteredOn(c -> c.metric().startsWith("ordering random graph"))
        .singleElement().satisfies(c -> assertThat(c.toleranceText()).isEqualTo("the ordering holds for every k"));
  }
}
