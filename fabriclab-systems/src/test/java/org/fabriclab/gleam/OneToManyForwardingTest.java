package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seed 002 Alg. 1 and Fig. 6 (header change on the path S1 → L2 → R1 of Fig. 4), on {@link
 * OneToManyForwarding#copies} (the choice of copies the packet engine's switch element uses) and
 * {@link OneToManyForwarding#forward} (the rewritten headers).
 */
class OneToManyForwardingTest {
  static final int GROUP = GleamAddresses.parseIp("239.0.0.1");
  static final int SENDER_IP = GleamAddresses.parseIp("10.0.0.1");
  static final int R1_IP = GleamAddresses.parseIp("10.0.0.3");
  static final int R1_QPN = 0x2a7;
  static final long R1_MAC = 0x0200_0000_0003L;
  static final long S1_MAC = 0x0200_0000_1001L;

  @Test
  void figure6HeaderChangeAtTheLeafSwitchOfR1() {
    // L2: port 0 up to S1 (the tree's side towards S), port 1 to R1, port 2 unused
    MulticastForwardingTable l2 = new MulticastForwardingTable(3, 1);
    int g = l2.addGroup(GROUP, 0);
    l2.addForwarded(g, 0);
    l2.addConnected(g, 1, R1_IP, R1_QPN);
    long[] neighbourMac = {S1_MAC, R1_MAC, 0x0200_0000_0004L};
    // as the packet leaves S: destination GroupIP and the virtual QPN 0x1, source the sender's IP
    RoceHeader in = RoceHeader.of(0x0200_0000_2002L, 0x0200_0000_0001L, SENDER_IP, GROUP, 0x1, 17);
    OneToManyForwarding f = new OneToManyForwarding(l2, neighbourMac);
    // Alg. 1's choice, as the packet engine's GleamSwitchElement takes it: one copy, to R1's entry
    int[] entries = {-7, -7, -7};
    assertThat(f.copies(g, 0, entries)).isEqualTo(1);
    assertThat(l2.entryPort(g, entries[0])).isEqualTo(1);
    assertThat(l2.entryType(g, entries[0])).isEqualTo(MulticastForwardingTable.CONNECTED);
    assertThat(l2.receiverQpn(g, entries[0])).isEqualTo(R1_QPN);
    // the header the copy leaves with
    HeaderCopies copies = new HeaderCopies(in);
    int n = f.forward(GROUP, 0, copies);
    assertThat(n).isEqualTo(1);
    RoceHeader out = copies.copies().get(0).header();
    assertThat(copies.copies().get(0).port()).isEqualTo(1);
    assertThat(out.dstIp()).isEqualTo(R1_IP);
    assertThat(out.dstQpn()).isEqualTo(R1_QPN);
    assertThat(out.srcIp()).isEqualTo(GROUP);
    assertThat(out.dstMac()).isEqualTo(R1_MAC);
    // unchanged: PSN and source MAC
    assertThat(out.psn()).isEqualTo(17);
    assertThat(out.srcMac()).isEqualTo(0x0200_0000_0001L);
    assertThat(l2.ackOutPort(g)).isEqualTo(0);
  }

  @Test
  void forwardedEntriesGetUnchangedCopiesAndNoneGoesBackToTheIngress() {
    // S1 of Fig. 4: port 0 from L1 (ingress), port 1 to L2, port 3 to C2
    MulticastForwardingTable s1 = new MulticastForwardingTable(4, 1);
    int g = s1.addGroup(GROUP, 0);
    s1.addForwarded(g, 0);
    s1.addForwarded(g, 1);
    s1.addForwarded(g, 3);
    RoceHeader in = RoceHeader.of(1, 2, SENDER_IP, GROUP, 0x1, 3);
    HeaderCopies copies = new HeaderCopies(in);
    OneToManyForwarding f = new OneToManyForwarding(s1, new long[4]);
    int[] entries = new int[4];
    assertThat(f.copies(g, 0, entries)).isEqualTo(2);
    assertThat(new int[] {s1.entryPort(g, entries[0]), s1.entryPort(g, entries[1])}).containsExactly(1, 3);
    f.forward(GROUP, 0, copies);
    assertThat(copies.copies()).containsExactly(new HeaderCopies.Copy(1, in), new HeaderCopies.Copy(3, in));
    // a new source behind port 3 (Appendix B): the copies now go to 0 and 1; ACKs leave by 3
    HeaderCopies back = new HeaderCopies(in);
    assertThat(f.copies(g, 3, entries)).isEqualTo(2);
    assertThat(new int[] {s1.entryPort(g, entries[0]), s1.entryPort(g, entries[1])}).containsExactly(0, 1);
    f.forward(GROUP, 3, back);
    assertThat(back.copies()).extracting(HeaderCopies.Copy::port).isEqualTo(List.of(0, 1));
    assertThat(s1.ackOutPort(g)).isEqualTo(3);
  }

  @Test
  void writeFirstPacketGetsTheReceiversMemoryRegionAndUnknownGroupsAreNotTaken() {
    MulticastForwardingTable l2 = new MulticastForwardingTable(2, 1);
    int g = l2.addGroup(GROUP, 0);
    l2.addForwarded(g, 0);
    int k = l2.addConnected(g, 1, R1_IP, R1_QPN);
    l2.setMemoryRegion(g, k, 0x7f00_1000L, 0x99);
    RoceHeader in = new RoceHeader(1, 2, SENDER_IP, GROUP, 0x1, 0, true, 0xdead_0000L, 0x1);
    HeaderCopies copies = new HeaderCopies(in);
    OneToManyForwarding f = new OneToManyForwarding(l2, new long[] {0, R1_MAC});
    f.forward(GROUP, 0, copies);
    assertThat(copies.copies().get(0).header().rethVa()).isEqualTo(0x7f00_1000L);
    assertThat(copies.copies().get(0).header().rethRkey()).isEqualTo(0x99);
    assertThat(f.forward(GleamAddresses.parseIp("239.9.9.9"), 0, copies)).isEqualTo(-1);
  }
}
