package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.sim.net.SwitchElement;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Accounting;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/**
 * Envelope registration as packets through the engine (seed 002, Appendix A, Alg. 4, Fig. 18).
 * Envelopes are observed on the wire by the test (an element wrapped around every switch records
 * what arrives over which link), not read from the protocol's own log.
 */
class EnvelopePacketsTest {
  /** An envelope seen arriving at {@code node} over {@code inLink}. */
  record Arrival(int node, int inLink, int[] members, int bytes) {}

  static Network network(Topology t) {
    return new Network(new Simulator(), t, new EcmpTable(t), new Packets(1 << 10),
        new NetworkConfig(16L << 20, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, 1));
  }

  static List<Arrival> tap(Network net, EnvelopePackets env) {
    List<Arrival> seen = new ArrayList<>();
    Topology t = net.topology();
    for (int v = 0; v < t.nodeCount(); v++) {
      if (t.isServer(v)) {
        continue;
      }
      SwitchElement inner = net.element(v);
      net.setElement(v, (n, p, node, inLink) -> {
        if (n.packets().kind(p) == env.envelopeKind() && inLink >= 0) {
          seen.add(new Arrival(node, inLink, env.membersOf(p), n.packets().size(p)));
        }
        inner.receive(n, p, node, inLink);
      });
    }
    return seen;
  }

  static boolean conserved(Network net) {
    Accounting a = net.accounting();
    return a.inFlightPackets() == 0 && a.injectedPackets() + a.copiedPackets() + a.generatedPackets()
        == a.deliveredPackets() + a.absorbedPackets() + a.droppedPackets();
  }

  @Test
  void figure18EnvelopeSplitAtS1OnTheWire() {
    FatTree ft = new FatTree(4);
    Topology t = ft.build();
    int s = ft.server(0, 0, 0);
    int r1 = ft.server(0, 1, 0);
    int r2 = ft.server(1, 0, 0);
    int r3 = ft.server(1, 1, 0);
    Network net = network(t);
    EnvelopeRegistration state = new EnvelopeRegistration(t, 16, 0);
    EnvelopePackets env = new EnvelopePackets(net, state);
    List<Arrival> seen = tap(net, env);
    int group = GleamAddresses.groupIp(0);
    env.start(group, s, List.of(new GroupMember(s, 0x11), new GroupMember(r1, 0x12), new GroupMember(r2, 0x13),
        new GroupMember(r3, 0x14)));
    net.simulator().run(Time.ms(1), 1_000_000);
    int s1 = ft.aggregationSwitch(0, 0);
    int l2 = ft.edgeSwitch(0, 1);
    // what left S1: arrivals whose in-link starts at S1
    List<Arrival> fromS1 = seen.stream().filter(a -> t.target(t.reverse(a.inLink())) == s1).toList();
    assertThat(fromS1).hasSize(2);
    Arrival toL2 = fromS1.stream().filter(a -> a.node() == l2).findFirst().orElseThrow();
    Arrival toCore = fromS1.stream().filter(a -> a.node() != l2).findFirst().orElseThrow();
    assertThat(toL2.members()).containsExactly(r1);
    assertThat(toCore.members()).containsExactly(r2, r3);
    assertThat(toCore.node()).isBetween(ft.coreSwitch(0), ft.coreSwitch(3)); // C2: a core switch
    assertThat(toCore.bytes()).isEqualTo(18 + 36 + 2 * 8);
    // the master's envelope carries all four states to L1
    Arrival first = seen.get(0);
    assertThat(first.node()).isEqualTo(ft.edgeSwitch(0, 0));
    assertThat(first.members()).containsExactly(s, r1, r2, r3);
    Registration r = env.result(group);
    assertThat(r.confirmations()).isEqualTo(3);
    assertThat(r.timePs()).isPositive();
    assertThat(conserved(net)).isTrue();
  }

  @Test
  void registrationTimeOnOneSwitchByHand() {
    // one switch, 100 Gb/s, 10 ns links: the master (host 1) sends one envelope of 4 states
    // (18 + 36 + 32 = 86 B: 6.88 ns + 10 ns); the switch sends 62 B to each member (4.96 ns + 10 ns);
    // each confirms with 64 B (5.12 ns + 10 ns); the three confirmations reach the switch together
    // and leave on the master's port back to back (3 x 5.12 ns) + 10 ns
    Topology t = PacketBcast.testbed(4, 100);
    Network net = network(t);
    EnvelopePackets env = new EnvelopePackets(net, new EnvelopeRegistration(t, 4, 0));
    List<GroupMember> m = List.of(new GroupMember(1, 1), new GroupMember(2, 2), new GroupMember(3, 3),
        new GroupMember(4, 4));
    env.start(7, 1, m);
    net.simulator().run(Time.ms(1), 100_000);
    long expected = 6_880 + 10_000 + 4_960 + 10_000 + 5_120 + 10_000 + 3 * 5_120 + 10_000;
    assertThat(env.result(7).timePs()).isEqualTo(expected);
    assertThat(env.result(7).envelopeWireBytes()).isEqualTo(86 + 3 * 62);
    // the computed registration assumes idle confirmation paths: one confirmation time, not three
    Registration computed = new EnvelopeRegistration(t, 4, 0).register(7, 1, m, 0);
    assertThat(computed.timePs()).isEqualTo(expected - 2 * 5_120);
    assertThat(conserved(net)).isTrue();
  }

  @Test
  void groupsAbove183MembersSpanSeveralEnvelopes() {
    // k=10 fat-tree: 250 servers; a group of 200: the master sends 183 + 17 states
    FatTree ft = new FatTree(10);
    Topology t = ft.build();
    Network net = network(t);
    EnvelopePackets env = new EnvelopePackets(net, new EnvelopeRegistration(t, 4, 0));
    List<Arrival> seen = tap(net, env);
    List<GroupMember> m = new ArrayList<>();
    for (int h = 0; h < 200; h++) {
      m.add(new GroupMember(h, 100 + h));
    }
    env.start(9, 0, m);
    net.simulator().run(Time.ms(10), 10_000_000);
    List<Arrival> fromMaster = seen.stream().filter(a -> a.inLink() == t.firstLink(0)).toList();
    assertThat(fromMaster).extracting(Arrival::bytes).containsExactly(18 + 36 + 8 * 183, 18 + 36 + 8 * 17);
    assertThat(fromMaster.get(0).members()).hasSize(183);
    assertThat(env.result(9).confirmations()).isEqualTo(199);
    // every envelope on the wire holds at most 183 states and fits a 1500 B IP packet
    assertThat(seen).allSatisfy(a -> assertThat(a.bytes() - 18).isLessThanOrEqualTo(1500));
    assertThat(conserved(net)).isTrue();
  }

  @Test
  void packetTablesEqualTheComputedRegistrationOnRandomGroups() {
    RandomStreams streams = new RandomStreams(11);
    for (int k : new int[] {4, 6, 8}) {
      FatTree ft = new FatTree(k);
      Topology t = ft.build();
      EnvelopeRegistration computed = new EnvelopeRegistration(t, 64, 0);
      EnvelopeRegistration packetState = new EnvelopeRegistration(t, 64, 0);
      Network net = network(t);
      EnvelopePackets env = new EnvelopePackets(net, packetState);
      for (int gi = 0; gi < 12; gi++) {
        SplittableRandom rnd = streams.stream("envelope-groups-k" + k, gi);
        int size = 2 + rnd.nextInt(Math.min(t.serverCount() - 1, 40));
        List<GroupMember> members = new ArrayList<>();
        Set<Integer> used = new HashSet<>();
        while (members.size() < size) {
          int h = rnd.nextInt(t.serverCount());
          if (used.add(h)) {
            members.add(new GroupMember(h, 1000 + h));
          }
        }
        int group = GleamAddresses.groupIp(gi);
        int master = members.get(rnd.nextInt(size)).host();
        Registration c = computed.register(group, master, members, 0);
        // groups one after another, as the computed registration does them
        env.start(group, master, members);
        net.simulator().run(Long.MAX_VALUE / 4, 10_000_000);
        Registration p = env.result(group);
        assertThat(p.confirmations()).isEqualTo(size - 1);
        assertThat(p.treeSwitches()).containsExactly(c.treeSwitches());
        assertThat(p.timePs()).isGreaterThanOrEqualTo(c.timePs());
        for (int sw : c.treeSwitches()) {
          MulticastForwardingTable a = computed.table(sw);
          MulticastForwardingTable b = packetState.table(sw);
          int ga = a.slot(group);
          int gb = b.slot(group);
          assertThat(b.entryCount(gb)).as("k=%d group %d switch %d", k, gi, sw).isEqualTo(a.entryCount(ga));
          for (int e = 0; e < a.entryCount(ga); e++) {
            int port = a.entryPort(ga, e);
            int eb = b.entryOfPort(gb, port);
            assertThat(eb).as("switch %d port %d", sw, port).isGreaterThanOrEqualTo(0);
            assertThat(b.entryType(gb, eb)).isEqualTo(a.entryType(ga, e));
            assertThat(b.receiverIp(gb, eb)).isEqualTo(a.receiverIp(ga, e));
            assertThat(b.receiverQpn(gb, eb)).isEqualTo(a.receiverQpn(ga, e));
          }
        }
        for (int link = 0; link < t.linkCount(); link++) {
          assertThat(packetState.linkUtilisation(link)).isEqualTo(computed.linkUtilisation(link));
        }
      }
      assertThat(conserved(net)).isTrue();
    }
  }
}
