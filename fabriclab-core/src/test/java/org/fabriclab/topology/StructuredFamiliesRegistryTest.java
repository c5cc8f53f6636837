package org.fabriclab.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.junit.jupiter.api.Test;

class StructuredFamiliesRegistryTest {
  private static final List<String> MINE =
      List.of("bcube", "clos", "fattree", "fbfly", "hyperx", "mltree", "torus");

  private final TopologyFamilies families = TopologyFamilies.load();

  @Test
  void everyStructuredFamilyIsRegistered() {
    List<String> names = families.all().stream().map(TopologyFamily::name).toList();
    assertThat(names).containsAll(MINE);
  }

  @Test
  void defaultsBuildExactlyAsEstimated() {
    for (String name : MINE) {
      TopologyFamily f = families.get(name);
      assertThat(f.description()).isNotBlank();
      for (ParamSpec s : f.parameters()) {
        assertThat(s.name()).matches("[a-z]+(-[a-z]+)*");
        assertThat(s.required()).as("%s --%s has a default", name, s.name()).isFalse();
      }
      Params p = families.parse(name, Map.of());
      Topology t = TopologyFamilies.build(f, p, Runtime.getRuntime().maxMemory());
      TopologyChecks.checkInvariants(t, f.estimate(p));
      assertThat(t.family()).isEqualTo(name);
      assertThat(t.serverOrbits()).isNotNull();
    }
  }

  @Test
  void unknownParameterIsRejected() {
    assertThatThrownBy(() -> families.parse("torus", Map.of("radix", "4")))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--radix");
  }

  @Test
  void sizeLimitsSaturate() {
    assertThat(SizeLimits.pow(64, 31)).isEqualTo(Long.MAX_VALUE);
    assertThat(SizeLimits.mul(1L << 40, 1L << 30)).isEqualTo(Long.MAX_VALUE);
    assertThat(SizeLimits.mul(3, 7)).isEqualTo(21);
    assertThat(SizeLimits.add(Long.MAX_VALUE, 1)).isEqualTo(Long.MAX_VALUE);
    assertThat(SizeLimits.largestFitting(0, 100, v -> new SizeEstimate(v << 25, 0))).isEqualTo(32);
    assertThat(SizeLimits.largestFitting(5, 100, v -> new SizeEstimate(1L << 31, 0))).isEqualTo(4);
  }
}
