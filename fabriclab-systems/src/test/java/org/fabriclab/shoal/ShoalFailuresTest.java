package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.rng.RandomStreams;
import org.junit.jupiter.api.Test;

/** Failed switches and links (seed 003 §3.5, Table 1) against closed forms of the cyclic schedule. */
class ShoalFailuresTest {

  /**
   * One plane (C = 1), N = 32, k = 8, 4 spines: a cell i→j crosses spine j mod 4, so with spine 0
   * down pair (i, j) dies when j ≡ 0 or (reverse path) i ≡ 0 mod 4: the 8 nodes ≡ 0 lose every pair;
   * the 24 others lose their 8 slots to them: 24·8 / (24·31).
   */
  @Test
  void spineFailureClosedForm() {
    ShoalConfig cfg = new ShoalConfig(32, 8, 1, 100, 23.25, 2.75, 64, 0, false, true, true, true);
    ShoalFailures f = ShoalFailures.component(cfg, FailedSlots.Component.SPINE, 0, 0, 0);
    for (int i = 0; i < 32; i++) {
      assertThat(f.live(i)).isEqualTo(i % 4 != 0);
      for (int j = 0; j < 32; j++) {
        if (i != j) {
          assertThat(f.dead(i, j)).isEqualTo(i % 4 == 0 || j % 4 == 0);
        }
      }
    }
    assertThat(f.deadSlotFraction()).isEqualTo(24 * 8 / (24.0 * 31));
  }

  /**
   * Two planes (C = 2, E = 16): column q = (j − i) mod N of pair (i, j) is played on channel
   * (q − 1) / 16, so spine 0 of plane 0 kills (i, j) when q ≤ 16 and j ≡ 0 mod 4, or the same for
   * (j, i). Pairs (i, i + 16) with i ≡ 0 mod 4 lose every two-hop path, so the workload redraws
   * them. A Poisson run must finish every flow without a single cell queued on a dead pair, and
   * deliver every byte (conservation).
   */
  @Test
  void spineFailureInOnePlaneNeverUsesDeadPairs() {
    int n = 32;
    ShoalConfig cfg = new ShoalConfig(n, 8, 2, 100, 23.25, 2.75, 64, 0, false, true, true, true);
    ShoalFailures f = ShoalFailures.component(cfg, FailedSlots.Component.SPINE, 0, 0, 0);
    boolean[][] dead = new boolean[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        int q = Math.floorMod(j - i, n);
        int back = Math.floorMod(i - j, n);
        dead[i][j] = i != j && ((q <= 16 && j % 4 == 0) || (back <= 16 && i % 4 == 0));
        if (i != j) {
          assertThat(f.dead(i, j)).as(i + "->" + j).isEqualTo(dead[i][j]);
        }
      }
    }
    ShoalFlows fl = ShoalWorkloads.poisson(n, null, f, 0.7, 300, 100_000, 1.05, 100, false,
        new RandomStreams(7).stream("poisson"));
    for (int x = 0; x < fl.size(); x++) {
      assertThat(f.usableSubflows(fl.src(x), fl.dst(x))).isPositive();
    }
    int[] bad = {0};
    ShoalSimulator sim = new ShoalSimulator(cfg, fl, f, (i, j, q, r, local, slot) -> bad[0] += dead[i][j] ? 1 : 0);
    sim.run(Integer.MAX_VALUE, 50_000_000);
    assertThat(bad[0]).isZero();
    assertThat(sim.completed()).isEqualTo(fl.size());
    long[] want = new long[n];
    for (int x = 0; x < fl.size(); x++) {
      want[fl.dst(x)] += fl.bytes(x);
    }
    assertThat(sim.deliveredBytesTo()).containsExactly(want);
  }

  @Test
  void pairWithoutPathIsRefused() {
    ShoalConfig cfg = new ShoalConfig(32, 8, 2, 100, 23.25, 2.75, 64, 0, false, true, true, true);
    ShoalFailures f = ShoalFailures.component(cfg, FailedSlots.Component.SPINE, 0, 0, 0);
    assertThat(f.usableSubflows(0, 16)).isZero();
    ShoalFlows fl = new ShoalFlows(new int[] {0}, new int[] {16}, new long[] {1000}, new long[1]);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ShoalSimulator(cfg, fl, f, null))
        .hasMessageContaining("no live path");
  }

  @Test
  void leafFailureCutsItsNodesInASinglePlane() {
    ShoalConfig cfg = new ShoalConfig(32, 8, 1, 100, 23.25, 2.75, 64, 0, false, true, true, true);
    ShoalFailures f = ShoalFailures.component(cfg, FailedSlots.Component.LEAF, 2, 0, 0);
    for (int i = 0; i < 32; i++) {
      assertThat(f.live(i)).isEqualTo(i / 4 != 2);
    }
    // 28 live nodes lose their 4 slots to leaf 2's nodes: 4/31 (Table 1: ≈ 1/√(2N) = 1/8)
    assertThat(f.deadSlotFraction()).isEqualTo(4 / 31.0);
  }
}
