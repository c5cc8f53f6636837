package org.fabriclab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.junit.jupiter.api.Test;

/** The packet-hops estimate against the fat-tree's hop counts by hand, and the ten-minute line. */
class WorkEstimateTest {
  private static final Topology FT4 = new FatTree(4).build();

  private static FlowTrace flows(int src, int dst, long bytes, int n) {
    long[] id = new long[n];
    int[] s = new int[n];
    int[] d = new int[n];
    long[] start = new long[n];
    long[] size = new long[n];
    for (int i = 0; i < n; i++) {
      id[i] = i;
      s[i] = src;
      d[i] = dst;
      size[i] = bytes;
    }
    return new FlowTrace(id, s, d, start, size);
  }

  @Test
  void packetHopsFollowTheHopCount() {
    EcmpTable e = new EcmpTable(FT4);
    // hosts 0 and 1 share a ToR (2 hops), hosts 0 and 15 are in different pods (6 hops: host-ToR-agg-core-agg-ToR-host)
    assertThat(WorkEstimate.packetHops(FT4, e, flows(0, 1, 2048, 1))).isEqualTo(2.0 * 2 * 2);
    assertThat(WorkEstimate.packetHops(FT4, e, flows(0, 15, 2049, 1))).isEqualTo(2.0 * 3 * 6);
  }

  @Test
  void onlyARunOfMoreThanTenMinutesIsAnnounced() {
    EcmpTable e = new EcmpTable(FT4);
    // one 10^11 B flow across pods: 97,656,250 packets × 6 hops × 2 = 1.17e9 packet-hops = 146 s: silent
    assertThat(WorkEstimate.announcement(WorkEstimate.packetHops(FT4, e, flows(0, 15, 100_000_000_000L, 1))))
        .isNull();
    // one 10^12 B flow: 976,562,500 packets × 6 × 2 = 1.17e10 packet-hops = 1,465 s = 24 minutes
    assertThat(WorkEstimate.announcement(WorkEstimate.packetHops(FT4, e, flows(0, 15, 1_000_000_000_000L, 1))))
        .startsWith("fabriclab: estimate: this run moves about 1.2e+10 packet-hops;")
        .contains("takes 24 minutes");
    // three of them: 3.52e10 packet-hops = 4,395 s = 73 minutes; 3 days above two of them
    assertThat(WorkEstimate.announcement(WorkEstimate.packetHops(FT4, e, flows(0, 15, 1_000_000_000_000L, 3))))
        .startsWith("fabriclab: estimate: this run moves about 3.5e+10 packet-hops;")
        .contains("takes 73 minutes");
    assertThat(WorkEstimate.announcement(8e6 * 86400 * 3)).contains("takes 3 days");
  }

  @Test
  void aScheduleCountsEachReceiverOfAMulticast() {
    EcmpTable e = new EcmpTable(FT4);
    org.fabriclab.sim.collective.CollectiveSchedule s = new org.fabriclab.sim.collective.CollectiveSchedule(3);
    int t = s.transfer(0, 1, 1024); // hosts 0 -> 1: one packet, 2 hops
    s.multicast(0, new int[] {1, 2}, 2048, t); // to hosts 1 (2 hops) and 15 (6 hops), two packets
    s.step(2, 1000, t);
    // 2·1·2 + 2·2·(2 + 6) = 4 + 32
    assertThat(WorkEstimate.packetHops(FT4, e, s, new int[] {0, 1, 15})).isEqualTo(36.0);
  }
}
