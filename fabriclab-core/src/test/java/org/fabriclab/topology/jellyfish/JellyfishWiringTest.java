package org.fabriclab.topology.jellyfish;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.fabriclab.topology.jellyfish.JellyfishWiring.Selection;
import org.junit.jupiter.api.Test;

class JellyfishWiringTest {

  /** Degrees reached, links simple, sorted, and never inside a group; returns realised degrees. */
  private static int[] check(JellyfishWiring w, int[] degree, int[] group) {
    int[] got = new int[degree.length];
    Set<Long> seen = new HashSet<>();
    long previous = -1;
    for (int e = 0; e < w.linkCount(); e++) {
      int a = w.from(e);
      int b = w.to(e);
      assertThat(a).isLessThan(b);
      long key = (long) a * degree.length + b;
      assertThat(key).isGreaterThan(previous);
      previous = key;
      assertThat(seen.add(key)).isTrue();
      if (group != null) {
        assertThat(group[a]).isNotEqualTo(group[b]);
      }
      got[a]++;
      got[b]++;
    }
    long missing = 0;
    for (int v = 0; v < degree.length; v++) {
      assertThat(got[v]).isLessThanOrEqualTo(degree[v]);
      missing += degree[v] - got[v];
    }
    assertThat(missing).isEqualTo(w.unusedPorts());
    return got;
  }

  @Test
  void denseRegularSequencesAreCompleted() {
    // degree n-1, n-2, n-3 force the repair steps; the sum decides whether one port stays free
    for (int n = 2; n <= 14; n++) {
      for (int r = Math.max(1, n - 3); r <= n - 1; r++) {
        int[] degree = new int[n];
        java.util.Arrays.fill(degree, r);
        for (long seed = 0; seed < 30; seed++) {
          JellyfishWiring w =
              JellyfishWiring.wire(degree, null, Selection.NODE, new SplittableRandom(seed));
          check(w, degree, null);
          assertThat(w.unusedPorts()).as("n=%d r=%d", n, r).isEqualTo((n * r) % 2);
          assertThat(w.linkCount()).isEqualTo(n * r / 2);
        }
      }
    }
  }

  @Test
  void nearRegularSequencesAreCompletedInBothSelections() {
    SplittableRandom r = new SplittableRandom(99);
    for (int trial = 0; trial < 400; trial++) {
      int n = 4 + r.nextInt(60);
      int high = 1 + r.nextInt(n / 2);
      int[] degree = new int[n];
      int sum = 0;
      for (int v = 0; v < n; v++) {
        degree[v] = high - r.nextInt(high > 1 ? 2 : 1);
        sum += degree[v];
      }
      Selection sel = trial % 2 == 0 ? Selection.NODE : Selection.PORT;
      JellyfishWiring w = JellyfishWiring.wire(degree, null, sel, new SplittableRandom(trial));
      check(w, degree, null);
      assertThat(w.unusedPorts()).isEqualTo(sum % 2);
    }
  }

  @Test
  void groupsForbidLinksInsideAGroup() {
    // 4 groups of 5 nodes with 3 ports each: a 3-regular 4-partite graph is possible
    int[] degree = new int[20];
    int[] group = new int[20];
    for (int v = 0; v < 20; v++) {
      degree[v] = 3;
      group[v] = v / 5;
    }
    for (long seed = 0; seed < 200; seed++) {
      JellyfishWiring w =
          JellyfishWiring.wire(degree, group, Selection.PORT, new SplittableRandom(seed));
      check(w, degree, group);
      assertThat(w.unusedPorts()).isZero();
    }
  }

  @Test
  void impossibleSequenceReportsUnusedPortsInsteadOfLooping() {
    // one group holds every port: no link is allowed at all
    int[] degree = {2, 2, 2};
    int[] group = {0, 0, 0};
    JellyfishWiring w = JellyfishWiring.wire(degree, group, Selection.PORT, new SplittableRandom(1));
    assertThat(w.linkCount()).isZero();
    assertThat(w.unusedPorts()).isEqualTo(6);
    // {3,3,1,1} is not graphical (Erdos-Gallai fails at k=2: 6 > 2 + 2), and its sum is even
    int[] bad = {3, 3, 1, 1};
    JellyfishWiring s = JellyfishWiring.wire(bad, null, Selection.NODE, new SplittableRandom(1));
    check(s, bad, null);
    assertThat(s.unusedPorts()).isPositive().isEven();
  }

  @Test
  void sameStreamStateSameWiring() {
    int[] degree = new int[50];
    java.util.Arrays.fill(degree, 7);
    JellyfishWiring a = JellyfishWiring.wire(degree, null, Selection.NODE, new SplittableRandom(5));
    JellyfishWiring b = JellyfishWiring.wire(degree, null, Selection.NODE, new SplittableRandom(5));
    for (int e = 0; e < a.linkCount(); e++) {
      assertThat(a.from(e)).isEqualTo(b.from(e));
      assertThat(a.to(e)).isEqualTo(b.to(e));
    }
  }
}
