package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Fig. 5 of seed 003. */
class CellHeaderTest {
  @Test
  void fieldsFillExactly64BitsAndRoundTrip() {
    assertThat(10 + 10 + 22 + 11 + 1 + 1 + 1 + 8).isEqualTo(64);
    CellHeader h = new CellHeader(1023, 5, (1 << 22) - 1, 2047, true, false, true);
    long bits = h.encode();
    assertThat(bits >>> 54).isEqualTo(1023);
    assertThat((bits >>> 44) & 0x3ff).isEqualTo(5);
    assertThat(CellHeader.decode(bits)).isEqualTo(h);
  }

  @Test
  void crcDetectsEverySingleBitFlip() {
    long bits = new CellHeader(17, 300, 12345, 11, false, true, false).encode();
    for (int b = 0; b < 64; b++) {
      assertThat(CellHeader.decode(bits ^ (1L << b))).isNull();
    }
    // CRC-8/SMBUS check value of "123456789" is 0xF4; our bytes are big-endian 56-bit words
    assertThat(CellHeader.crc8(0)).isZero();
  }
}
