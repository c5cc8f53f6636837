package org.fabriclab.shoal.dataplane;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.junit.jupiter.api.Test;

/** The direct schedules {@code shoal} runs: bytes per rank and rounds by hand. */
class DirectSchedulesTest {
  @Test
  void allreduceSendsEachRanksShareOnceAndItsBlockToEveryone() {
    // S = 10 on 4 ranks: blocks 3, 3, 2, 2. Rank i sends the others' blocks (S − b_i) in the
    // reduce-scatter and its own reduced block to 3 ranks: S + 2·b_i
    CollectiveSchedule s = DirectSchedules.of(CollectiveSpec.of(CollectiveOp.ALLREDUCE, 4, 10));
    assertThat(s.bytesSentPerRank()).containsExactly(16, 16, 14, 14);
    assertThat(s.messages()).isEqualTo(2 * 4 * 3);
    // free reductions: one zero-time join per block, after its 3 arrivals
    assertThat(s.size() - s.messages()).isEqualTo(4);
  }

  @Test
  void reduceScatterIsOneRoundWithAReductionPerArrival() {
    CollectiveSpec spec = CollectiveSpec.of(CollectiveOp.REDUCE_SCATTER, 4, 4000).withReduceBytesPerS(1e9);
    CollectiveSchedule s = DirectSchedules.of(spec);
    assertThat(s.bytesSentPerRank()).containsOnly(3000);
    assertThat(s.messages()).isEqualTo(12);
    // each arrival of 1000 B is reduced in 1 µs, one after the other at its owner
    int steps = 0;
    for (int v = 0; v < s.size(); v++) {
      if (s.kind(v) == CollectiveSchedule.Kind.STEP) {
        steps++;
        assertThat(s.durationPs(v)).isEqualTo(1_000_000);
      } else {
        assertThat(s.dependencyCount(v)).isZero();
      }
    }
    assertThat(steps).isEqualTo(12);
  }

  @Test
  void theOtherOperationsAreTheFlatFanOut() {
    CollectiveSchedule s = DirectSchedules.of(CollectiveSpec.of(CollectiveOp.BROADCAST, 5, 100).withRoot(2));
    assertThat(s.bytesSentPerRank()).containsExactly(0, 0, 400, 0, 0);
  }
}
