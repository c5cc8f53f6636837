package org.fabriclab.units;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fabriclab.error.InvalidParameterException;
import org.junit.jupiter.api.Test;

/** Unit conversions refuse, never wrap; ASCII-only numbers. */
class UnitsOverflowTest {
  @Test
  void conversionsAtTheirBoundaries() {
    long maxNs = Long.MAX_VALUE / 1000;
    assertThat(Time.ns(0)).isZero();
    assertThat(Time.ns(1)).isEqualTo(1000);
    assertThat(Time.ns(maxNs)).isEqualTo(maxNs * 1000);
    assertThatThrownBy(() -> Time.ns(maxNs + 1)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("ns");
    assertThatThrownBy(() -> Time.us(Long.MAX_VALUE / 1_000_000 + 1)).isInstanceOf(InvalidParameterException.class);
    assertThatThrownBy(() -> Time.ms(Long.MAX_VALUE / 1_000_000_000 + 1)).isInstanceOf(InvalidParameterException.class);
    assertThat(Time.seconds(9.2e6)).isEqualTo(9_200_000_000_000_000_000L);
    assertThatThrownBy(() -> Time.seconds(9.3e6)).isInstanceOf(InvalidParameterException.class);
    assertThatThrownBy(() -> Time.seconds(Double.NaN)).isInstanceOf(InvalidParameterException.class);
    assertThatThrownBy(() -> Time.add(Long.MAX_VALUE, 1)).isInstanceOf(InvalidParameterException.class);
  }

  @Test
  void serializationIsCeiledAndBounded() {
    // 1500 B at 10 Gbit/s = 1.2 us exactly; 1 B at 3 bit/s = 2.666.. s, rounded up
    assertThat(Time.serialization(1500, 10_000_000_000L)).isEqualTo(1_200_000);
    assertThat(Time.serialization(1, 3)).isEqualTo(2_666_666_666_667L);
    assertThat(Time.serialization(Limits.MAX_FLOW_BYTES, Limits.MIN_RATE_BPS))
        .isEqualTo(8_000_000_000_000_000_000L);
    assertThatThrownBy(() -> Time.serialization(Long.MAX_VALUE, 1)).isInstanceOf(InvalidParameterException.class);
    assertThatThrownBy(() -> Time.serialization(1, 0)).isInstanceOf(InvalidParameterException.class);
  }

  @Test
  void ratesRefuseNonsense() {
    assertThat(Rates.gbps(10)).isEqualTo(10_000_000_000L);
    assertThat(Rates.mbps(1)).isEqualTo(1_000_000L);
    assertThatThrownBy(() -> Rates.gbps(1e10)).isInstanceOf(InvalidParameterException.class);
    assertThatThrownBy(() -> Rates.gbps(-1)).isInstanceOf(InvalidParameterException.class);
    assertThatThrownBy(() -> Rates.gbps(Double.POSITIVE_INFINITY)).isInstanceOf(InvalidParameterException.class);
  }

  @Test
  void asciiNumbersOnly() {
    assertThat(AsciiNumbers.parseLong("-42")).isEqualTo(-42);
    assertThat(AsciiNumbers.parseLong("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
    for (String bad : new String[] {"\u0661\u0660", "\uff11", "1_000", "0x10", " 1", "", "9223372036854775808", "+"}) {
      assertThatThrownBy(() -> AsciiNumbers.parseLong(bad)).as(bad).isInstanceOf(NumberFormatException.class);
    }
    assertThat(AsciiNumbers.parseDouble("1e-3")).isEqualTo(0.001);
    assertThat(AsciiNumbers.parseDouble(".5")).isEqualTo(0.5);
    for (String bad : new String[] {"NaN", "Infinity", "1.5d", "0x1p3", "1e999", "\u0661.5", "1,5"}) {
      assertThatThrownBy(() -> AsciiNumbers.parseDouble(bad)).as(bad).isInstanceOf(NumberFormatException.class);
    }
  }
}
