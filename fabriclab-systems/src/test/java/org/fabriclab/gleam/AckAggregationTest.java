package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Seed 002 Alg. 2/3, Fig. 7: NACK filtering at one switch with two receivers. */
class AckAggregationTest {
  /** Feedback the switch sends to the source: "A5" = ACK 5, "N2" = NACK 2. */
  static final class Recorder implements FeedbackSink {
    final List<String> out = new ArrayList<>();

    @Override
    public void ack(int group, int outPort, int psn) {
      assertThat(outPort).isEqualTo(0);
      out.add("A" + psn);
    }

    @Override
    public void nack(int group, int outPort, int expectedPsn) {
      assertThat(outPort).isEqualTo(0);
      out.add("N" + expectedPsn);
    }
  }

  /** One switch: port 0 to the sender, port 1 to R1, port 2 to R2; one data packet seen. */
  static AckAggregation figure7Switch(MulticastForwardingTable[] holder) {
    MulticastForwardingTable t = new MulticastForwardingTable(3, 1);
    int g = t.addGroup(GleamAddresses.groupIp(0), 0);
    t.addConnected(g, 0, GleamAddresses.hostIp(0), 5);
    t.addConnected(g, 1, GleamAddresses.hostIp(1), 6);
    t.addConnected(g, 2, GleamAddresses.hostIp(2), 7);
    new OneToManyForwarding(t, new long[3]).forward(GleamAddresses.groupIp(0), 0, new HeaderCopies(RoceHeader.of(0, 0, 0, GleamAddresses.groupIp(0), 1, 0)));
    holder[0] = t;
    return new AckAggregation(t);
  }

  // p0..p4 sent; p1 lost at R1 (R1: ACK 0, then NACK 1 when p2 arrives); p2 lost at R2
  // (R2: ACK 0, ACK 1, then NACK 2 when p3 arrives).

  @Test
  void nackForP2FirstIsHeldAndTheSenderIsNackedForP1() {
    MulticastForwardingTable[] t = new MulticastForwardingTable[1];
    AckAggregation a = figure7Switch(t);
    Recorder r = new Recorder();
    a.onAck(0, 1, 0, r);
    a.onAck(0, 2, 0, r);
    a.onAck(0, 2, 1, r);
    a.onNack(0, 2, 2, r); // nack_p2 reaches the switch first: forwarding it would cover p1's loss
    assertThat(r.out).containsExactly("A0");
    assertThat(t[0].nackEpsn(0)).isEqualTo(2);
    a.onNack(0, 1, 1, r);
    assertThat(r.out).containsExactly("A0", "N1");
    // go-back-N from 1: both receivers get 1..4 and acknowledge 4
    a.onAck(0, 2, 4, r);
    assertThat(r.out).containsExactly("A0", "N1");
    a.onAck(0, 1, 4, r);
    assertThat(r.out).containsExactly("A0", "N1", "A4");
  }

  @Test
  void nackForP1FirstPassesAtOnceWhenEveryoneHasAcknowledgedP0() {
    MulticastForwardingTable[] t = new MulticastForwardingTable[1];
    AckAggregation a = figure7Switch(t);
    Recorder r = new Recorder();
    a.onAck(0, 1, 0, r);
    a.onNack(0, 1, 1, r); // R2 has not acknowledged p0 yet: wait
    assertThat(r.out).isEmpty();
    a.onAck(0, 2, 0, r);
    assertThat(r.out).containsExactly("A0", "N1");
    a.onAck(0, 2, 1, r);
    a.onNack(0, 2, 2, r);
    assertThat(r.out).containsExactly("A0", "N1");
    // R1 repaired first: everyone has 1, R2 still asks for 2 -> ACK 1 then NACK 2
    a.onAck(0, 1, 4, r);
    assertThat(r.out).containsExactly("A0", "N1", "A1", "N2");
    a.onAck(0, 2, 4, r);
    assertThat(r.out).containsExactly("A0", "N1", "A1", "N2", "A4");
    assertThat(a.acksOut()).isEqualTo(3);
    assertThat(a.nacksOut()).isEqualTo(2);
  }

  @Test
  void aggregatedAckIsTheMinimumAndOnlyMinPortTriggersIt() {
    MulticastForwardingTable[] t = new MulticastForwardingTable[1];
    AckAggregation a = figure7Switch(t);
    Recorder r = new Recorder();
    a.onAck(0, 2, 9, r); // R1 still at -1
    a.onAck(0, 1, 3, r);
    assertThat(r.out).containsExactly("A3");
    assertThat(t[0].minPort(0)).isEqualTo(1);
    a.onAck(0, 2, 12, r); // not min_port: nothing can change
    a.onAck(0, 1, 20, r);
    assertThat(r.out).containsExactly("A3", "A12");
    a.onAck(0, 0, 50, r); // from the source's side: ignored
    assertThat(a.ignored()).isEqualTo(1);
  }
}
