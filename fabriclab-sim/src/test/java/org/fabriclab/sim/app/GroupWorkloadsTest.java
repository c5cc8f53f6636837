package org.fabriclab.sim.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.collective.CollectiveResult;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.PacketCollective;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.transport.TransportSpec;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/**
 * Triggered transfers on the packet engine: an MPI_Bcast binomial tree (rank r receives from
 * r − 2^⌊log2 r⌋ and then sends to r + 2^k for each later round k, one send at a time) on an idle
 * fat-tree, against the hand-derived closed form; the generated multicast workload's groups as
 * phases and release times.
 */
class GroupWorkloadsTest {
  static final Topology FT4 = new FatTree(4).build();
  static final long RATE = 10_000_000_000L;

  /** Binomial-tree broadcast of {@code bytes} over {@code p} ranks, sends one at a time. */
  static CollectiveSchedule binomial(int p, long bytes) {
    CollectiveSchedule g = new CollectiveSchedule(p);
    g.beginPhase("bcast");
    int[] received = new int[p]; // the transfer that brought rank r its data (-1: root)
    int[] lastSend = new int[p];
    java.util.Arrays.fill(received, -1);
    java.util.Arrays.fill(lastSend, -1);
    for (int step = 1; step < p; step *= 2) {
      for (int r = 0; r < step && r + step < p; r++) {
        int[] after = received[r] < 0 && lastSend[r] < 0 ? new int[0]
            : received[r] < 0 ? new int[] {lastSend[r]}
            : lastSend[r] < 0 ? new int[] {received[r]} : new int[] {received[r], lastSend[r]};
        int t = g.transfer(r, r + step, bytes, after);
        lastSend[r] = t;
        received[r + step] = t;
      }
    }
    return g;
  }

  static long jct(String transport, int[] hosts, long bytes) {
    CollectiveSchedule g = binomial(hosts.length, bytes);
    PacketCollective pc = new PacketCollective(FT4, new EcmpTable(FT4), g, hosts,
        TransportSpec.preset(transport, false), PacketSimulation.benchmarkNetwork(transport, 1), Progress.NONE);
    CollectiveResult r = pc.run(Time.seconds(1), Long.MAX_VALUE, 0, hosts);
    PhaseTimes pt = new PhaseTimes(g);
    assertThat(pt.phasesDone(r.nodeEndPs())).isEqualTo(1);
    assertThat(pt.jctPs(0, r.nodeEndPs())).isEqualTo(r.jctPs());
    return r.jctPs();
  }

  @Test
  void roceBinomialBroadcastMatchesTheClosedForm() {
    // one rank per pod: the two transfers of round 2 (0→2, 1→3) share no link, so each takes the
    // lone-flow time T = (n−1)·ser + 6·(ser + 1 µs) for n full 1088 B packets over 6 hops. Rank 1
    // finishes receiving at T, its NIC first sends the last 64 B ACK, then its data: JCT = 2T + ser(64).
    int n = 40;
    long ser = Time.serialization(1088, RATE);
    long t = (n - 1) * ser + 6 * (ser + Time.us(1));
    assertThat(jct("rocev2", new int[] {0, 4}, 1024L * n)).isEqualTo(t);
    assertThat(jct("rocev2", new int[] {0, 4, 8, 12}, 1024L * n))
        .isEqualTo(2 * t + Time.serialization(64, RATE));
  }

  @Test
  void dctcpBinomialBroadcastMatchesTheClosedForm() {
    // 2 segments: T = handshake (12 hops of a 120 B packet) + ser + 6·(ser + 1 µs); the receiver
    // completes before it sends its ACK, so the triggered SYN leaves first: JCT = 2T
    long ser120 = Time.serialization(120, RATE);
    long ser1500 = Time.serialization(1500, RATE);
    long t = 12 * (ser120 + Time.us(1)) + ser1500 + 6 * (ser1500 + Time.us(1));
    assertThat(jct("dctcp", new int[] {0, 4, 8, 12}, 2760)).isEqualTo(2 * t);
  }

  @Test
  void multicastGroupsArePhasesWithReleaseTimes() {
    CollectiveSchedule g = GroupWorkloads.multicast(16, 3, 5, 1000, 1e5, 7);
    assertThat(g.phases()).isEqualTo(5);
    FlowTrace tr = GroupWorkloads.releaseTrace(g);
    assertThat(tr.size()).isEqualTo(15);
    for (int f = 0; f < tr.size(); f++) {
      int group = f / 3;
      // the group's members: one source, three distinct receivers, all at the group's arrival
      assertThat(tr.src(f)).isEqualTo(tr.src(group * 3));
      assertThat(tr.startNs(f)).isEqualTo(tr.startNs(group * 3));
      assertThat(tr.dst(f)).isNotEqualTo(tr.src(f));
    }
    assertThat(tr.startNs(0)).isZero();
    for (int k = 1; k < 5; k++) {
      assertThat(tr.startNs(3 * k)).isGreaterThanOrEqualTo(tr.startNs(3 * (k - 1)));
    }
    PhaseTimes pt = new PhaseTimes(g);
    long[] ends = new long[g.size()];
    java.util.Arrays.fill(ends, -1);
    assertThat(pt.phasesDone(ends)).isZero();
    assertThat(pt.table("groups", "group", ends).rowCount()).isEqualTo(5);
  }
}
