package org.fabriclab.sim.transport.rocev2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/**
 * The receive-only QP API ({@link Rocev2Transport#createReceiveQp}, {@link Rocev2Transport#postReceive}):
 * data for such a QP is injected by hand, as an in-network element rewriting a group's data would
 * deliver it; the expectations follow from go-back-N by hand (a NACK for the first gap, completions
 * when a message's last PSN is in order).
 */
class ReceiveOnlyQpTest {
  private static final Topology FT4 = Ft4Rig.FT4;

  @Test
  void receiveWorkRequestsCompleteInOrderAndFeedbackGoesToTheGivenNode() {
    Ft4Rig rig = Ft4Rig.of(RcConfig.defaults());
    Simulator sim = rig.sim();
    Network net = rig.net();
    RcConfig rc = rig.rc();
    Rocev2Transport t = rig.transport();
    int a = FT4.server(0);
    int b = FT4.server(15);
    int sq = t.createQp(a, b);
    int rq = t.createReceiveQp(b, a);
    assertThat(sq).isEqualTo(0);
    assertThat(rq).isEqualTo(1); // QPNs from the same sequence
    assertThat(t.isReceiveOnly(rq)).isTrue();
    assertThat(t.isReceiveOnly(sq)).isFalse();
    assertThat(t.qpSource(rq)).isEqualTo(a);
    assertThat(t.qpDestination(rq)).isEqualTo(b);
    assertThatThrownBy(() -> t.postSend(rq, 100, 0)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("qpn");
    assertThatThrownBy(() -> t.postReceive(sq, 100, 0)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("receive-only");
    assertThatThrownBy(() -> t.postReceive(rq, 0, 0)).isInstanceOf(InvalidParameterException.class);

    List<String> log = new ArrayList<>();
    t.setCompletions(new RdmaCompletions() {
      @Override
      public void receiveComplete(int qpn, long wrId, long nowPs) {
        log.add("rx " + qpn + " " + wrId);
      }

      @Override
      public void sendComplete(int qpn, long wrId, long nowPs) {
        log.add("tx " + qpn + " " + wrId);
      }

      @Override
      public void nackReceived(int qpn, int psn, long nowPs) {
        log.add("nack " + qpn + " " + psn);
      }
    });
    int pay = rc.payloadBytes();
    t.postReceive(rq, 2L * pay + 1, 7); // PSNs 0..2
    t.postReceive(rq, pay, 8); // PSN 3
    int kind = t.kinds().data();
    Packets pk = net.packets();
    // PSN 0, then 2 (PSN 1 lost): a NACK naming 1 goes to node a; then 1, 2, 3
    int[] order = {0, 2, 1, 2, 3};
    for (int i = 0; i < order.length; i++) {
      final int psn = order[i];
      final int k = kind;
      sim.schedule(Time.us(10) * (i + 1), sim.register((x, y) -> {
        int p = pk.allocate(rq, k, psn, pay + rc.headerBytes(), a, b, sim.now());
        pk.setPayload(p, psn == 2 ? 1 : pay);
        if (psn == 2 || psn == 3) {
          pk.addFlag(p, Packets.ACK_REQ); // the last packets of messages 7 and 8, as their sender marks them
        }
        net.send(p);
      }), 0, 0);
    }
    int[] feedbackAtA = new int[1];
    for (int k2 = 0; k2 < net.kinds().size(); k2++) {
      var orig = net.kinds().receiver(k2);
      boolean data = k2 == kind;
      net.kinds().setReceiver(k2, (p, node) -> {
        if (!data && node == a && pk.flow(p) == rq) {
          feedbackAtA[0]++;
        }
        orig.deliver(p, node);
      });
    }
    sim.run(Time.ms(1), 1_000_000);
    assertThat(log).containsExactly("nack 1 1", "rx 1 7", "rx 1 8");
    assertThat(t.dataPackets()).isZero(); // the receive-only QP never sends data
    // feedback, all at node a: the NACK naming 1, then (an ACK per 4 in-order packets, and one on
    // each message's last packet) ACK 3 when PSN 2 completes message 7 and ACK 4 when PSN 3
    // completes message 8; PSN 0 and 1 are coalesced. No send completions on a receive-only QP
    assertThat(t.queuePairs().sndUna(rq)).isEqualTo(4);
    assertThat(t.controlPackets()).isEqualTo(3);
    assertThat(feedbackAtA[0]).isEqualTo(3);
  }
}
