package org.fabriclab.sim.transport.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.SimulationResult;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

class TcpTransportTest {
  static final Topology FT4 = new FatTree(4).build();

  static FlowTrace trace(long[][] flows) {
    int n = flows.length;
    long[] id = new long[n];
    int[] s = new int[n];
    int[] d = new int[n];
    long[] st = new long[n];
    long[] sz = new long[n];
    for (int i = 0; i < n; i++) {
      id[i] = i;
      s[i] = (int) flows[i][0];
      d[i] = (int) flows[i][1];
      st[i] = flows[i][2];
      sz[i] = flows[i][3];
    }
    return new FlowTrace(id, s, d, st, sz);
  }

  static PacketSimulation sim(FlowTrace t, String transport) {
    return PacketSimulation.benchmark(FT4, t, transport, false, 1, Progress.NONE);
  }

  @Test
  void singleFlowInTheInitialWindowMatchesTheClosedForm() {
    long ser120 = Time.serialization(120, 10_000_000_000L);
    long ser1500 = Time.serialization(1500, 10_000_000_000L);
    long prop = Time.us(1);
    for (String tr : new String[] {"dctcp", "newreno"}) {
      for (int dst : new int[] {1, 2, 15}) {
        int hops = dst == 1 ? 2 : dst == 2 ? 4 : 6;
        for (int packets = 1; packets <= 3; packets++) {
          PacketSimulation ps = sim(trace(new long[][] {{0, dst, 5000, 1380L * packets}}), tr);
          SimulationResult r = ps.run(Long.MAX_VALUE, Long.MAX_VALUE);
          // handshake (SYN + SYN-ACK, header only) + pipelined store-and-forward of the window
          long expected = 2L * hops * (ser120 + prop) + (packets - 1) * ser1500
              + hops * (ser1500 + prop);
          assertThat(r.flows().fctPs(0)).as(tr + " to " + dst + ", " + packets + " packets")
              .isEqualTo(expected);
          assertThat(r.flows().retransmissions(0)).isZero();
        }
      }
    }
  }

  @Test
  void longSingleFlowApproachesLineRate() {
    long size = 10_000_000;
    SimulationResult r = sim(trace(new long[][] {{0, 15, 0, size}}), "dctcp")
        .run(Long.MAX_VALUE, Long.MAX_VALUE);
    long packets = (size + 1379) / 1380;
    long lineRate = Time.serialization(size + packets * 120, 10_000_000_000L);
    long rtt = 6 * 2 * (Time.us(1) + Time.serialization(1500, 10_000_000_000L));
    assertThat(r.flows().fctPs(0)).isBetween(lineRate, lineRate + 14 * rtt);
    assertThat(r.droppedPackets()).isZero();
  }

  /**
   * Two long DCTCP flows from hosts 4 and 5 (pod 1, same RTT) into host 0. Over 200 ms each gets
   * its fair half within 5% and the bottleneck queue averages near the 30 KB threshold. (Flows
   * whose packets reach a queue at exactly equal instants can lock into an unfair split in a
   * jitter-free simulation; this pair does not.)
   */
  @Test
  void dctcpHoldsTheQueueNearTheThresholdAndSharesFairly() {
    long big = 1_000_000_000L;
    PacketSimulation ps = sim(trace(new long[][] {{4, 0, 0, big}, {5, 0, 0, big}}), "dctcp");
    long horizon = Time.ms(200);
    ps.run(horizon, Long.MAX_VALUE);
    int bottleneck = FT4.reverse(FT4.link(FT4.server(0), 0));
    double avg = ps.network().averageOccupancyBytes(bottleneck);
    assertThat(avg).isBetween(15_000.0, 45_000.0);
    assertThat(ps.network().drops(bottleneck)).isZero();
    assertThat(ps.network().marks(bottleneck)).isPositive();
    assertThat(ps.network().maxOccupancyBytes(bottleneck)).isLessThan(150_000);
    long a = ps.transport().receivedInOrder(0);
    long b = ps.transport().receivedInOrder(1);
    assertThat(Math.abs(a / (double) (a + b) - 0.5) / 0.5).isLessThan(0.05);
    double gbps = (a + b) * 1500 * 8.0 / Time.toSeconds(horizon) / 1e9;
    assertThat(gbps).isBetween(9.5, 10.0);
  }

  /**
   * Incast of 12 NewReno flows (hosts 1..12, starts 1 µs apart) into host 0 through a 20 KB port
   * buffer. After one round trip of slow start (initial window 3) the 12 windows hold 72 packets,
   * more than the port's 13 buffered packets plus the ~11 a 13 µs round trip keeps on the 10 Gb/s
   * wire, so the port drops and loss recovery must run. Independent
   * checks: every receiver holds ceil(size / 1380) segments in order; every dropped copy on the
   * port was sent again (retransmissions ≥ the port's drops); no flow beats its uncontended closed
   * form (handshake + serialization of all its packets + store-and-forward and propagation of the
   * last over the path's hops); the last byte cannot arrive before all wire bytes of the 12 flows
   * crossed the port.
   */
  @Test
  void newRenoRecoversFromDropsAndEveryFlowCompletes() {
    long[][] f = new long[12][];
    for (int i = 0; i < f.length; i++) {
      f[i] = new long[] {1 + i, 0, 1000L * i, 400_000 + 10_000L * i};
    }
    FlowTrace t = trace(f);
    NetworkConfig small = new NetworkConfig(20_000, Long.MAX_VALUE,
        NetworkConfig.Routing.ECMP_PER_FLOW, 1);
    PacketSimulation ps = new PacketSimulation(FT4, new EcmpTable(FT4), t, "newreno", small,
        TcpConfig.benchmark(false), Progress.NONE);
    SimulationResult r = ps.run(Time.seconds(5), Long.MAX_VALUE);
    long rate = 10_000_000_000L;
    long ser120 = Time.serialization(120, rate);
    long prop = Time.us(1);
    int bottleneck = FT4.reverse(FT4.link(FT4.server(0), 0));
    long drops = ps.network().drops(bottleneck);
    // 12 windows of 6 after one round trip against 13 buffered and ~11 on the wire
    assertThat(drops).isPositive();
    long retrans = 0;
    long wire = 0;
    long lastEnd = 0;
    for (int i = 0; i < t.size(); i++) {
      long size = f[i][3];
      int segments = (int) ((size + 1379) / 1380);
      assertThat(ps.transport().receivedInOrder(i)).as("flow " + i).isEqualTo(segments);
      long last = size - 1380L * (segments - 1) + 120;
      int src = 1 + i;
      int hops = src == 1 ? 2 : src < 4 ? 4 : 6; // same ToR, same pod, other pod
      long alone = 2L * hops * (ser120 + prop) + Time.serialization(size + 120L * segments, rate)
          + (hops - 1) * Time.serialization(last, rate) + hops * prop;
      assertThat(r.flows().fctPs(i)).as("flow " + i).isGreaterThanOrEqualTo(alone);
      retrans += r.flows().retransmissions(i);
      wire += size + 120L * segments;
      lastEnd = Math.max(lastEnd, r.flows().endPs(i));
    }
    assertThat(retrans).isGreaterThanOrEqualTo(drops);
    assertThat(lastEnd).isGreaterThanOrEqualTo(Time.serialization(wire, rate));
  }

  @Test
  void identicalSeedsGiveIdenticalRuns() {
    long[][] f = new long[40][];
    for (int i = 0; i < f.length; i++) {
      f[i] = new long[] {i % 16, (i * 7 + 3) % 16 == i % 16 ? (i + 1) % 16 : (i * 7 + 3) % 16,
          2000L * i, 20_000 + 37_000L * (i % 9)};
    }
    FlowTrace t = trace(f);
    SimulationResult a = sim(t, "dctcp").run(Long.MAX_VALUE, Long.MAX_VALUE);
    SimulationResult b = sim(t, "dctcp").run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertThat(a.flows().table()).isEqualTo(b.flows().table());
    assertThat(a.ports()).isEqualTo(b.ports());
    assertThat(a.events()).isEqualTo(b.events());
    assertThat(a.flows().completed()).isEqualTo(t.size());
  }
}
