package org.fabriclab.sim.probe.pcap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/** The filter grammar of docs/formats.md: kinds of clause combine with and, values with or. */
class CaptureFilterTest {
  private final Topology topo = new FatTree(4).build(); // servers are nodes 0..15, one port each
  private final Packets pk = new Packets(16);

  private int packet(int flow, int srcServer, int dstServer) {
    return pk.allocate(flow, 0, 0, 100, topo.server(srcServer), topo.server(dstServer), 0);
  }

  @Test
  void clausesOfOneKindAreAlternativesAndKindsMustAllHold() {
    CaptureFilter f = CaptureFilter.parse("flow=2,5-7 host=3;flow=9").bind(topo);
    int uplink3 = topo.firstLink(topo.server(3));
    assertThat(f.matches(pk, packet(6, 3, 9), uplink3)).isTrue();
    assertThat(f.matches(pk, packet(9, 8, 3), uplink3)).isTrue(); // destination host 3
    assertThat(f.matches(pk, packet(8, 3, 9), uplink3)).isFalse(); // flow 8 not listed
    assertThat(f.matches(pk, packet(2, 4, 9), uplink3)).isFalse(); // host 3 neither end
  }

  @Test
  void portsSelectLinksAndStarMeansEveryPortOfTheNode() {
    int sw = topo.target(topo.firstLink(topo.server(0))); // server 0's edge switch
    CaptureFilter one = CaptureFilter.parse("port=" + sw + ":1").bind(topo);
    CaptureFilter all = CaptureFilter.parse("port=" + sw + ":*").bind(topo);
    int p = packet(0, 0, 1);
    for (int port = 0; port < topo.degree(sw); port++) {
      int link = topo.link(sw, port);
      assertThat(one.matches(pk, p, link)).isEqualTo(port == 1);
      assertThat(all.matches(pk, p, link)).isTrue();
    }
    assertThat(all.matches(pk, p, topo.firstLink(topo.server(0)))).isFalse();
    assertThat(CaptureFilter.all().bind(topo).keepsEverything()).isTrue();
    assertThat(CaptureFilter.parse("  ").bind(topo).matches(pk, p, 0)).isTrue();
  }

  @Test
  void badFiltersAreRefusedNamingTheOption() {
    for (String bad : new String[] {"flow", "flow=", "flw=1", "flow=3-1", "flow=a", "port=1", "port=x:0",
        "flow=-1", "flow=99999999999"}) {
      assertThatThrownBy(() -> CaptureFilter.parse(bad)).as(bad)
          .isInstanceOf(InvalidParameterException.class).hasMessageContaining("--pcap-filter");
    }
    assertThatThrownBy(() -> CaptureFilter.parse("host=16").bind(topo))
        .hasMessageContaining("valid range 0..15");
    assertThatThrownBy(() -> CaptureFilter.parse("port=0:1").bind(topo))
        .hasMessageContaining("port valid range 0..0");
    assertThatThrownBy(() -> CaptureFilter.parse("port=" + topo.nodeCount() + ":0").bind(topo))
        .hasMessageContaining("node valid range 0.." + (topo.nodeCount() - 1));
  }
}
