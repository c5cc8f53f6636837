package org.fabriclab.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.table.Table;
import org.junit.jupiter.api.Test;

class HopHistogramTest {
  // 4 pairs at 1 hop, 2 at 3 hops, 1 unreachable: worked by hand.
  private final HopHistogram h = new HopHistogram(new long[] {0, 4, 0, 2, 0, 0}, 1, false);

  @Test
  void summaryValues() {
    assertThat(h.counts()).containsExactly(0, 4, 0, 2);
    assertThat(h.pairs()).isEqualTo(6);
    assertThat(h.totalPairs()).isEqualTo(7);
    assertThat(h.mean()).isCloseTo((4 * 1 + 2 * 3) / 6.0, within(1e-12));
    assertThat(h.max()).isEqualTo(3);
    assertThat(h.fraction(1)).isCloseTo(4 / 6.0, within(1e-12));
    assertThat(h.fraction(2)).isZero();
    assertThat(h.fraction(9)).isZero();
  }

  @Test
  void emptyHistogramHasNoDiameter() {
    HopHistogram e = HopHistogram.empty();
    assertThat(e.max()).isEqualTo(-1);
    assertThat(e.pairs()).isZero();
    assertThat(e.mean()).isNaN();
    assertThat(e.toTable("e").rowCount()).isZero();
  }

  @Test
  void tableRowsFromFirstToLastNonEmptyHop() {
    Table t = h.toTable("hops");
    assertThat(t.columnNames()).containsExactly("hops", "pairs", "fraction", "cumulative");
    assertThat(t.rowCount()).isEqualTo(3);
    assertThat(t.getLong(0, "hops")).isEqualTo(1);
    assertThat(t.getLong(2, "pairs")).isEqualTo(2);
    assertThat(t.getDouble(1, "cumulative")).isCloseTo(4 / 6.0, within(1e-12));
    assertThat(t.getDouble(2, "cumulative")).isCloseTo(1.0, within(1e-12));
  }

  @Test
  void mergeAddsCountsAndFlags() {
    HopHistogram other = new HopHistogram(new long[] {0, 1, 5, 0, 0, 7}, 2, true);
    HopHistogram m = h.merge(other);
    assertThat(m.counts()).containsExactly(0, 5, 5, 2, 0, 7);
    assertThat(m.unreachablePairs()).isEqualTo(3);
    assertThat(m.estimated()).isTrue();
    assertThat(m.max()).isEqualTo(5);
  }

  @Test
  void equalityIsByContent() {
    assertThat(new HopHistogram(new long[] {0, 4, 0, 2}, 1, false)).isEqualTo(h);
    assertThat(new HopHistogram(new long[] {0, 4, 0, 2}, 1, true)).isNotEqualTo(h);
  }
}
