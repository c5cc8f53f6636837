package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import org.junit.jupiter.api.Test;

/** Seed 003 §5 (power, Fig. 11) and §3.5 (Table 1). */
class PowerFailuresTest {
  @Test
  void section5Power() {
    ShoalPowerCost p = new ShoalPowerCost(512);
    assertThat(p.psnW()).isCloseTo(24 * 350 + 512 * 0.62, offset(1e-9));
    assertThat(p.psnW() / 1000).isCloseTo(8.72, offset(0.005));
    assertThat(p.shoalW() / 1000).isCloseTo(2.55, offset(0.005));
    assertThat(1 - p.shoalW() / p.psnW()).isCloseTo(0.71, offset(0.005));
    assertThat(p.shoalNicW()).isEqualTo(1.37);
  }

  @Test
  void fig11BreakEvenAndFortyPercent() {
    ShoalPowerCost p = new ShoalPowerCost(512);
    assertThat(p.switchRatioFor(1, 3)).isCloseTo(0.333, offset(0.001));
    assertThat(p.switchRatioFor(1, 2)).isCloseTo(0.416, offset(0.001));
    assertThat(p.switchRatioFor(0.6, 2)).isCloseTo(0.183, offset(0.001));
    assertThat(p.switchRatioFor(0.6, 3)).isCloseTo(0.096, offset(0.005));
    assertThat(p.relativeCost(p.switchRatioFor(0.6, 2), 2)).isCloseTo(0.6, offset(1e-12));
  }

  @Test
  void table1ClosedFormsForOurDecomposition() {
    for (int k : new int[] {4, 8, 32}) {
      int n = k * k / 2;
      int h = k / 2;
      FailedSlots fs = new FailedSlots(new ClosFabric(n, k));
      assertThat(fs.fraction(FailedSlots.Component.NODE)).isCloseTo(1.0 / (n - 1), offset(1e-12));
      assertThat(fs.fraction(FailedSlots.Component.LEAF)).isCloseTo(h / (double) (n - 1), offset(1e-12));
      // spine s carries every cell to and (symmetric stop) from the k nodes with id ≡ s mod h
      double spine = 1 - (n - k) * (double) (n - k - 1) / (n * (double) (n - 1));
      assertThat(fs.fraction(FailedSlots.Component.SPINE)).isCloseTo(spine, offset(1e-12));
    }
    assertThat(FailedSlots.paper(FailedSlots.Component.SPINE, 512)).isCloseTo(0.125, offset(1e-12));
  }
}
