package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Appendix C: one per-destination FIFO per traffic class, sent in priority order, with the
 * rate-limit feedback of a class summed over it and the higher classes. The highest class then
 * sees exactly the rack it would see alone.
 */
class ShoalTrafficClassesTest {
  private static final ShoalConfig CFG = new ShoalConfig(32, 8, 2, 100, 23.25, 2.75, 64, 0, false, true, true, true);

  @Test
  void highestClassIsUnaffectedByLowerClassTraffic() {
    // high class: two finite flows; low class: long flows on the same and on crossing pairs
    ShoalFlows alone = new ShoalFlows(new int[] {3, 9}, new int[] {17, 17}, new long[] {2_000_000, 700_000},
        new long[] {0, 5_000_000});
    ShoalSimulator a = new ShoalSimulator(CFG, alone, (boolean[]) null, null);
    a.run(Integer.MAX_VALUE, 50_000_000);
    ShoalFlows mixed = new ShoalFlows(new int[] {3, 3, 5, 17, 9, 20}, new int[] {17, 17, 17, 3, 17, 9},
        new long[] {2_000_000, 3_000_000, 3_000_000, 3_000_000, 700_000, 1_000_000},
        new long[] {0, 0, 1_000_000, 2_000_000, 5_000_000, 5_000_000}, new int[] {0, 1, 1, 1, 0, 1});
    ShoalSimulator m = new ShoalSimulator(CFG, mixed, (boolean[]) null, null);
    m.run(Integer.MAX_VALUE, 50_000_000);
    assertThat(mixed.endPs(0)).isEqualTo(alone.endPs(0));
    assertThat(mixed.endPs(4)).isEqualTo(alone.endPs(1));
    // the low class finishes too, and every byte arrives once
    long[] want = new long[32];
    for (int f = 0; f < mixed.size(); f++) {
      assertThat(mixed.endPs(f)).as("flow " + f).isPositive();
      want[mixed.dst(f)] += mixed.bytes(f);
    }
    assertThat(m.deliveredBytesTo()).containsExactly(want);
  }

  @Test
  void lowerClassYieldsToHigherOnSharedLinks() {
    // the same pair in two classes, started together: the high class must finish first, and no
    // later than alone plus nothing (it is unaffected); the low class takes the leftover slots
    ShoalFlows mixed = new ShoalFlows(new int[] {3, 3}, new int[] {17, 17}, new long[] {1_000_000, 1_000_000},
        new long[2], new int[] {1, 0});
    new ShoalSimulator(CFG, mixed, (boolean[]) null, null).run(Integer.MAX_VALUE, 50_000_000);
    assertThat(mixed.endPs(1)).isLessThan(mixed.endPs(0));
  }

  @Test
  void classOutOfRangeIsRefused() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ShoalFlows(new int[] {0}, new int[] {1},
        new long[] {1}, new long[1], new int[] {4})).hasMessageContaining("traffic class");
  }
}
