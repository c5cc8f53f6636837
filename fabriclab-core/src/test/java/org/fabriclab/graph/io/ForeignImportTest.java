package org.fabriclab.graph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabriclab.analysis.TopologyStats;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Graphs written by networkx (here the 3-cube Q3, written by hand in networkx's GraphML and
 * node-link JSON forms) import with the stated defaults of {@link ImportDefaults}.
 */
class ForeignImportTest {
  @TempDir Path dir;

  private static Path resource(String name) throws Exception {
    return Path.of(ForeignImportTest.class.getResource(name).toURI());
  }

  @Test
  void networkxGraphMlAndNodeLinkJsonImportAsSwitchesWithServers() throws Exception {
    for (String f : List.of("networkx-cube.graphml", "networkx-cube.json")) {
      Topology bare = TopologyFiles.read(resource(f));
      assertThat(bare.nodeCount()).as(f).isEqualTo(8);
      assertThat(bare.serverCount()).isZero();
      assertThat(bare.role(0)).isEqualTo(NodeRole.PACKET_SWITCH);
      assertThat(bare.cableCount()).isEqualTo(12);
      Topology t = TopologyFiles.read(resource(f), ImportDefaults.of(1, 40.0, 500L));
      assertThat(t.serverCount()).isEqualTo(8);
      assertThat(t.cableCount()).isEqualTo(12 + 8);
      for (int l = 0; l < t.linkCount(); l++) {
        assertThat(t.capacityBps(l)).isEqualTo(40_000_000_000L);
        assertThat(t.delayPs(l)).isEqualTo(500_000L);
      }
      // Q3: from a vertex, 3 vertices at Hamming distance 1, 3 at 2, 1 at 3: mean 12/7; a server
      // pair adds its two server links
      TopologyStats s = TopologyStats.of(t, 1, Long.MAX_VALUE, 1);
      assertThat(s.avgServerPathLength()).isCloseTo(2 + 12.0 / 7, org.assertj.core.data.Offset.offset(1e-12));
      assertThat(s.diameter()).isEqualTo(5);
    }
  }

  @Test
  void defaultLinkValuesAreTheFamiliesDefaults() throws Exception {
    Topology t = TopologyFiles.read(resource("networkx-cube.graphml"));
    assertThat(t.capacityBps(0)).isEqualTo(10_000_000_000L);
    assertThat(t.delayPs(0)).isEqualTo(1_000_000L);
  }

  @Test
  void integralFloatsAreAcceptedInFabriclabFiles() throws Exception {
    Topology t = TopologyFiles.read(resource("networkx-cube.graphml"), ImportDefaults.of(1, null, null));
    Path f = dir.resolve("t.graphml");
    TopologyFiles.write(t, TopologyFormat.GRAPHML, f);
    String text = Files.readString(f);
    String cap = Long.toString(t.capacityBps(0));
    assertThat(text).contains(">" + cap + "<");
    Files.writeString(f, text.replace(">" + cap + "<", ">1e10<"));
    assertThat(TopologyFiles.read(f).capacityBps(0)).isEqualTo(10_000_000_000L);
    Files.writeString(f, text.replace(">" + cap + "<", ">1.5e0<"));
    assertThatThrownBy(() -> TopologyFiles.read(f)).hasMessageContaining("is not an integer");
  }

  @Test
  void badOptionsAreRejected() {
    assertThatThrownBy(() -> ImportDefaults.of(-1, null, null)).hasMessageContaining("servers-per-switch");
    assertThatThrownBy(() -> ImportDefaults.of(0, 0.0, null)).hasMessageContaining("--link-gbps");
  }
}
