package org.fabriclab.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Tick positions and SI labels for ranges whose nice ticks are worked out by hand. */
class TicksTest {
  private static String[] labels(double[] ticks, Quantity q) {
    return Arrays.stream(ticks).mapToObj(t -> Ticks.label(t, q)).toArray(String[]::new);
  }

  @Test
  void tenMillisecondsInNanosecondsGetSixTicksTwoMillisecondsApart() {
    // steps 1e6 -> 11 ticks, 2e6 -> 6, 5e6 -> 3: 6 is nearest 5
    double[] t = Ticks.linear(0, 1e7);
    assertThat(t).containsExactly(0, 2e6, 4e6, 6e6, 8e6, 1e7);
    assertThat(labels(t, Quantity.TIME_NS)).containsExactly("0", "2 ms", "4 ms", "6 ms", "8 ms", "10 ms");
  }

  @Test
  void aFractionAxisIsTenthsTwoApartWithoutLongDecimals() {
    double[] t = Ticks.linear(0, 1);
    assertThat(t).containsExactly(0, 0.2, 0.4, 0.6, 0.8, 1);
    assertThat(labels(t, Quantity.NUMBER)).containsExactly("0", "0.2", "0.4", "0.6", "0.8", "1");
  }

  @Test
  void bytesAreLabelledInDecimalPrefixes() {
    // 0..3.5e6: step 1e6 -> 4 ticks, 5e5 -> 8, 2e6 -> 2
    assertThat(labels(Ticks.linear(0, 3.5e6), Quantity.BYTES)).containsExactly("0", "1 MB", "2 MB", "3 MB");
    assertThat(Ticks.label(64_000, Quantity.BYTES)).isEqualTo("64 KB");
    assertThat(Ticks.label(512, Quantity.BYTES)).isEqualTo("512 B");
  }

  @Test
  void eachLabelTakesThePrefixOfItsOwnValue() {
    assertThat(Ticks.label(5e5, Quantity.TIME_NS)).isEqualTo("500 µs");
    assertThat(Ticks.label(1.5e6, Quantity.TIME_NS)).isEqualTo("1.5 ms");
    assertThat(Ticks.label(2.5, Quantity.TIME_US)).isEqualTo("2.5 µs");
    assertThat(Ticks.label(40, Quantity.GBPS)).isEqualTo("40 Gb/s");
    assertThat(Ticks.label(20_000, Quantity.NUMBER)).isEqualTo("20k");
    assertThat(Ticks.label(9_999, Quantity.NUMBER)).isEqualTo("9999");
    assertThat(Ticks.label(-2e6, Quantity.TIME_NS)).isEqualTo("-2 ms");
  }

  @Test
  void aSpanOfThreeGetsUnitStepsAndTiesTakeTheFinerStep() {
    // [0, 3]: step 1 -> 4 ticks (miss 1), 0.5 -> 7 (miss 2), 2 -> 2 (miss 3)
    assertThat(Ticks.linear(0, 3)).containsExactly(0, 1, 2, 3);
    // [0, 137]: 20 -> 7 ticks and 50 -> 3 both miss 5 by 2: the finer step
    assertThat(Ticks.step(0, 137)).isEqualTo(20);
    // ticks need not start at the range's start: multiples of the step inside it
    // [3, 23]: step 5 -> 5, 10, 15, 20 (miss 1); 2 -> 10 ticks; 10 -> 2
    assertThat(Ticks.linear(3, 23)).containsExactly(5, 10, 15, 20);
  }

  @Test
  void logAxesTickEveryDecadeOrEverySecondBeyondSeven() {
    assertThat(Ticks.decades(8, 8e4)).containsExactly(0, 1, 2, 3, 4, 5);
    assertThat(Ticks.decades(1, 1e10)).containsExactly(0, 2, 4, 6, 8, 10);
    Axis a = Axis.log(Quantity.TIME_US, 8, 8e4, false);
    assertThat(a.label(1)).isEqualTo("10 µs");
    assertThat(a.label(3)).isEqualTo("1 ms");
    assertThat(a.map(1000)).isEqualTo(3);
  }

  @Test
  void logBarsGrowFromTheDecadeBelowTheSmallestValue() {
    Axis a = Axis.log(Quantity.BYTES, 3_000, 2e6, true);
    assertThat(a.low()).isEqualTo(0); // the decade of 1 KB
    assertThat(a.map(1e4)).isEqualTo(1, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(a.label(0)).isEqualTo("1 KB");
    assertThat(a.label(3)).isEqualTo("1 MB");
  }
}
