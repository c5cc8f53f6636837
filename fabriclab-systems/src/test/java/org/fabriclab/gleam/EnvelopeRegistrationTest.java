package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/** Seed 002 Appendix A, Alg. 4, Fig. 17/18: envelope registration on a fat-tree. */
class EnvelopeRegistrationTest {
  static final FatTree FT = new FatTree(4);
  static final Topology T = FT.build();
  // Fig. 4 on a k=4 fat-tree: S and R1 in pod 0 on different edge switches (L1, L2), R2 and R3 in
  // pod 1 on different edge switches (L3, L4)
  static final int S = FT.server(0, 0, 0);
  static final int R1 = FT.server(0, 1, 0);
  static final int R2 = FT.server(1, 0, 0);
  static final int R3 = FT.server(1, 1, 0);

  static List<GroupMember> fig4() {
    return List.of(new GroupMember(S, 0x11), new GroupMember(R1, 0x12), new GroupMember(R2, 0x13), new GroupMember(R3, 0x14));
  }

  static int portTo(int from, int to) {
    for (int p = 0; p < T.degree(from); p++) {
      if (T.neighbor(from, p) == to) {
        return p;
      }
    }
    throw new AssertionError();
  }

  @Test
  void figure18EnvelopeSplitAtS1() {
    EnvelopeRegistration reg = new EnvelopeRegistration(T, 16, 0);
    Registration r = reg.register(GleamAddresses.groupIp(0), S, fig4(), 0);
    int l1 = FT.edgeSwitch(0, 0);
    int s1 = FT.aggregationSwitch(0, 0); // the least-utilised (lowest) uplink of L1
    int l2 = FT.edgeSwitch(0, 1);
    int c = FT.coreSwitch(0);
    List<EnvelopeSend> atL1 = r.envelopes().stream().filter(e -> e.node() == l1).toList();
    assertThat(atL1).hasSize(1);
    assertThat(atL1.get(0).port()).isEqualTo(portTo(l1, s1));
    assertThat(atL1.get(0).memberHosts()).containsExactly(R1, R2, R3);
    List<EnvelopeSend> atS1 = r.envelopes().stream().filter(e -> e.node() == s1).toList();
    assertThat(atS1).hasSize(2);
    EnvelopeSend toL2 = atS1.stream().filter(e -> e.port() == portTo(s1, l2)).findFirst().orElseThrow();
    EnvelopeSend toC2 = atS1.stream().filter(e -> e.port() == portTo(s1, c)).findFirst().orElseThrow();
    assertThat(toL2.memberHosts()).containsExactly(R1);
    assertThat(toC2.memberHosts()).containsExactly(R2, R3);
    // S1's table: forwarded entries to L1 (master's side), L2 and C2; no connected entry
    MulticastForwardingTable t = reg.table(s1);
    int g = t.slot(GleamAddresses.groupIp(0));
    assertThat(t.entryCount(g)).isEqualTo(3);
    for (int k = 0; k < 3; k++) {
      assertThat(t.entryType(g, k)).isEqualTo(MulticastForwardingTable.FORWARDED);
    }
    // L2 has R1 connected with its QPN
    MulticastForwardingTable tl2 = reg.table(l2);
    int gl2 = tl2.slot(GleamAddresses.groupIp(0));
    int k = tl2.entryOfPort(gl2, portTo(l2, R1));
    assertThat(tl2.entryType(gl2, k)).isEqualTo(MulticastForwardingTable.CONNECTED);
    assertThat(tl2.receiverQpn(gl2, k)).isEqualTo(0x12);
    assertThat(tl2.receiverIp(gl2, k)).isEqualTo(GleamAddresses.hostIp(R1));
    // tree of Fig. 4: L1, S1, L2, C, S3 (agg 0 of pod 1), L3, L4
    assertThat(r.treeSwitches()).containsExactlyInAnyOrder(l1, s1, l2, c, FT.aggregationSwitch(1, 0),
        FT.edgeSwitch(1, 0), FT.edgeSwitch(1, 1));
    assertThat(r.confirmations()).isEqualTo(3);
  }

  @Test
  void aSecondGroupTakesTheLessUtilisedUplinks() {
    EnvelopeRegistration reg = new EnvelopeRegistration(T, 16, 0);
    reg.register(GleamAddresses.groupIp(0), S, fig4(), 0);
    Registration second = reg.register(GleamAddresses.groupIp(1), S, fig4(), 0);
    int l1 = FT.edgeSwitch(0, 0);
    EnvelopeSend up = second.envelopes().stream().filter(e -> e.node() == l1).findFirst().orElseThrow();
    assertThat(T.neighbor(l1, up.port())).isEqualTo(FT.aggregationSwitch(0, 1));
    // that aggregation switch then reaches pod 1 through its own first core switch, 2
    EnvelopeSend viaCore = second.envelopes().stream()
        .filter(e -> e.node() == FT.aggregationSwitch(0, 1) && e.memberHosts().length == 2).findFirst().orElseThrow();
    assertThat(T.neighbor(viaCore.node(), viaCore.port())).isEqualTo(FT.coreSwitch(2));
  }

  @Test
  void largeGroupsSpanSeveralEnvelopesOf183() {
    FatTree big = new FatTree(16); // 1024 servers, 8 per edge switch
    Topology t = big.build();
    List<GroupMember> members = new ArrayList<>();
    for (int h = 0; h < 401; h++) {
      members.add(new GroupMember(h, 100 + h));
    }
    Registration r = new EnvelopeRegistration(t, 4, 0).register(GleamAddresses.groupIp(0), 0, members, 0);
    List<EnvelopeSend> fromMaster = r.envelopes().stream().filter(e -> e.node() == 0).toList();
    assertThat(fromMaster).extracting(e -> e.memberHosts().length).containsExactly(183, 183, 35);
    assertThat(fromMaster).extracting(EnvelopeSend::total).containsOnly(3);
    assertThat(fromMaster.get(0).wireBytes()).isEqualTo(1500 + 18);
    assertThat(r.confirmations()).isEqualTo(400);
    assertThat(EnvelopeRegistration.envelopeCount(183)).isEqualTo(1);
    assertThat(EnvelopeRegistration.envelopeCount(184)).isEqualTo(2);
  }

  @Test
  void registrationTimeOfTwoMembersOnOneEdgeSwitchByHand() {
    long lambda = Time.ns(500);
    EnvelopeRegistration reg = new EnvelopeRegistration(T, 4, lambda);
    int a = FT.server(0, 0, 0);
    int b = FT.server(0, 0, 1);
    Registration r = reg.register(GleamAddresses.groupIp(0), a, List.of(new GroupMember(a, 1), new GroupMember(b, 2)), 0);
    long rate = T.capacityBps(0);
    long d = T.delayPs(0);
    long env2 = Time.serialization(18 + 36 + 2 * 8, rate); // master's envelope: both members
    long env1 = Time.serialization(18 + 36 + 8, rate); // to b: b only
    long conf = Time.serialization(64, rate);
    long expected = env2 + d + lambda + env1 + d + conf + d + lambda + conf + d;
    assertThat(r.timePs()).isEqualTo(expected);
    assertThat(r.envelopeWireBytes()).isEqualTo(70 + 62);
  }

  @Test
  void badGroupsAreRejectedWithTheMemberNamed() {
    EnvelopeRegistration reg = new EnvelopeRegistration(T, 4, 0);
    int sw = FT.edgeSwitch(0, 0);
    assertThatThrownBy(() -> reg.register(1, S, List.of(new GroupMember(S, 1), new GroupMember(S, 2)), 0))
        .isInstanceOf(InvalidParameterException.class).hasMessageContaining("twice");
    assertThatThrownBy(() -> reg.register(1, S, List.of(new GroupMember(S, 1), new GroupMember(sw, 2)), 0))
        .isInstanceOf(InvalidParameterException.class).hasMessageContaining("server");
    assertThatThrownBy(() -> reg.register(1, R1, List.of(new GroupMember(S, 1), new GroupMember(R2, 2)), 0))
        .isInstanceOf(InvalidParameterException.class).hasMessageContaining("master");
  }
}
