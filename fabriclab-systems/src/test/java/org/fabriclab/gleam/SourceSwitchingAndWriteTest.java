package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Seed 002 Appendix B (Fig. 19) PSN synchronisation, §3.3 one-to-many WRITE MR update. */
class SourceSwitchingAndWriteTest {
  static final int A = 0;
  static final int B = 1;
  static final int C = 2;
  static final int D = 3;

  @Test
  void figure19WithoutSynchronisationTheNewSourcesPacketsAreDropped() {
    SourceSwitching g = new SourceSwitching(4, 0);
    assertThat(g.multicast(A, 100)).isEqualTo(300);
    assertThat(g.sqPsn(A)).isEqualTo(100);
    assertThat(g.rqPsn(B)).isEqualTo(100);
    assertThat(g.sqPsn(B)).isZero();
    // B starts at its own sqPSN 0: C and D expect 100 and drop everything; A expects 0 and accepts
    assertThat(g.multicast(B, 10)).isEqualTo(10);
    assertThat(g.accepted(C)).isEqualTo(100);
    assertThat(g.accepted(A)).isEqualTo(10);
  }

  @Test
  void figure19WithSynchronisationEveryMemberContinues() {
    SourceSwitching g = new SourceSwitching(4, 0);
    g.multicast(A, 100);
    g.synchronise(A, B);
    assertThat(g.sqPsn(B)).isEqualTo(100);
    assertThat(g.rqPsn(A)).isEqualTo(100);
    assertThat(g.multicast(B, 10)).isEqualTo(30);
    assertThat(g.accepted(A)).isEqualTo(10);
    assertThat(g.accepted(C)).isEqualTo(110);
    assertThat(g.accepted(D)).isEqualTo(110);
  }

  @Test
  void afterASourceSwitchTheOldSourcesAcksCountAndTheNewSourcesPortIsLeftOut() {
    // one switch, members on ports 0 (A), 1 (B), 2 (C)
    MulticastForwardingTable t = new MulticastForwardingTable(3, 1);
    int g = t.addGroup(GleamAddresses.groupIp(0), 0);
    for (int p = 0; p < 3; p++) {
      t.addConnected(g, p, GleamAddresses.hostIp(p), 10 + p);
    }
    OneToManyForwarding f = new OneToManyForwarding(t, new long[3]);
    java.util.List<String> out = new java.util.ArrayList<>();
    FeedbackSink sink = new FeedbackSink() {
      @Override
      public void ack(int group, int outPort, int psn) {
        out.add(outPort + ":A" + psn);
      }

      @Override
      public void nack(int group, int outPort, int e) {
        out.add(outPort + ":N" + e);
      }
    };
    AckAggregation agg = new AckAggregation(t);
    f.forward(GleamAddresses.groupIp(0), 0, new HeaderCopies(RoceHeader.of(0, 0, 0, 0, 1, 0)));
    agg.onAck(g, 1, 99, sink);
    agg.onAck(g, 2, 99, sink);
    assertThat(out).containsExactly("0:A99");
    // B (port 1) becomes the source at PSN 100
    f.forward(GleamAddresses.groupIp(0), 1, new HeaderCopies(RoceHeader.of(0, 0, 0, 0, 1, 100)));
    agg.onAck(g, 2, 104, sink); // C: A still at -1, nothing
    agg.onAck(g, 0, 102, sink); // A acknowledges up to 102
    assertThat(out).containsExactly("0:A99", "1:A102");
  }

  @Test
  void mrUpdateBytesByHandAndAppliedPerReceiver() {
    // 3 receivers: 48 B payload in one packet: 48 + 62 + 16 (RETH)
    assertThat(WriteMrUpdate.updateWireBytes(3, 1024)).isEqualTo(126);
    // an 8 KB WRITE at MTU 1024: 8 packets
    assertThat(WriteMrUpdate.writeWireBytes(8192, 1024)).isEqualTo(8192 + 8 * 62 + 16);
    assertThat(WriteMrUpdate.overheadFraction(3, 8192, 1024)).isEqualTo(126.0 / 8704);
    // 100 receivers need two 1024 B packets
    assertThat(WriteMrUpdate.updateWireBytes(100, 1024)).isEqualTo(1600 + 2 * 62 + 16);
    MulticastForwardingTable t = new MulticastForwardingTable(3, 1);
    int g = t.addGroup(GleamAddresses.groupIp(0), 0);
    t.addForwarded(g, 0);
    int k1 = t.addConnected(g, 1, GleamAddresses.hostIp(5), 7);
    int k2 = t.addConnected(g, 2, GleamAddresses.hostIp(6), 8);
    int n = WriteMrUpdate.apply(t, g, new int[] {GleamAddresses.hostIp(6), GleamAddresses.hostIp(5), GleamAddresses.hostIp(9)},
        new long[] {0x6000, 0x5000, 0x9000}, new int[] {66, 55, 99});
    assertThat(n).isEqualTo(2);
    assertThat(t.mrVa(g, k1)).isEqualTo(0x5000);
    assertThat(t.mrRkey(g, k2)).isEqualTo(66);
  }
}
