package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.TopologyFamilies;
import org.junit.jupiter.api.Test;

/** {@code --topo shoal}: the rack of §3.2 / §7.1 as a topology, read back as a {@link ShoalConfig}. */
class ShoalFamilyTest {
  private static Topology build(Map<String, String> p) {
    return TopologyFamilies.load().build("shoal", p);
  }

  @Test
  void defaultsAreSection71sRack() {
    Topology t = build(Map.of());
    assertThat(ShoalRack.of(t)).isEqualTo(ShoalConfig.rack512());
    // 512 nodes; per channel plane 32 leaves + 16 spines (§3.2: k = 32, k²/2 = 512)
    assertThat(t.nodeCount()).isEqualTo(512 + 4 * 48);
    assertThat(t.linkCount()).isEqualTo(2 * 4 * (512 + 32 * 16));
  }

  @Test
  void refusesWhatIsNoShoalRack() {
    assertThatThrownBy(() -> build(Map.of("nodes", "10"))).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--nodes").hasMessageContaining("k²/2");
    assertThatThrownBy(() -> build(Map.of("link-gbps", "40"))).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--link-gbps does not apply");
    Topology ft = TopologyFamilies.load().build("fattree", Map.of("k", "4"));
    assertThat(ShoalRack.why(ft)).isEqualTo("the fabric must be a Shoal rack (--topo shoal), not fattree");
  }
}
