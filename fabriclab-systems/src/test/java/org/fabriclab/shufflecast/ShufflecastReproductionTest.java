package org.fabriclab.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.experiment.Comparison;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.experiment.ReproductionReport;
import org.junit.jupiter.api.Test;

/** The quick reproduction runs and states every comparison (values are checked by the other tests). */
class ShufflecastReproductionTest {
  @Test
  void quickRunProducesTablesAndComparisons() {
    ReproductionReport r = new ShufflecastReproduction().run(ReproductionContext.forTests());
    assertThat(r.tables()).extracting(t -> t.name())
        .contains("fig3_routes_2_2", "fig4_relay8_2_3", "fig7a_reachability_loss", "fig6b_power", "fig6c_cost");
    assertThat(r.comparisons()).extracting(Comparison::item).contains("Fig. 3", "Fig. 4", "Fig. 5", "Lemma 1");
    // the worked examples must agree exactly
    assertThat(r.comparisons().stream().filter(c -> c.item().startsWith("Fig. 3") || c.item().startsWith("Fig. 4")
        || c.item().startsWith("Fig. 5") || c.item().startsWith("Lemma"))).allMatch(Comparison::agrees);
  }
}
