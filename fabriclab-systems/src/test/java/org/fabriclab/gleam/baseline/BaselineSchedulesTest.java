package org.fabriclab.gleam.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.gleam.baseline.HplSchedules.Distribution;
import org.junit.jupiter.api.Test;

/** Issue 10 item 7: the baselines as transfer schedules, checked against closed forms. */
class BaselineSchedulesTest {
  static final long M = 1L << 20;

  static void everyNonRootGetsTheMessageOnce(TransferSchedule s, int root, long m) {
    for (int r = 0; r < s.ranks(); r++) {
      assertThat(s.receivedBy(r)).as("%s rank %d", s.name(), r).isEqualTo(r == root ? 0 : m);
    }
  }

  @Test
  void linearAndGleam() {
    TransferSchedule lin = MpiBcast.linear(4, 0, M);
    assertThat(lin.sentBytes()).isEqualTo(3 * M);
    assertThat(lin.sentBy(0)).isEqualTo(3 * M);
    assertThat(lin.steps()).isEqualTo(1);
    everyNonRootGetsTheMessageOnce(lin, 0, M);
    TransferSchedule g = MpiBcast.gleam(4, 2, M);
    assertThat(g.sentBytes()).isEqualTo(M);
    assertThat(g.deliveredBytes()).isEqualTo(3 * M);
    assertThat(g.steps()).isEqualTo(1);
    everyNonRootGetsTheMessageOnce(g, 2, M);
  }

  @Test
  void binomialHasLog2PStepsAndPMinusOneTransfers() {
    for (int k = 1; k <= 6; k++) {
      int p = 1 << k;
      TransferSchedule b = MpiBcast.binomial(p, 3 % p, M);
      assertThat(b.transfers()).hasSize(p - 1);
      assertThat(b.steps()).isEqualTo(k);
      assertThat(b.sentBytes()).isEqualTo((p - 1) * M);
      everyNonRootGetsTheMessageOnce(b, 3 % p, M);
      // the root sends once per round: k times
      assertThat(b.sentBy(3 % p)).isEqualTo(k * M);
    }
    // P = 4: root sends to 2 first (largest subtree), then 2 -> 3 and 0 -> 1
    TransferSchedule b4 = MpiBcast.binomial(4, 0, M);
    assertThat(b4.transfers().get(0).dst(0)).isEqualTo(2);
  }

  @Test
  void binaryTreeAndPipeline() {
    TransferSchedule bt = MpiBcast.binaryTree(7, 0, M);
    assertThat(bt.steps()).isEqualTo(2);
    assertThat(bt.sentBy(0)).isEqualTo(2 * M);
    everyNonRootGetsTheMessageOnce(bt, 0, M);
    // pipeline: S segments over a chain of P ranks: S(P-1) transfers, each segment P - 1 hops
    int p = 5;
    long seg = M / 8;
    TransferSchedule pl = MpiBcast.chain(p, 1, M, 1, seg);
    assertThat(pl.transfers()).hasSize(8 * (p - 1));
    assertThat(pl.steps()).isEqualTo(p - 1);
    assertThat(pl.sentBytes()).isEqualTo((p - 1) * M);
    everyNonRootGetsTheMessageOnce(pl, 1, M);
    // a last partial segment
    TransferSchedule odd = MpiBcast.chain(3, 0, 10, 1, 4);
    assertThat(odd.transfers()).extracting(Transfer::bytes).containsExactly(4L, 4L, 4L, 4L, 2L, 2L);
    // chain with fan-out 4 over 4 ranks: the root feeds 3 chains of one rank
    TransferSchedule ch = MpiBcast.chain(4, 0, M, 4, 0);
    assertThat(ch.sentBy(0)).isEqualTo(3 * M);
    assertThat(ch.steps()).isEqualTo(1);
  }

  @Test
  void scatterAllgatherRingBytes() {
    for (int k = 1; k <= 5; k++) {
      int p = 1 << k;
      long m = (long) p * 4096;
      TransferSchedule s = MpiBcast.scatterAllgatherRing(p, 0, m);
      // binomial scatter: (M/P)·(P/2)·log2 P; ring allgather: (P-1)·M
      assertThat(s.sentBytes()).isEqualTo(m / p * (p / 2) * k + (p - 1) * m);
      assertThat(s.steps()).isEqualTo(k + p - 1);
      // scatter: M - M/P; ring: P - 1 blocks
      assertThat(s.sentBy(0)).isEqualTo(2 * (p - 1) * m / p);
    }
  }

  @Test
  void openMpiDecisionForTheFourServerTestbed() {
    assertThat(OpenMpiBcastDecision.algorithm(4, 64)).isEqualTo("binomial");
    assertThat(OpenMpiBcastDecision.algorithm(4, 4096)).isEqualTo("binomial");
    assertThat(OpenMpiBcastDecision.algorithm(4, 64 * 1024)).isEqualTo("linear");
    assertThat(OpenMpiBcastDecision.algorithm(4, (1 << 20) - 1)).isEqualTo("linear");
    assertThat(OpenMpiBcastDecision.algorithm(4, 1 << 30)).isEqualTo("chain");
    assertThat(OpenMpiBcastDecision.algorithm(3, 200_000)).isEqualTo("chain");
    assertThat(OpenMpiBcastDecision.algorithm(64, 1 << 30)).isEqualTo("scatter_allgather_ring");
    assertThat(OpenMpiBcastDecision.schedule(4, 0, 1 << 30).sentBy(0)).isEqualTo(3L << 30);
  }

  @Test
  void hplPanelBroadcastAndRowSwap() {
    int p = 8;
    TransferSchedule ring = HplSchedules.increasingRing(p, 3, M);
    assertThat(ring.sentBytes()).isEqualTo((p - 1) * M);
    assertThat(ring.steps()).isEqualTo(p - 1);
    everyNonRootGetsTheMessageOnce(ring, 3, M);
    TransferSchedule uni = HplSchedules.longRowSwap(p, 0, M, Distribution.UNIFORM);
    assertThat(uni.sentBytes()).isEqualTo((p - 1) * M);
    assertThat(uni.steps()).isEqualTo(p - 1);
    TransferSchedule cen = HplSchedules.longRowSwap(p, 0, M, Distribution.CENTRALISED);
    assertThat(cen.sentBytes()).isEqualTo((p - 1) * M / p + (p - 1) * M);
    assertThat(cen.steps()).isEqualTo(p);
    // every rank ends with every share it did not own: M - own share
    for (int r = 0; r < p; r++) {
      assertThat(uni.receivedBy(r)).isEqualTo(M - M / p);
    }
    TransferSchedule gu = HplSchedules.gleamRowSwap(p, 0, M, Distribution.UNIFORM);
    assertThat(gu.sentBytes()).isEqualTo(M);
    assertThat(gu.transfers()).hasSize(p);
    assertThat(gu.steps()).isEqualTo(1);
    TransferSchedule gc = HplSchedules.gleamRowSwap(p, 0, M, Distribution.CENTRALISED);
    assertThat(gc.deliveredBytes()).isEqualTo((p - 1) * M);
  }

  @Test
  void storageReplication() {
    long io = 8192;
    assertThat(StorageReplication.unicasts(3, io).sentBytes()).isEqualTo(3 * io);
    assertThat(StorageReplication.oneCopy(io).sentBytes()).isEqualTo(io);
    TransferSchedule g = StorageReplication.gleam(3, io, 126);
    assertThat(g.sentBytes()).isEqualTo(io + 126);
    assertThat(g.deliveredBytes()).isEqualTo(3 * (io + 126));
    assertThat(g.steps()).isEqualTo(2);
  }
}
