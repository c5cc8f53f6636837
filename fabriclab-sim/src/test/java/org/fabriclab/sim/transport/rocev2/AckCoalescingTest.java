package org.fabriclab.sim.transport.rocev2;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.Packets;
import org.junit.jupiter.api.Test;

/**
 * The receiver's ACK coalescing ({@link RcConfig#ackEvery()}): one cumulative ACK per
 * {@code ackEvery} in-order packets, and one on every message's last packet (the AckReq bit an RC
 * requester sets on a message's last packet). The expected ACK PSNs are counted by hand from that
 * rule on lossless runs.
 */
class AckCoalescingTest {
  private static final Topology FT4 = Ft4Rig.FT4;

  /** The PSNs the sender's ACKs name, in arrival order, for messages of these packet counts. */
  private static List<Integer> ackPsns(int ackEvery, int... messagePackets) {
    Ft4Rig rig = Ft4Rig.of(RcConfig.defaults().withReliability(ackEvery, RcConfig.defaults().rtoPs(), false));
    Simulator sim = rig.sim();
    Network net = rig.net();
    RcConfig rc = rig.rc();
    Rocev2Transport t = rig.transport();
    int q = t.createQp(FT4.server(0), FT4.server(15));
    List<Integer> acks = new ArrayList<>();
    int ack = t.kinds().ack();
    var orig = net.kinds().receiver(ack);
    net.kinds().setReceiver(ack, (p, node) -> {
      acks.add(net.packets().seq(p));
      orig.deliver(p, node);
    });
    for (int i = 0; i < messagePackets.length; i++) {
      t.postSend(q, (long) messagePackets[i] * rc.payloadBytes(), i);
    }
    sim.run(Long.MAX_VALUE, 10_000_000);
    assertThat(t.queuePairs().senderDone(q)).isTrue();
    return acks;
  }

  @Test
  void oneAckPerFourPacketsAndOnTheLast() {
    // PSNs 0..9: the 4th and 8th in-order packets, then the message's last (expected 4, 8, 10)
    assertThat(ackPsns(4, 10)).containsExactly(4, 8, 10);
  }

  @Test
  void everyMessageEndIsAcknowledgedAndRestartsTheCount() {
    // two 3-packet messages: each ends before 4 packets accumulate
    assertThat(ackPsns(4, 3, 3)).containsExactly(3, 6);
    // 5 + 5 packets: 4 in order (ACK 4), the first message's end (ACK 5, count restarts), PSNs
    // 5..8 (ACK 9), the second message's end (ACK 10)
    assertThat(ackPsns(4, 5, 5)).containsExactly(4, 5, 9, 10);
  }

  @Test
  void theAckRequestFlagNotTheReceiversWorkRequestsMarksAMessageEnd() {
    // a receive QP whose stream is extended without receive work requests (as Gleam's source
    // switching does): PSNs 0..5 arrive in order, AckReq on 2 and 5 (two 3-packet messages of a
    // sender) — ACKs name 3 and 6; without the flag on 2 only the 4th packet and the stream's end
    Ft4Rig rig = Ft4Rig.of(RcConfig.defaults());
    Simulator sim = rig.sim();
    Network net = rig.net();
    RcConfig rc = rig.rc();
    Rocev2Transport t = rig.transport();
    int a = FT4.server(0);
    int b = FT4.server(15);
    int rq = t.createReceiveQp(b, a);
    t.queuePairs().extend(rq, 6);
    int data = t.kinds().data();
    List<Integer> acks = new ArrayList<>();
    int ack = t.kinds().ack();
    var orig = net.kinds().receiver(ack);
    net.kinds().setReceiver(ack, (p, node) -> {
      acks.add(net.packets().seq(p));
      orig.deliver(p, node);
    });
    Packets pk = net.packets();
    for (int psn = 0; psn < 6; psn++) {
      final int s = psn;
      final int kind = data;
      sim.schedule(1_000_000L * (psn + 1), sim.register((x, y) -> {
        int p = pk.allocate(rq, kind, s, rc.payloadBytes() + rc.headerBytes(), a, b, sim.now());
        pk.setPayload(p, rc.payloadBytes());
        if (s == 2 || s == 5) {
          pk.addFlag(p, Packets.ACK_REQ);
        }
        net.send(p);
      }), 0, 0);
    }
    sim.run(Long.MAX_VALUE, 1_000_000);
    assertThat(acks).containsExactly(3, 6);
  }

  @Test
  void ackEveryOneAcknowledgesEveryPacket() {
    assertThat(ackPsns(1, 3, 2)).containsExactly(1, 2, 3, 4, 5);
  }
}
