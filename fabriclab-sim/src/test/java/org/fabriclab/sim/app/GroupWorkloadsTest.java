package org.fabriclab.sim.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.SimulationResult;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/**
 * Triggered transfers: an MPI_Bcast binomial tree (rank r receives from r − 2^⌊log2 r⌋ and then
 * sends to r + 2^k for each later round k, one send at a time) on an idle fat-tree, against the
 * hand-derived closed form.
 */
class TriggersTest {
  static final Topology FT4 = new FatTree(4).build();
  static final long RATE = 10_000_000_000L;

  /** Binomial-tree broadcast of {@code bytes} over ranks placed on {@code hostOfRank}. */
  static TransferGraph binomial(int[] hostOfRank, long bytes) {
    TransferGraph g = new TransferGraph();
    int group = g.newGroup();
    int p = hostOfRank.length;
    int[] received = new int[p]; // the transfer that brought rank r its data (-1: root)
    int[] lastSend = new int[p];
    java.util.Arrays.fill(received, -1);
    java.util.Arrays.fill(lastSend, -1);
    for (int step = 1; step < p; step *= 2) {
      for (int r = 0; r < step && r + step < p; r++) {
        int t = g.add(hostOfRank[r], hostOfRank[r + step], bytes, group, 0);
        if (received[r] >= 0) {
          g.after(t, received[r]);
        }
        if (lastSend[r] >= 0) {
          g.after(t, lastSend[r]);
        }
        lastSend[r] = t;
        received[r + step] = t;
      }
    }
    return g;
  }

  static long jct(String transport, int[] hosts, long bytes) {
    TransferGraph g = binomial(hosts, bytes);
    PacketSimulation ps = PacketSimulation.benchmark(FT4, g.trace(), transport, false, 1,
        Progress.NONE);
    Triggers tr = new Triggers(g, ps);
    SimulationResult r = ps.run(Time.seconds(1), Long.MAX_VALUE);
    assertThat(r.flows().completed()).isEqualTo(hosts.length - 1);
    assertThat(tr.groupsDone()).isEqualTo(1);
    return tr.jctPs(0);
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
  void groupsTableAndCycles() {
    TransferGraph g = binomial(new int[] {0, 4, 8, 12}, 2760);
    PacketSimulation ps = PacketSimulation.benchmark(FT4, g.trace(), "dctcp", false, 1,
        Progress.NONE);
    Triggers tr = new Triggers(g, ps);
    ps.run(Time.seconds(1), Long.MAX_VALUE);
    var table = tr.groupTable();
    assertThat(table.rowCount()).isEqualTo(1);
    assertThat(table.getLong(0, "jctNs")).isEqualTo((tr.jctPs(0) + 500) / 1000);
    TransferGraph cyc = new TransferGraph();
    int grp = cyc.newGroup();
    int a = cyc.add(0, 1, 100, grp, 0);
    int b = cyc.add(1, 2, 100, grp, 0);
    cyc.after(a, b);
    cyc.after(b, a);
    assertThatThrownBy(cyc::trace).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("cycle");
  }
}
