package org.fabriclab.sim.collective.goal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class GoalLinkerTest {
  @Test
  void radixSortIsAStableSortByThreeKeys() {
    SplittableRandom rnd = new SplittableRandom(7);
    for (int trial = 0; trial < 50; trial++) {
      int n = rnd.nextInt(300);
      int bound = trial % 2 == 0 ? 5 : Integer.MAX_VALUE; // ties, or keys needing two digits
      int[] k1 = new int[n];
      int[] k2 = new int[n];
      int[] k3 = new int[n];
      for (int i = 0; i < n; i++) {
        k1[i] = rnd.nextInt(bound);
        k2[i] = rnd.nextInt(bound);
        k3[i] = rnd.nextInt(bound);
      }
      int[] items = new int[n];
      Arrays.setAll(items, i -> i);
      // reference: the JDK's stable sort on boxed items, ties by index
      Integer[] expected = new Integer[n];
      Arrays.setAll(expected, i -> i);
      Arrays.sort(expected, Comparator.<Integer>comparingInt(i -> k1[i])
          .thenComparingInt(i -> k2[i]).thenComparingInt(i -> k3[i]).thenComparingInt(i -> i));
      GoalLinker.sortStable(items, k3, k2, k1);
      assertThat(items).containsExactly(Arrays.stream(expected).mapToInt(Integer::intValue)
          .toArray());
    }
  }
}
