package org.fabriclab.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.junit.jupiter.api.Test;

/** A topology too large for the heap is refused before building, naming the largest valid k. */
class HeapLimitTest {
  /** Peak bytes of fat-tree(k) from its closed-form counts and {@link SizeEstimate#peakBytes}. */
  private static long fatTreePeak(long k) {
    long nodes = k * k * k / 4 + 5 * k * k / 4;
    long directed = 2 * (3 * k * k * k / 4);
    return new SizeEstimate(nodes, directed).peakBytes();
  }

  @Test
  void namesTheLargestEvenKThatFits() {
    TopologyFamilies families = TopologyFamilies.load();
    TopologyFamily f = families.get("fattree");
    Params p = families.parse("fattree", Map.of("k", "128"));
    long heap = 40L << 20;
    long limit = (long) (heap * 0.85);
    long best = 2;
    for (long k = 2; k <= 128; k += 2) {
      if (fatTreePeak(k) <= limit) {
        best = k;
      }
    }
    assertThat(best).isLessThan(128);
    long expected = best;
    assertThatThrownBy(() -> TopologyFamilies.build(f, p, heap))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("valid range with this heap: --k 2.." + expected + ",")
        .hasMessageNotContaining("\n");
  }

  @Test
  void buildsWhenItFits() {
    TopologyFamilies families = TopologyFamilies.load();
    Params p = families.parse("fattree", Map.of("k", "8"));
    assertThat(TopologyFamilies.build(families.get("fattree"), p, 1L << 30).serverCount())
        .isEqualTo(128);
  }
}
