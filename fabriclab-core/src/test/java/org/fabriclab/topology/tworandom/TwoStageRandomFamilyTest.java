package org.fabriclab.topology.tworandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.Params;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;
import org.junit.jupiter.api.Test;

class TwoStageRandomFamilyTest {
  private final TopologyFamilies families = TopologyFamilies.load();

  @Test
  void registeredAndBuildsWithExactEstimate() {
    TopologyFamily f = families.get("tworandom");
    for (int k : new int[] {4, 6, 8, 10}) {
      Params p = families.parse("tworandom", Map.of("k", Integer.toString(k), "seed", "3"));
      SizeEstimate e = f.estimate(p);
      Topology t = f.build(p);
      assertThat(e.nodes()).isEqualTo(t.nodeCount());
      assertThat(e.directedLinks()).isEqualTo(t.linkCount());
      assertThat(t.family()).isEqualTo("tworandom");
      // same wiring as the typed generator with the same master seed
      assertThat(t.csrTargets()).isEqualTo(TwoStageRandomGraph.of(k).build(3).csrTargets());
    }
  }

  @Test
  void kIsRequiredAndMustBeEven() {
    assertThatThrownBy(() -> families.build("tworandom", Map.of()))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--k");
    assertThatThrownBy(() -> families.build("tworandom", Map.of("k", "9")))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--k")
        .hasMessageContaining("even");
    assertThatThrownBy(() -> families.build("tworandom", Map.of("k", "2")))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("4..1024");
  }
}
