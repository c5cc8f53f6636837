package org.fabriclab.sim.transport.rocev2;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.SimulationResult;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.transport.tcp.TcpConfig;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

class Rocev2TransportTest {
  static final Topology FT4 = new FatTree(4).build();

  static FlowTrace trace(int[] src, int[] dst, long[] size) {
    long[] id = new long[src.length];
    for (int i = 0; i < id.length; i++) {
      id[i] = i;
    }
    return new FlowTrace(id, src, dst, new long[src.length], size);
  }

  @Test
  void goBackNTransitionsByHand() {
    RcQueuePairs q = new RcQueuePairs(new int[] {6}, 2);
    for (int i = 0; i < 4; i++) {
      assertThat(q.nextPsn(0)).isEqualTo(i);
      assertThat(q.sent(0)).isFalse();
    }
    // PSN 1 lost: 0 accepted, 2 -> NACK(1), 3 dropped silently
    assertThat(q.onData(0, 0)).isEqualTo(RcQueuePairs.ACCEPT);
    assertThat(q.onData(0, 2)).isEqualTo(RcQueuePairs.NACK);
    assertThat(q.expected(0)).isEqualTo(1);
    assertThat(q.onData(0, 3)).isEqualTo(RcQueuePairs.DROP);
    q.onNack(0, 1);
    assertThat(q.sndUna(0)).isEqualTo(1);
    assertThat(q.nextPsn(0)).isEqualTo(1);
    assertThat(q.sent(0)).isTrue();
    assertThat(q.onData(0, 1)).isEqualTo(RcQueuePairs.ACCEPT_AND_ACK);
    assertThat(q.onData(0, 0)).isEqualTo(RcQueuePairs.DUPLICATE_ACK);
    q.sent(0);
    q.sent(0);
    assertThat(q.onData(0, 2)).isEqualTo(RcQueuePairs.ACCEPT);
    assertThat(q.onData(0, 3)).isEqualTo(RcQueuePairs.ACCEPT_AND_ACK);
    q.onAck(0, 4);
    q.sent(0);
    q.sent(0);
    assertThat(q.nextPsn(0)).isEqualTo(-1);
    assertThat(q.onData(0, 4)).isEqualTo(RcQueuePairs.ACCEPT);
    assertThat(q.onData(0, 5)).isEqualTo(RcQueuePairs.ACCEPT_AND_ACK); // the last PSN is acked
    q.onAck(0, 6);
    assertThat(q.senderDone(0)).isTrue();
  }

  @Test
  void dcqcnCutsByHalfAlphaAndRecovers() {
    RcConfig c = RcConfig.defaults();
    Dcqcn d = new Dcqcn(c, new double[] {10e9});
    d.onCnp(0); // alpha 1: rate halves, alpha stays 1
    assertThat(d.rateBps(0)).isEqualTo(5e9);
    assertThat(d.alpha(0)).isEqualTo(1.0);
    d.onTimer(0); // the CNP's period: nothing
    assertThat(d.rateBps(0)).isEqualTo(5e9);
    d.onTimer(0); // fast recovery: halfway back to the target
    assertThat(d.alpha(0)).isEqualTo(1 - c.g());
    assertThat(d.rateBps(0)).isEqualTo(7.5e9);
  }

  @Test
  void singleFlowAtLineRateMatchesTheClosedForm() {
    long ser = Time.serialization(1088, 10_000_000_000L);
    for (int packets : new int[] {1, 4, 50}) {
      SimulationResult r = PacketSimulation.benchmark(FT4,
          trace(new int[] {0}, new int[] {15}, new long[] {1024L * packets}), "rocev2", false, 1,
          Progress.NONE).run(Long.MAX_VALUE, Long.MAX_VALUE);
      assertThat(r.flows().fctPs(0)).isEqualTo((packets - 1) * ser + 6 * (ser + Time.us(1)));
    }
  }

  /** Hop counts from every node to {@code to} (breadth-first over the topology's links). */
  static int[] hopsTo(Topology t, int to) {
    int[] d = new int[t.nodeCount()];
    java.util.Arrays.fill(d, -1);
    int[] queue = new int[t.nodeCount()];
    int head = 0;
    int tail = 0;
    d[to] = 0;
    queue[tail++] = to;
    while (head < tail) {
      int u = queue[head++];
      for (int port = 0; port < t.degree(u); port++) {
        int v = t.neighbor(u, port);
        if (d[v] < 0) {
          d[v] = d[u] + 1;
          queue[tail++] = v;
        }
      }
    }
    return d;
  }

  /**
   * Incast of 8 RoCEv2 flows of 300 KB into host 0. Checked against values derived here: CNP
   * counts between one per QP and one per 50 µs CNP interval of each flow; the last byte no earlier
   * than all wire bytes through host 0's 10 Gb/s downlink; with tiny buffers, every PSN accepted,
   * every dropped DATA copy sent again, each PSN sent once plus its retransmissions, and the bytes
   * conserved.
   */
  @Test
  void incastGetsCnpsAndSmallBuffersGoBackN() {
    int senders = 8;
    int[] src = new int[senders];
    long[] size = new long[senders];
    for (int i = 0; i < senders; i++) {
      src[i] = 2 + i;
      size[i] = 300_000;
    }
    FlowTrace t = trace(src, new int[senders], size);
    PacketSimulation ps = PacketSimulation.benchmark(FT4, t, "rocev2", false, 1, Progress.NONE);
    SimulationResult r = ps.run(Time.seconds(1), Long.MAX_VALUE);
    assertThat(r.flows().completed()).isEqualTo(senders);
    // every flow crosses the receiver's port while 8 line-rate senders fill it past the 30 KB
    // ECN threshold, so each QP gets at least one CNP; a receiver sends at most one per QP per
    // 50 µs CNP interval
    long maxCnps = 0;
    long lastEnd = 0;
    for (int i = 0; i < senders; i++) {
      maxCnps += r.flows().fctPs(i) / Time.us(50) + 1;
      lastEnd = Math.max(lastEnd, r.flows().endPs(i));
    }
    assertThat(ps.rocev2().cnps()).isBetween((long) senders, maxCnps);
    // 293 packets per flow (292 × 1088 B + 1 × 1056 B) all cross host 0's 10 Gb/s downlink
    long wire = senders * (292L * 1088 + 1056);
    assertThat(lastEnd).isGreaterThanOrEqualTo(Time.serialization(wire, 10_000_000_000L));
    long firstRetrans = 0;
    for (int i = 0; i < senders; i++) {
      firstRetrans += r.flows().retransmissions(i);
    }
    // each PSN is sent once plus its retransmissions (the 150 KB port overflows before DCQCN reacts)
    assertThat(r.dataPackets()).isEqualTo(senders * 293L + firstRetrans);
    // 8 KB buffers (7 packets), ECN at 4 KB: 8 line-rate senders into one 10 Gb/s port overflow it
    // within a few packet times, so go-back-N must repair losses
    NetworkConfig tiny = new NetworkConfig(8_000, 4_000, NetworkConfig.Routing.ECMP_PER_FLOW, 1);
    PacketSimulation lossy = new PacketSimulation(FT4, new EcmpTable(FT4), t, "rocev2", tiny,
        TcpConfig.benchmark(false), Progress.NONE);
    SimulationResult l = lossy.run(Time.seconds(1), Long.MAX_VALUE);
    RcQueuePairs qps = lossy.rocev2().queuePairs();
    assertThat(qps.size()).isEqualTo(senders);
    for (int q = 0; q < senders; q++) {
      // the receiver accepted every PSN of the 293 in order
      assertThat(qps.expected(q)).as("QP " + q).isEqualTo(293);
    }
    // data flows down towards host 0, feedback up: drops on ports that lead closer to host 0
    // are DATA copies, and go-back-N sends each lost PSN again at least once
    long dataDrops = 0;
    int[] hopsToHost0 = hopsTo(FT4, FT4.server(0));
    for (int link = 0; link < FT4.linkCount(); link++) {
      if (hopsToHost0[FT4.target(link)] < hopsToHost0[FT4.source(link)]) {
        dataDrops += lossy.network().drops(link);
      }
    }
    assertThat(dataDrops).isPositive();
    long retrans = 0;
    long lossyEnd = 0;
    for (int i = 0; i < senders; i++) {
      retrans += l.flows().retransmissions(i);
      lossyEnd = Math.max(lossyEnd, l.flows().endPs(i));
    }
    assertThat(retrans).isGreaterThanOrEqualTo(dataDrops);
    assertThat(lossyEnd).isGreaterThanOrEqualTo(Time.serialization(wire, 10_000_000_000L));
    // each PSN is sent once plus its retransmissions
    assertThat(l.dataPackets()).isEqualTo(senders * 293L + retrans);
    Network net = lossy.network();
    assertThat(net.injectedBytes())
        .isEqualTo(net.deliveredBytes() + net.droppedBytes() + net.packets().liveBytes());
  }
}
