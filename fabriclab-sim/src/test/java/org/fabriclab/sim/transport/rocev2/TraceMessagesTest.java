package org.fabriclab.sim.transport.rocev2;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.SimulationResult;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.transport.tcp.TcpConfig;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/**
 * Trace mode carries a flow as RC messages of at most 2^31 bytes, its PSNs running on (unwrapped)
 * across them. Checked with a small message maximum so a flow spans several messages.
 */
class TraceMessagesTest {
  private static final int PAYLOAD = RcConfig.defaults().payloadBytes();

  private static PacketSimulation sim(FlowTrace t) {
    NetworkConfig nc = new NetworkConfig(1L << 20, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, 1);
    return new PacketSimulation(Rocev2TransportTest.FT4, new EcmpTable(Rocev2TransportTest.FT4), t, "rocev2", nc,
        TcpConfig.benchmark(false), Progress.NONE);
  }

  @Test
  void aFlowSplitIntoWholePacketMessagesEndsWhenItsLastMessageIsHeld() {
    // two flows into one host, so the ACKs the message ends request share the links with data
    FlowTrace t = Rocev2TransportTest.trace(new int[] {0, 5}, new int[] {9, 9}, new long[] {300_000, 123_457});
    SimulationResult whole = sim(t).run(Time.seconds(1), Long.MAX_VALUE);
    PacketSimulation split = sim(t);
    split.rocev2().maxMessageBytes(8L * PAYLOAD);
    SimulationResult parts = split.run(Time.seconds(1), Long.MAX_VALUE);
    // messages of whole packets cut no packet: the data packets and the receivers' completion
    // times are those of one message per flow (a message's last packet only asks for an ACK)
    long packets = (300_000 + PAYLOAD - 1) / PAYLOAD + (123_457 + PAYLOAD - 1) / PAYLOAD;
    assertThat(whole.dataPackets()).isEqualTo(packets);
    assertThat(parts.dataPackets()).isEqualTo(packets);
    assertThat(parts.flows().completed()).isEqualTo(2);
    assertThat(parts.flows().endPs(0)).isEqualTo(whole.flows().endPs(0));
    assertThat(parts.flows().endPs(1)).isEqualTo(whole.flows().endPs(1));
  }

  @Test
  void eachMessageIsPacketisedOnItsOwn() {
    // 10,000 B messages of 1,024 B packets: 9 full packets and one of 784 B each; 100,000 B = 10
    // messages, 100 packets instead of the 98 of one message
    FlowTrace t = Rocev2TransportTest.trace(new int[] {0}, new int[] {9}, new long[] {100_000});
    PacketSimulation split = sim(t);
    split.rocev2().maxMessageBytes(10_000);
    SimulationResult r = split.run(Time.seconds(1), Long.MAX_VALUE);
    assertThat(PAYLOAD).isEqualTo(1024);
    assertThat(r.flows().completed()).isEqualTo(1);
    assertThat(r.dataPackets()).isEqualTo(100);
    assertThat(r.flows().retransmissions(0)).isZero();
  }

  @Test
  void aFlowBeyondTwoToThe24PacketsIsAccepted() {
    // 2^24 + 1 packets: beyond the 24-bit PSN field, within a queue pair's unwrapped stream; the
    // first microseconds run (the whole flow would take 2.9 s of simulated time at 50 Gb/s)
    long bytes = ((1L << 24) + 1) * PAYLOAD;
    FlowTrace t = Rocev2TransportTest.trace(new int[] {0}, new int[] {9}, new long[] {bytes});
    SimulationResult r = sim(t).run(Time.us(50), Long.MAX_VALUE);
    assertThat(r.flows().completed()).isZero();
    // an idle path: the NIC sends back to back at the 10 Gb/s line rate from t = 0, so the packets
    // begun within 50 us are floor(50 us / serialisation of one packet) + 1
    RcConfig rc = RcConfig.defaults();
    long perPacket = Time.serialization(rc.payloadBytes() + rc.headerBytes(), 10_000_000_000L);
    assertThat(r.dataPackets()).isEqualTo(Time.us(50) / perPacket + 1);
  }

  @Test
  void goBackNWorksOnPastTwoToThe24() {
    // the wire's PSN is 24 bits; the engine counts on, unwrapped: a loss just past 2^24 is
    // NACKed and resent as one at PSN 5 would be
    int base = 1 << 24;
    RcQueuePairs q = new RcQueuePairs(new int[] {base + 8}, 4);
    for (int psn = 0; psn < base; psn++) {
      q.nextPsn(0);
      q.sent(0);
      q.onData(0, psn);
    }
    q.onAck(0, base);
    assertThat(q.expected(0)).isEqualTo(base);
    assertThat(q.sndUna(0)).isEqualTo(base);
    for (int i = 0; i < 4; i++) {
      assertThat(q.nextPsn(0)).isEqualTo(base + i);
      q.sent(0);
    }
    // PSN base + 1 lost: base accepted, base + 2 NACKs base + 1, base + 3 dropped silently
    assertThat(q.onData(0, base)).isEqualTo(RcQueuePairs.ACCEPT);
    assertThat(q.onData(0, base + 2)).isEqualTo(RcQueuePairs.NACK);
    assertThat(q.onData(0, base + 3)).isEqualTo(RcQueuePairs.DROP);
    q.onNack(0, base + 1);
    assertThat(q.sndUna(0)).isEqualTo(base + 1);
    assertThat(q.nextPsn(0)).isEqualTo(base + 1);
    assertThat(q.expected(0)).isEqualTo(base + 1);
  }

  @Test
  void aFlowThatNeedsMorePacketsInMessagesThanTheStreamHoldsIsRefusedBeforeTheRun() {
    // 1,000-byte payloads: size / payload fits the stream's 2^30 - 1 packets, but 2 GiB messages
    // of 2,147,483.648 payloads each need 499 x 2,147,484 + 2,147,483 = 1,073,741,999 packets
    RcConfig rc = RcConfig.defaults().withMtu(1064);
    assertThat(rc.payloadBytes()).isEqualTo(1000);
    long size = (long) RcQueuePairs.MAX_STREAM_PACKETS * 1000;
    FlowTrace t = Rocev2TransportTest.trace(new int[] {0}, new int[] {9}, new long[] {size});
    org.fabriclab.sim.engine.Simulator s = new org.fabriclab.sim.engine.Simulator();
    org.fabriclab.sim.net.Network net = new org.fabriclab.sim.net.Network(s, Rocev2TransportTest.FT4,
        new EcmpTable(Rocev2TransportTest.FT4), new org.fabriclab.sim.packet.Packets(64),
        new NetworkConfig(1L << 20, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, 1));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Rocev2Transport(net, rc, t,
        new org.fabriclab.sim.probe.FlowRecords(t), Progress.NONE))
        .isInstanceOf(org.fabriclab.error.InvalidParameterException.class)
        .hasMessageContaining("1073741999 needed");
  }
}
