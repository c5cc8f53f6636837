package org.fabriclab.gleam.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.gleam.baseline.HplSchedules.Distribution;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.junit.jupiter.api.Test;

/** Seed 002's baselines (§2.3, §5.1, §5.2) as schedules, checked against closed forms. */
class BaselineSchedulesTest {
  static final long M = 1L << 20;

  static void everyNonRootGetsTheMessageOnce(CollectiveSchedule s, int root, long m) {
    for (int r = 0; r < s.ranks(); r++) {
      assertThat(Schedules.receivedBy(s, r)).as("%s rank %d", s.name(), r).isEqualTo(r == root ? 0 : m);
    }
  }

  @Test
  void linearAndGleam() {
    CollectiveSchedule lin = MpiBcast.linear(4, 0, M);
    assertThat(Schedules.sent(lin)).isEqualTo(3 * M);
    assertThat(Schedules.sentBy(lin, 0)).isEqualTo(3 * M);
    assertThat(Schedules.steps(lin)).isEqualTo(1);
    everyNonRootGetsTheMessageOnce(lin, 0, M);
    CollectiveSchedule g = MpiBcast.gleam(4, 2, M);
    assertThat(Schedules.sent(g)).isEqualTo(M);
    assertThat(Schedules.delivered(g)).isEqualTo(3 * M);
    assertThat(Schedules.steps(g)).isEqualTo(1);
    everyNonRootGetsTheMessageOnce(g, 2, M);
  }

  @Test
  void binomialHasLog2PStepsAndPMinusOneTransfers() {
    for (int k = 1; k <= 6; k++) {
      int p = 1 << k;
      CollectiveSchedule b = MpiBcast.binomial(p, 3 % p, M);
      assertThat(b.size()).isEqualTo(p - 1);
      assertThat(Schedules.steps(b)).isEqualTo(k);
      assertThat(Schedules.sent(b)).isEqualTo((p - 1) * M);
      everyNonRootGetsTheMessageOnce(b, 3 % p, M);
      // the root sends once per round: k times
      assertThat(Schedules.sentBy(b, 3 % p)).isEqualTo(k * M);
    }
    // P = 4: root sends to 2 first (largest subtree), then 2 -> 3 and 0 -> 1
    CollectiveSchedule b4 = MpiBcast.binomial(4, 0, M);
    assertThat(b4.receiver(0)).isEqualTo(2);
  }

  @Test
  void binaryTreeAndPipeline() {
    CollectiveSchedule bt = MpiBcast.binaryTree(7, 0, M);
    assertThat(Schedules.steps(bt)).isEqualTo(2);
    assertThat(Schedules.sentBy(bt, 0)).isEqualTo(2 * M);
    everyNonRootGetsTheMessageOnce(bt, 0, M);
    // pipeline: S segments over a chain of P ranks: S(P-1) transfers, each segment P - 1 hops
    int p = 5;
    long seg = M / 8;
    CollectiveSchedule pl = MpiBcast.chain(p, 1, M, 1, seg);
    assertThat(pl.size()).isEqualTo(8 * (p - 1));
    assertThat(Schedules.steps(pl)).isEqualTo(p - 1);
    assertThat(Schedules.sent(pl)).isEqualTo((p - 1) * M);
    everyNonRootGetsTheMessageOnce(pl, 1, M);
    // a last partial segment
    CollectiveSchedule odd = MpiBcast.chain(3, 0, 10, 1, 4);
    assertThat(java.util.stream.IntStream.range(0, odd.size()).mapToLong(odd::bytes).toArray())
        .containsExactly(4L, 4L, 4L, 4L, 2L, 2L);
    // chain with fan-out 4 over 4 ranks: the root feeds 3 chains of one rank
    CollectiveSchedule ch = MpiBcast.chain(4, 0, M, 4, 0);
    assertThat(Schedules.sentBy(ch, 0)).isEqualTo(3 * M);
    assertThat(Schedules.steps(ch)).isEqualTo(1);
  }

  @Test
  void scatterAllgatherRingBytes() {
    for (int k = 1; k <= 5; k++) {
      int p = 1 << k;
      long m = (long) p * 4096;
      CollectiveSchedule s = MpiBcast.scatterAllgatherRing(p, 0, m);
      // binomial scatter: (M/P)·(P/2)·log2 P; ring allgather: (P-1)·M
      assertThat(Schedules.sent(s)).isEqualTo(m / p * (p / 2) * k + (p - 1) * m);
      assertThat(Schedules.steps(s)).isEqualTo(k + p - 1);
      // scatter: M - M/P; ring: P - 1 blocks
      assertThat(Schedules.sentBy(s, 0)).isEqualTo(2 * (p - 1) * m / p);
    }
  }

  @Test
  void openMpiDecisionForTheFourServerTestbed() {
    assertThat(MpiBcast.openMpiAlgorithm(4, 64)).isEqualTo("binomial");
    assertThat(MpiBcast.openMpiAlgorithm(4, 4096)).isEqualTo("binomial");
    assertThat(MpiBcast.openMpiAlgorithm(4, 64 * 1024)).isEqualTo("linear");
    assertThat(MpiBcast.openMpiAlgorithm(4, (1 << 20) - 1)).isEqualTo("linear");
    assertThat(MpiBcast.openMpiAlgorithm(4, 1 << 30)).isEqualTo("chain");
    assertThat(MpiBcast.openMpiAlgorithm(3, 200_000)).isEqualTo("chain");
    assertThat(MpiBcast.openMpiAlgorithm(64, 1 << 30)).isEqualTo("scatter_allgather_ring");
    assertThat(Schedules.sentBy(MpiBcast.openMpi(4, 0, 1 << 30), 0)).isEqualTo(3L << 30);
  }

  @Test
  void hplPanelBroadcastAndRowSwap() {
    int p = 8;
    CollectiveSchedule ring = HplSchedules.increasingRing(p, 3, M);
    assertThat(Schedules.sent(ring)).isEqualTo((p - 1) * M);
    assertThat(Schedules.steps(ring)).isEqualTo(p - 1);
    everyNonRootGetsTheMessageOnce(ring, 3, M);
    CollectiveSchedule uni = HplSchedules.longRowSwap(p, 0, M, Distribution.UNIFORM);
    assertThat(Schedules.sent(uni)).isEqualTo((p - 1) * M);
    assertThat(Schedules.steps(uni)).isEqualTo(p - 1);
    CollectiveSchedule cen = HplSchedules.longRowSwap(p, 0, M, Distribution.CENTRALISED);
    assertThat(Schedules.sent(cen)).isEqualTo((p - 1) * M / p + (p - 1) * M);
    assertThat(Schedules.steps(cen)).isEqualTo(p);
    // every rank ends with every share it did not own: M - own share
    for (int r = 0; r < p; r++) {
      assertThat(Schedules.receivedBy(uni, r)).isEqualTo(M - M / p);
    }
    CollectiveSchedule gu = HplSchedules.gleamRowSwap(p, 0, M, Distribution.UNIFORM);
    assertThat(Schedules.sent(gu)).isEqualTo(M);
    assertThat(gu.size()).isEqualTo(p);
    assertThat(Schedules.steps(gu)).isEqualTo(1);
    CollectiveSchedule gc = HplSchedules.gleamRowSwap(p, 0, M, Distribution.CENTRALISED);
    assertThat(Schedules.delivered(gc)).isEqualTo((p - 1) * M);
  }

  @Test
  void storageReplication() {
    long io = 8192;
    assertThat(Schedules.sent(StorageReplication.unicasts(3, io))).isEqualTo(3 * io);
    assertThat(Schedules.sent(StorageReplication.oneCopy(io))).isEqualTo(io);
    CollectiveSchedule g = StorageReplication.gleam(3, io, 126);
    assertThat(Schedules.sent(g)).isEqualTo(io + 126);
    assertThat(Schedules.delivered(g)).isEqualTo(3 * (io + 126));
    assertThat(Schedules.steps(g)).isEqualTo(2);
  }
}
