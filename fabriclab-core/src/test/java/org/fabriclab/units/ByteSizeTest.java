package org.fabriclab.units;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ByteSizeTest {
  @Test
  void plainIntegersAndExponentForms() {
    assertThat(ByteSize.parse("65536")).isEqualTo(65_536L);
    assertThat(ByteSize.parse("1e9")).isEqualTo(1_000_000_000L);
    assertThat(ByteSize.parse("10e9")).isEqualTo(10_000_000_000L);
    assertThat(ByteSize.parse("1.5e3")).isEqualTo(1_500L);
    assertThat(ByteSize.parse("512B")).isEqualTo(512L);
    assertThat(ByteSize.parse(" 8.0 ")).isEqualTo(8L);
    assertThat(ByteSize.parse("0")).isZero();
    assertThat(ByteSize.parse("-5")).isEqualTo(-5L); // the caller's range check reports it
  }

  @Test
  void siUnitsArePowersOfAThousand() {
    assertThat(ByteSize.parse("1k")).isEqualTo(1_000L);
    assertThat(ByteSize.parse("64KB")).isEqualTo(64_000L);
    assertThat(ByteSize.parse("1.5KB")).isEqualTo(1_500L);
    assertThat(ByteSize.parse("1.5M")).isEqualTo(1_500_000L);
    assertThat(ByteSize.parse("1G")).isEqualTo(1_000_000_000L);
    assertThat(ByteSize.parse("2TB")).isEqualTo(2_000_000_000_000L);
    assertThat(ByteSize.parse("1e3K")).isEqualTo(1_000_000L);
  }

  @Test
  void binaryUnitsArePowersOf1024() {
    assertThat(ByteSize.parse("64KiB")).isEqualTo(64L * 1024);
    assertThat(ByteSize.parse("64MiB")).isEqualTo(64L * 1024 * 1024);
    assertThat(ByteSize.parse("64Mi")).isEqualTo(64L * 1024 * 1024);
    assertThat(ByteSize.parse("1.5KiB")).isEqualTo(1536L);
    assertThat(ByteSize.parse("2GiB")).isEqualTo(2L * 1024 * 1024 * 1024);
    assertThat(ByteSize.parse("1TiB")).isEqualTo(1024L * 1024 * 1024 * 1024);
  }

  @Test
  void aWholeNumberTimesAUnitIsThatProduct() {
    String[] units = {"k", "K", "KB", "M", "MB", "G", "T", "KiB", "MiB", "GiB", "TiB"};
    long[] factors = {1_000L, 1_000L, 1_000L, 1_000_000L, 1_000_000L, 1_000_000_000L, 1_000_000_000_000L,
        1L << 10, 1L << 20, 1L << 30, 1L << 40};
    Random r = new Random(7);
    for (int i = 0; i < 500; i++) {
      int u = r.nextInt(units.length);
      long n = r.nextInt(1_000_000);
      assertThat(ByteSize.parse(n + units[u])).as(n + units[u]).isEqualTo(Math.multiplyExact(n, factors[u]));
    }
  }

  @Test
  void refusesFractionsOfAByteAndUnknownUnits() {
    for (String bad : new String[] {"1.5", "1e-3", "0.1KiB", "1.0001K", "64mb", "64Kb", "64kiB", "64 KB", "",
        "KB", "0x10", "1_000", "١٠", "NaN", "Infinity", "1.5d", "64KiBB", "1e30", "9223372036854775808"}) {
      assertThatThrownBy(() -> ByteSize.parse(bad)).as(bad).isInstanceOf(NumberFormatException.class);
    }
    assertThatThrownBy(() -> ByteSize.parse("0.1KiB")).hasMessageContaining("102.4");
    assertThatThrownBy(() -> ByteSize.parse("1e30")).hasMessageContaining("64-bit");
  }

  @Test
  void theLargestLongIsAccepted() {
    assertThat(ByteSize.parse("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
    assertThat(ByteSize.parse("8388607TiB")).isEqualTo(8_388_607L * 1024 * 1024 * 1024 * 1024);
    assertThatThrownBy(() -> ByteSize.parse("8388608TiB")).isInstanceOf(NumberFormatException.class); // 2^63
  }

  @Test
  void integralNumbersAreExact() {
    assertThat(AsciiNumbers.parseIntegral("8.0")).isEqualTo(8L);
    assertThat(AsciiNumbers.parseIntegral("10e9")).isEqualTo(10_000_000_000L);
    assertThat(AsciiNumbers.parseIntegral("+12")).isEqualTo(12L);
    // 2^53 + 1 is not a double: the exact form keeps it
    assertThat(AsciiNumbers.parseIntegral("9007199254740993e0")).isEqualTo(9_007_199_254_740_993L);
    for (String bad : new String[] {"1.5", "1e-1", "9.3e18", "1d", "١", "0x1p3"}) {
      assertThatThrownBy(() -> AsciiNumbers.parseIntegral(bad)).as(bad).isInstanceOf(NumberFormatException.class);
    }
  }
}
