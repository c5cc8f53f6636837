package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/**
 * Gleam at packet level along a tree (seed 002 Fig. 4 placement on a k=4 fat-tree: S and R1 in pod
 * 0 on different edge switches, R2 and R3 in pod 1): a {@code GleamSwitchElement} on every switch
 * of the registered tree, ACK aggregation and NACK filtering composed across switches (Alg. 2/3).
 */
class GleamPacketTreeTest {
  static final FatTree FT = new FatTree(4);
  static final Topology T = FT.build();

  static int index(int node) {
    return Arrays.binarySearch(T.servers(), node);
  }

  static final int S = index(FT.server(0, 0, 0));
  static final int[] R = {index(FT.server(0, 1, 0)), index(FT.server(1, 0, 0)), index(FT.server(1, 1, 0))};

  @Test
  void losslessTreeDeliversOnceAndMatchesThePipelineClosedForm() {
    long size = 64 * 1024; // 64 packets of 1024 + 64 B
    PacketBcast.Result r = PacketBcast.run("gleam", T, S, R, size, 0, List.of(), 1);
    assertThat(r.deliveredBytes()).containsExactly(size, size, size);
    assertThat(r.duplicateOrOutOfOrder()).containsExactly(0, 0, 0);
    assertThat(r.sourceTxBytes()).isEqualTo(64 * 1088);
    assertThat(r.retransmittedPackets()).isZero();
    assertThat(r.conserved()).as(r.accounting()).isTrue();
    // store-and-forward pipeline over the longest branch, 6 links (S-edge-agg-core-agg-edge-R2):
    // (packets + links - 1) packet times + 6 propagation delays; every link has the same rate/delay
    int link = T.firstLink(T.server(S));
    long ser = (1088L * 8 * 1_000_000_000_000L + T.capacityBps(link) - 1) / T.capacityBps(link);
    long jct = (64 + 6 - 1) * ser + 6 * T.delayPs(link);
    assertThat(r.jctPs()).isBetween(jct - ser, jct + ser);
  }

  @Test
  void fig7DropsAcrossTheTreeNackP1First() {
    long size = 16 * 1024;
    PacketBcast.Result r = PacketBcast.run("gleam", T, S, R, size, 0,
        List.of(new int[] {R[0], 1}, new int[] {R[1], 2}), 1);
    assertThat(r.sourceNacks()[0]).isEqualTo(1);
    assertThat(r.deliveredBytes()).containsExactly(size, size, size);
    assertThat(r.duplicateOrOutOfOrder()).containsExactly(0, 0, 0);
    assertThat(r.sourceTxBytes()).isEqualTo((16 + r.retransmittedPackets()) * 1088L);
    assertThat(r.conserved()).as(r.accounting()).isTrue();
  }

  @Test
  void lossOnEverySwitchPortStillDeliversEveryByteOnce() {
    long size = 1 << 20;
    for (long seed = 1; seed <= 2; seed++) {
      PacketBcast.Result r = PacketBcast.run("gleam", T, S, R, size, 1e-3, List.of(), seed);
      assertThat(r.deliveredBytes()).containsExactly(size, size, size);
      assertThat(r.duplicateOrOutOfOrder()).containsExactly(0, 0, 0);
      assertThat(r.sourceTxBytes()).isEqualTo(size + 1024L * 64 + r.retransmittedPackets() * 1088);
      assertThat(r.conserved()).as(r.accounting()).isTrue();
    }
  }
}
