package org.fabriclab.topology.jellyfish;

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

class JellyfishFamilyTest {
  private final TopologyFamilies families = TopologyFamilies.load();

  @Test
  void cliExampleBuildsWithTheCommonLinkParameters() {
    Map<String, String> raw =
        Map.of("switches", "80", "ports", "8", "servers-per-switch", "2", "seed", "7",
            "link-gbps", "25", "link-delay-ns", "500");
    Topology t = families.build("jellyfish", raw);
    assertThat(t.family()).isEqualTo("jellyfish");
    assertThat(t.switchCount()).isEqualTo(80);
    assertThat(t.serverCount()).isEqualTo(160);
    assertThat(t.cableCount()).isEqualTo(160 + 80 * 6 / 2);
    assertThat(t.capacityBps(0)).isEqualTo(25_000_000_000L);
    assertThat(t.delayPs(0)).isEqualTo(500_000L);
    assertThat(families.build("jellyfish", raw)).isEqualTo(t);
  }

  @Test
  void seedComesFromTheJellyfishStreamOfTheMasterSeed() {
    Map<String, String> raw = Map.of("switches", "30", "ports", "5", "seed", "9");
    Topology viaRegistry = families.build("jellyfish", raw);
    Topology direct = Jellyfish.uniform(30, 5, 0).build(9);
    assertThat(viaRegistry.csrTargets()).isEqualTo(direct.csrTargets());
  }

  @Test
  void estimateIsExact() {
    TopologyFamily f = families.get("jellyfish");
    for (Map<String, String> raw :
        java.util.List.of(
            Map.of("switches", "80", "ports", "8", "servers-per-switch", "2"),
            Map.of("switches", "7", "ports", "3"),
            Map.of("k", "6"),
            Map.of("k", "10"))) {
      Params p = families.parse("jellyfish", raw);
      SizeEstimate e = f.estimate(p);
      Topology t = f.build(p);
      assertThat(e.nodes()).isEqualTo(t.nodeCount());
      assertThat(e.directedLinks()).isEqualTo(t.linkCount());
    }
  }

  @Test
  void kGivesFatTreeEquipment() {
    Topology t = families.build("jellyfish", Map.of("k", "8"));
    assertThat(t.switchCount()).isEqualTo(5 * 64 / 4);
    assertThat(t.serverCount()).isEqualTo(512 / 4);
  }

  @Test
  void badCombinationsFailWithOneLineNamingTheParameter() {
    assertRejected(Map.of("k", "8", "switches", "10"), "--k");
    assertRejected(Map.of("k", "5"), "--k");
    assertRejected(Map.of("ports", "8"), "--switches");
    assertRejected(Map.of("switches", "8"), "--ports");
    assertRejected(Map.of("switches", "8", "ports", "4", "servers-per-switch", "4"),
        "--servers-per-switch");
    assertRejected(Map.of("switches", "8", "ports", "9"), "--switches 8");
    assertRejected(Map.of("switches", "1", "ports", "1"), "--switches");
    assertRejected(Map.of("switches", "-3", "ports", "4"), "--switches");
  }

  private void assertRejected(Map<String, String> raw, String names) {
    assertThatThrownBy(() -> families.build("jellyfish", raw))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining(names)
        .hasMessageNotContaining("\n");
  }
}
