package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.sim.transport.rocev2.RdmaCompletions;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/**
 * Seed 002 Appendix B (Fig. 19) on the packet engine: one group, the source changes between
 * messages (each next message is posted when the previous one's send completion says every
 * receiver has it), the old and new source synchronise their PSNs, the switches learn the new
 * ingress port. Members on a k=4 fat-tree in Fig. 4's placement (two pods, so the source's side of
 * the tree changes at edge, aggregation and core switches).
 */
class SourceSwitchingPacketTest {
  static final FatTree FT = new FatTree(4);
  static final Topology T = FT.build();

  static int index(int node) {
    return Arrays.binarySearch(T.servers(), node);
  }

  static final int[] MEMBERS = {index(FT.server(0, 0, 0)), index(FT.server(0, 1, 0)),
      index(FT.server(1, 0, 0)), index(FT.server(1, 1, 1))};

  /** Runs messages {@code sizes[i]} from member {@code sources[i]}, one after another. */
  static PacketGroup run(int[] sources, long[] sizes, double loss, boolean sync) {
    NetworkConfig nc = new NetworkConfig(16L << 20, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, 7);
    if (loss > 0) {
      nc = nc.withLoss(loss);
    }
    PacketGroup g = new PacketGroup(T, nc, RcConfig.defaults(), MEMBERS);
    g.setSynchronise(sync);
    g.recordPsns();
    int[] next = {1};
    g.setCompletions(new RdmaCompletions() {
      @Override
      public void sendComplete(int q, long id, long now) {
        if (next[0] < sources.length) {
          int i = next[0]++;
          g.multicast(sources[i], sizes[i], i);
        }
      }

      @Override
      public void receiveComplete(int q, long id, long now) { }
    });
    g.multicast(sources[0], sizes[0], 0);
    g.run(Time.ms(500), 100_000_000L);
    return g;
  }

  /** The PSNs member {@code m} must accept, in order: every message it did not send, its PSN range. */
  static int[] expectedPsns(int m, int[] sources, long[] sizes) {
    IntArrayList want = new IntArrayList();
    int psn = 0;
    for (int i = 0; i < sources.length; i++) {
      int packets = (int) ((sizes[i] + 1023) / 1024);
      if (sources[i] != m) {
        for (int k = 0; k < packets; k++) {
          want.add(psn + k);
        }
      }
      psn += packets;
    }
    return want.toIntArray();
  }

  static long expectedBytes(int m, int[] sources, long[] sizes) {
    long b = 0;
    for (int i = 0; i < sources.length; i++) {
      b += sources[i] != m ? sizes[i] : 0;
    }
    return b;
  }

  @Test
  void everyReceiverGetsEveryByteOnceAndInOrderAcrossSourceSwitches() {
    int[] sources = {0, 1, 2, 0, 3};
    long[] sizes = {100_000, 50_000, 70_001, 1, 33_333};
    PacketGroup g = run(sources, sizes, 0, true);
    for (int m = 0; m < 4; m++) {
      assertThat(g.acceptedPsns(m)).as("member " + m).containsExactly(expectedPsns(m, sources, sizes));
      assertThat(g.acceptedBytes(m)).isEqualTo(expectedBytes(m, sources, sizes));
    }
    assertThat(g.network().accounting().inFlightPackets()).isZero();
  }

  @Test
  void theSameUnderLossOnEverySwitchPort() {
    int[] sources = {0, 2, 1, 3, 0};
    long[] sizes = {400_000, 300_000, 200_000, 250_000, 100_000};
    PacketGroup g = run(sources, sizes, 1e-3, true);
    for (int m = 0; m < 4; m++) {
      assertThat(g.acceptedPsns(m)).as("member " + m).containsExactly(expectedPsns(m, sources, sizes));
      assertThat(g.acceptedBytes(m)).isEqualTo(expectedBytes(m, sources, sizes));
    }
    assertThat(g.network().totalDrops()).as("losses happened").isPositive();
    assertThat(g.transport().dataPackets()).as("and were retransmitted")
        .isGreaterThan(Arrays.stream(sizes).map(s -> (s + 1023) / 1024).sum());
  }

  @Test
  void withoutPsnSynchronisationTheOtherReceiversDropTheNewSourcesPackets() {
    // Fig. 19: A multicasts 100 packets, then B starts at its own sqPSN 0: C and D expect 100
    int[] sources = {0, 1};
    long[] sizes = {100 * 1024, 10 * 1024};
    PacketGroup g = run(sources, sizes, 0, false);
    assertThat(g.acceptedPackets(2)).isEqualTo(100);
    assertThat(g.acceptedPackets(3)).isEqualTo(100);
    // A's receive queue still expects 0, so it takes B's PSNs 0..9
    assertThat(g.acceptedPsns(0)).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
  }
}
