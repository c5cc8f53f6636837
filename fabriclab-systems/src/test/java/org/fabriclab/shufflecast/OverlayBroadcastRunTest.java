package org.fabriclab.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.shufflecast.OverlayBroadcastRun.Baseline;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.GroupResult;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Result;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.junit.jupiter.api.Test;

/**
 * The MPI_Bcast and Cornet baselines of seed 000_9b2589b0d55d7b52.txt §VI-A(a) (Fig. 6(a)):
 * plans checked against closed forms and byte conservation, runs on the §V testbed's comparison
 * network against the idle-network closed form.
 */
class OverlayBroadcastRunTest {
  /** Time to serialise {@code bytes} of payload in 1460 B / 1500 B packets at 10 Gb/s, ns. */
  private static double wireNs(long bytes) {
    long packets = (bytes + 1459) / 1460;
    return packets * 1500 * 8 / 10.0;
  }

  /** Transfers on the longest dependency chain. */
  private static int rounds(CollectiveSchedule p) {
    int[] depth = new int[p.size()];
    int max = 0;
    for (int t = 0; t < p.size(); t++) {
      int d = 0;
      for (int i = 0; i < p.dependencyCount(t); i++) {
        d = Math.max(d, depth[p.dependency(t, i)]);
      }
      depth[t] = d + (p.kind(t) == CollectiveSchedule.Kind.TRANSFER ? 1 : 0);
      max = Math.max(max, depth[t]);
    }
    return max;
  }

  private static long receivedBy(CollectiveSchedule p, int r) {
    long b = 0;
    for (int t = 0; t < p.size(); t++) {
      b += p.receiver(t) == r ? p.bytes(t) : 0;
    }
    return b;
  }

  @Test
  void binomialHasCeilLog2RoundsAndEveryRankReceivesOnce() {
    for (int ranks : new int[] {2, 5, 13, 16}) {
      CollectiveSchedule p = MpiBcastPlan.binomial(ranks, 1000);
      assertThat(p.size()).isEqualTo(ranks - 1);
      assertThat(rounds(p)).isEqualTo(32 - Integer.numberOfLeadingZeros(ranks - 1));
      for (int r = 1; r < ranks; r++) {
        assertThat(receivedBy(p, r)).isEqualTo(1000);
      }
    }
  }

  @Test
  void scatterAllgatherGivesEveryRankEveryBlockAndSendsSeventeenTimesTheMessageFor16Ranks() {
    long bytes = 16 * 1000;
    CollectiveSchedule p = MpiBcastPlan.scatterAllgatherRing(16, bytes);
    // scatter: block v travels popcount(v) hops (sum over 0..15 = 32 = 2 messages); ring: each
    // block travels 15 hops (15 messages)
    long wire = 0;
    for (int t = 0; t < p.size(); t++) {
      wire += p.bytes(t);
    }
    assertThat(wire).isEqualTo(17 * bytes);
    // one-block messages: the ring's 15 steps into every rank, and the scatter's last level into
    // the odd ranks (the scatter's blocks are followed block by block in the engine's schedule test)
    long[] single = new long[16];
    for (int t = 0; t < p.size(); t++) {
      if (p.bytes(t) == 1000) {
        single[p.receiver(t)] += p.bytes(t);
      }
    }
    for (int v = 0; v < 16; v++) {
      assertThat(single[v]).as("rank %d", v).isEqualTo(15 * 1000 + (v % 2) * 1000);
    }
    assertThat(MpiBcastPlan.openMpi(16, (1 << 20) - 1).name()).isEqualTo("binomial");
    assertThat(MpiBcastPlan.openMpi(16, 1 << 20).name()).isEqualTo("scatter_allgather_ring");
    // from 8 ranks on, the rule's plans are the two schedules transfer for transfer
    for (int ranks : new int[] {8, 13, 16, 64}) {
      for (long m : new long[] {1, 1000, (1 << 20) - 1, 1 << 20, 200_000_000}) {
        CollectiveSchedule want = m < (1 << 20) ? MpiBcastPlan.binomial(ranks, m) : MpiBcastPlan.scatterAllgatherRing(ranks, m);
        assertThat(text(MpiBcastPlan.openMpi(ranks, m))).as("%d ranks %d B", ranks, m).isEqualTo(text(want));
      }
    }
  }

  private static String text(CollectiveSchedule p) {
    StringBuilder sb = new StringBuilder(p.name()).append('\n');
    for (int t = 0; t < p.size(); t++) {
      sb.append(p.kind(t)).append(' ').append(p.rank(t)).append("->").append(java.util.Arrays.toString(p.receivers(t)))
          .append(' ').append(p.bytes(t)).append(' ').append(p.durationPs(t)).append(java.util.Arrays.toString(deps(p, t)))
          .append('\n');
    }
    return sb.toString();
  }

  private static int[] deps(CollectiveSchedule p, int t) {
    int[] d = new int[p.dependencyCount(t)];
    for (int i = 0; i < d.length; i++) {
      d[i] = p.dependency(t, i);
    }
    return d;
  }

  @Test
  void cornetDeliversEveryBlockExactlyOnceFromAHolderThatHasIt() {
    int ranks = 16;
    long block = 1000;
    long bytes = 37 * block + 123; // 38 blocks, the last short
    it.unimi.dsi.fastutil.ints.IntArrayList blockOf = new it.unimi.dsi.fastutil.ints.IntArrayList();
    CollectiveSchedule p = CornetPlan.plan(ranks, bytes, block, 0, 7, blockOf);
    int n = 38;
    int[][] times = new int[ranks][n];
    int[] holderOf = new int[p.size()];
    long[] received = new long[ranks];
    for (int t = 0; t < p.size(); t++) {
      int b = blockOf.getInt(t);
      times[p.receiver(t)][b]++;
      received[p.receiver(t)] += p.bytes(t);
      assertThat(p.bytes(t)).isEqualTo(b == n - 1 ? 123 : block);
      if (p.rank(t) != 0) {
        // the peer's own fetch of this block is among the dependencies
        boolean found = false;
        for (int d : deps(p, t)) {
          found |= p.receiver(d) == p.rank(t) && blockOf.getInt(d) == b;
        }
        assertThat(found).as("transfer %d waits for its holder", t).isTrue();
        holderOf[t] = 1;
      }
    }
    for (int r = 1; r < ranks; r++) {
      assertThat(received[r]).isEqualTo(bytes);
      for (int b = 0; b < n; b++) {
        assertThat(times[r][b]).isEqualTo(1);
      }
    }
    assertThat(received[0]).isZero();
    int fromPeers = 0;
    for (int h : holderOf) {
      fromPeers += h;
    }
    assertThat(fromPeers).as("receivers serve each other").isGreaterThan(p.size() / 2);
  }

  @Test
  void binomialOnTheIdleTestbedTakesFourSerialisedSteps() {
    OverlayBroadcastRun run = new OverlayBroadcastRun(2, 2, 2, 10, 0, CornetPlan.BLOCK_BYTES);
    long bytes = 500_000; // < 1 MiB: binomial, 4 rounds for 16 ranks, no two transfers share a link
    ShufflecastMulticastRun shape = new ShufflecastMulticastRun(2, 2, 2, 10);
    Result r = run.run(Baseline.MPI_BCAST, new int[] {0}, new int[][] {shape.members(0, 16)},
        bytes, 0, 1_000_000);
    GroupResult g = r.groups().get(0);
    double closed = 4 * wireNs(bytes);
    // the rest: per step a handshake, the path's propagation and store-and-forward (< 20 µs)
    assertThat((double) g.endNs() - g.startNs()).isBetween(closed, closed + 4 * 20_000);
    for (long b : g.memberBytes()) {
      assertThat(b).isEqualTo(bytes);
    }
    assertThat(r.lossRate()).isZero();
  }

  @Test
  void scatterAllgatherRunDeliversTheWholeMessageToEveryRank() {
    OverlayBroadcastRun run = new OverlayBroadcastRun(2, 2, 2, 10, 0, CornetPlan.BLOCK_BYTES);
    long bytes = 1_600_000;
    ShufflecastMulticastRun shape = new ShufflecastMulticastRun(2, 2, 2, 10);
    Result r = run.run(Baseline.MPI_BCAST, new int[] {3}, new int[][] {shape.members(3, 16)},
        bytes, 0, 1_000_000);
    GroupResult g = r.groups().get(0);
    long sum = 0;
    for (long b : g.memberBytes()) {
      assertThat(b).isGreaterThanOrEqualTo(bytes - bytes / 16);
      sum += b;
    }
    // 17 messages cross the wire (see the plan test); the root takes back 15 of its 16 blocks
    assertThat(sum).isEqualTo(17 * bytes - 15 * bytes / 16);
    // a ring step moves one block per link: 15 ring steps of bytes/16 are a lower bound
    assertThat((double) g.endNs() - g.startNs()).isGreaterThan(15 * wireNs(bytes / 16));
  }

  @Test
  void cornetRunDeliversTheObjectAndPaysTheLocateCostPerBlock() {
    long block = 64 * 1024;
    long bytes = 8 * block;
    ShufflecastMulticastRun shape = new ShufflecastMulticastRun(2, 2, 2, 10);
    long locateNs = 200_000;
    Result r = new OverlayBroadcastRun(2, 2, 2, 10, locateNs, block).run(Baseline.CORNET,
        new int[] {0}, new int[][] {shape.members(0, 8)}, bytes, 0, 100_000);
    GroupResult g = r.groups().get(0);
    for (long b : g.memberBytes()) {
      assertThat(b).isEqualTo(bytes);
    }
    // every receiver fetches 8 blocks one after another, each after a locate
    long jct = g.endNs() - g.startNs();
    assertThat(jct).isGreaterThanOrEqualTo(8 * locateNs + (long) wireNs(block));
    double mean = 0;
    for (long[] s : r.seriesBytes()) {
      for (long v : s) {
        mean += v;
      }
    }
    assertThat(mean).isCloseTo(7.0 * bytes, within(1.0));
  }
}
