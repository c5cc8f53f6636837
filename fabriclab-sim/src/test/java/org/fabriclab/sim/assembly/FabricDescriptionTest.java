package org.fabriclab.sim.assembly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.sim.element.SplitterElement;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.net.SwitchElement;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.sim.transport.rocev2.Rocev2Transport;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/** A fabric is built from its description: bindings by node set, in order; transports by key. */
class FabricDescriptionTest {
  // k = 4 fat-tree: k^3/4 = 16 servers (nodes first), 5k^2/4 = 20 switches
  static final Topology FT4 = new FatTree(4).build();
  static final NetworkConfig CFG = NetworkConfig.dctcpBenchmark(1);

  /** Two ToRs joined by two one-way splitters (each splitter: one input, one output). */
  static Topology splitterPair() {
    TopologyBuilder b = new TopologyBuilder("pair", "two ToRs, two splitters").defaults(10_000_000_000L, 1_000_000L);
    int ha = b.addNode(NodeRole.SERVER);
    int hb = b.addNode(NodeRole.SERVER);
    int ta = b.addNode(NodeRole.PACKET_SWITCH);
    int tb = b.addNode(NodeRole.PACKET_SWITCH);
    int sa = b.addNode(NodeRole.OPTICAL_SPLITTER);
    int sb = b.addNode(NodeRole.OPTICAL_SPLITTER);
    b.addCable(ha, ta).addCable(hb, tb);
    b.addLink(ta, sa).addLink(sa, tb).addLink(tb, sb).addLink(sb, ta);
    return b.build();
  }

  @Test
  void theEngineInstallsNoElementByRoleTheSplitterIsABinding() {
    Topology t = splitterPair();
    Fabric bare = FabricDescription.on(t).config(CFG).build().assemble();
    Fabric bound = FabricDescription.on(t).config(CFG).splitters().build().assemble();
    for (int u = 0; u < t.nodeCount(); u++) {
      assertThat(bare.network().element(u)).isSameAs(SwitchElement.DEFAULT);
      if (t.role(u) == NodeRole.OPTICAL_SPLITTER) {
        assertThat(bound.network().element(u)).isInstanceOf(SplitterElement.class);
      } else {
        assertThat(bound.network().element(u)).isSameAs(SwitchElement.DEFAULT);
      }
    }
  }

  @Test
  void laterBindingsReplaceEarlierOnesAndEachNodeGetsOneElement() {
    List<Integer> made = new ArrayList<>();
    SwitchElement a = (net, p, node, in) -> net.routeDefault(p, node);
    SwitchElement b = (net, p, node, in) -> net.routeDefault(p, node);
    Fabric f = FabricDescription.on(FT4).config(CFG)
        .element(NodeSet.switches(), (fab, u) -> {
          made.add(u);
          return a;
        })
        .element(NodeSet.nodes(16, 17, 35), (fab, u) -> {
          made.add(u);
          return b;
        })
        .build().assemble();
    // one factory call per node any binding covers: the 20 switches, in node order
    assertThat(made).hasSize(20).isSorted().doesNotHaveDuplicates();
    assertThat(made.get(0)).isEqualTo(16);
    assertThat(f.network().element(16)).isSameAs(b);
    assertThat(f.network().element(17)).isSameAs(b);
    assertThat(f.network().element(35)).isSameAs(b);
    assertThat(f.network().element(18)).isSameAs(a);
    assertThat(f.network().element(0)).isSameAs(SwitchElement.DEFAULT); // a server
  }

  @Test
  void nodeSetsByRoleCountTheFatTreesNodes() {
    int servers = 0;
    int active = 0;
    for (int u = 0; u < FT4.nodeCount(); u++) {
      servers += NodeSet.role(NodeRole.SERVER).contains(FT4, u) ? 1 : 0;
      active += NodeSet.activeSwitches().contains(FT4, u) ? 1 : 0;
    }
    assertThat(servers).isEqualTo(16);
    assertThat(active).isEqualTo(20);
  }

  @Test
  void transportsComeBackByTheirBindingWithTheirOwnKindHandles() {
    RcConfig rc = RcConfig.defaults();
    TransportBinding<Rocev2Transport> first = TransportBinding.of("first", (n, nic) -> new Rocev2Transport(n, rc, nic));
    TransportBinding<Rocev2Transport> second = TransportBinding.of("second", (n, nic) -> new Rocev2Transport(n, rc, nic));
    Fabric f = FabricDescription.on(FT4).config(CFG).transport(first).transport(second).build().assemble();
    Rocev2Transport a = f.transport(first);
    Rocev2Transport b = f.transport(second);
    assertThat(a).isNotSameAs(b);
    // registered in description order, four kinds each
    assertThat(a.kinds().data()).isZero();
    assertThat(a.kinds().cnp()).isEqualTo(3);
    assertThat(b.kinds().data()).isEqualTo(4);
    assertThat(f.network().kinds().name(b.kinds().nack())).isEqualTo("rocev2.NACK");
    assertThat(a.kinds().contains(b.kinds().ack())).isFalse();
    TransportBinding<Rocev2Transport> stranger = TransportBinding.of("x", (n, nic) -> new Rocev2Transport(n, rc, nic));
    assertThatThrownBy(() -> f.transport(stranger)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void switchLatencyAndProbesApplyToTheBuiltFabric() {
    SwitchElement a = (net, p, node, in) -> net.routeDefault(p, node);
    SwitchElement[] seen = new SwitchElement[1];
    Fabric f = FabricDescription.on(FT4).config(CFG)
        .element(NodeSet.nodes(20), (fab, u) -> a)
        .switchLatency(NodeSet.activeSwitches(), 500_000)
        .probe(fab -> seen[0] = fab.network().element(20))
        .build().assemble();
    assertThat(seen[0]).isSameAs(a); // probes attach after the elements
    for (int u = 0; u < FT4.nodeCount(); u++) {
      assertThat(f.network().switchLatencyPs(u)).isEqualTo(u < 16 ? 0 : 500_000);
    }
  }

  @Test
  void aLateBindingReplacesTheElementsOfItsNodes() {
    SwitchElement a = (net, p, node, in) -> net.routeDefault(p, node);
    Fabric f = FabricDescription.on(FT4).config(CFG).build().assemble();
    f.bind(new ElementBinding(NodeSet.nodes(30, 31), (fab, u) -> a));
    assertThat(f.network().element(30)).isSameAs(a);
    assertThat(f.network().element(31)).isSameAs(a);
    assertThat(f.network().element(29)).isSameAs(SwitchElement.DEFAULT);
  }
}
