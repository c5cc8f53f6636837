package org.fabriclab.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.fabriclab.error.InvalidParameterException;
import org.junit.jupiter.api.Test;

/** Algorithm 1, Fig. 3, Lemmas 1, 2 and the rule count of §III-B1 (seed 000). */
class ShufflecastRoutingTest {
  static final int[][] SIZES = {{2, 1}, {2, 2}, {2, 3}, {2, 4}, {3, 1}, {3, 2}, {3, 3}, {4, 2}, {4, 3}, {5, 2}};

  /** Row digits written out independently of the code under test. */
  static int[] digits(int p, int k, int tor) {
    int row = tor % (int) Math.pow(p, k);
    int[] d = new int[k];
    for (int j = 0; j < k; j++) {
      d[j] = row % p;
      row /= p;
    }
    return d;
  }

  /** Splitter link per §III-A1: next column, digits shifted left by one, any new last digit. */
  static boolean splitterLink(int p, int k, int from, int to) {
    int rows = (int) Math.pow(p, k);
    if (to / rows != (from / rows + 1) % k) {
      return false;
    }
    int[] a = digits(p, k, from);
    int[] b = digits(p, k, to);
    for (int j = 1; j < k; j++) {
      if (b[j] != a[j - 1]) {
        return false;
      }
    }
    return true;
  }

  @Test
  void fig3RoutesAndRelaySetsOf22() {
    ShufflecastRouting r = new ShufflecastRouting(new ShufflecastTopology(2, 2));
    int[][] from0 = {{0}, {0, 4, 1}, {0, 5, 2}, {0, 5, 3}, {0, 4}, {0, 5}, {0, 4, 1, 6}, {0, 4, 1, 7}};
    int[][] from3 = {{3, 6, 0}, {3, 6, 1}, {3, 7, 2}, {3}, {3, 7, 2, 4}, {3, 7, 2, 5}, {3, 6}, {3, 7}};
    for (int d = 0; d < 8; d++) {
      assertThat(r.route(0, d)).as("0 -> %d", d).containsExactly(from0[d]);
      assertThat(r.route(3, d)).as("3 -> %d", d).containsExactly(from3[d]);
    }
    assertThat(r.relaySet(0)).containsExactly(0, 1, 4, 5);
    assertThat(r.relaySet(3)).containsExactly(2, 3, 6, 7);
    assertThat(r.maxHops(0)).isEqualTo(3);
  }

  @Test
  void logicalIdsAndPartitionsOfFig2() {
    ShufflecastTopology t = new ShufflecastTopology(2, 2);
    assertThat(t.label(6)).isEqualTo("(1, 10)");
    for (int i : new int[] {0, 1, 4, 5}) {
      assertThat(t.partition(i)).isZero();
    }
    for (int i : new int[] {2, 3, 6, 7}) {
      assertThat(t.partition(i)).isEqualTo(1);
    }
    assertThat(t.label(8 % 8)).isEqualTo("(0, 00)");
    assertThat(new ShufflecastTopology(2, 3).label(8)).isEqualTo("(1, 000)");
    assertThat(new ShufflecastTopology(2, 3).label(12)).isEqualTo("(1, 100)");
  }

  @Test
  void everyRouteFollowsSplitterLinksWithinLemma1Bound() {
    for (int[] pk : SIZES) {
      int p = pk[0];
      int k = pk[1];
      ShufflecastRouting r = new ShufflecastRouting(new ShufflecastTopology(p, k));
      int n = r.topology().tors();
      for (int s = 0; s < n; s++) {
        int[][] routes = r.routes(s);
        for (int d = 0; d < n; d++) {
          int[] path = routes[d];
          assertThat(path[0]).isEqualTo(s);
          assertThat(path[path.length - 1]).isEqualTo(d);
          assertThat(path.length - 1).isLessThanOrEqualTo(2 * k - 1);
          for (int i = 1; i < path.length; i++) {
            assertThat(splitterLink(p, k, path[i - 1], path[i]))
                .as("%d,%d route %d->%d hop %d", p, k, s, d, i).isTrue();
          }
        }
      }
    }
  }

  @Test
  void lemma1BoundHoldsForBreadthFirstSearchOnTheSplitterGraph() {
    for (int[] pk : SIZES) {
      int p = pk[0];
      int k = pk[1];
      int n = k * (int) Math.pow(p, k);
      int worst = 0;
      for (int s = 0; s < n; s++) {
        int[] dist = new int[n];
        Arrays.fill(dist, -1);
        dist[s] = 0;
        ArrayDeque<Integer> q = new ArrayDeque<>(Set.of(s));
        while (!q.isEmpty()) {
          int u = q.poll();
          for (int v = 0; v < n; v++) {
            if (dist[v] < 0 && splitterLink(p, k, u, v)) {
              dist[v] = dist[u] + 1;
              q.add(v);
            }
          }
        }
        worst = Math.max(worst, Arrays.stream(dist).max().getAsInt());
        assertThat(Arrays.stream(dist).min().getAsInt()).isZero();
      }
      assertThat(worst).as("%d,%d diameter", p, k).isLessThanOrEqualTo(2 * k - 1);
    }
  }

  @Test
  void lemma2RelaySetIsOnePartitionPerColumnChosenBySourceDigits() {
    for (int[] pk : SIZES) {
      int p = pk[0];
      int k = pk[1];
      int rows = (int) Math.pow(p, k);
      ShufflecastRouting r = new ShufflecastRouting(new ShufflecastTopology(p, k));
      int n = k * rows;
      for (int s = 0; s < n; s++) {
        int[] ds = digits(p, k, s);
        Set<Integer> expected = new HashSet<>();
        for (int j = 0; j < k; j++) {
          int column = (s / rows + j) % k;
          for (int v = column * rows; v < (column + 1) * rows; v++) {
            if (digits(p, k, v)[k - 1] == ds[k - 1 - j]) {
              expected.add(v);
            }
          }
        }
        assertThat(Arrays.stream(r.relaySet(s)).boxed().toList()).as("%d,%d source %d", p, k, s)
            .containsExactlyInAnyOrderElementsOf(expected);
      }
    }
  }

  @Test
  void eachTorHoldsKTimesPToTheKMinus1Rules() {
    for (int[] pk : SIZES) {
      int p = pk[0];
      int k = pk[1];
      RelayRules rules = new ShufflecastRouting(new ShufflecastTopology(p, k)).rules();
      int expected = k * (int) Math.pow(p, k - 1);
      assertThat(rules.counts()).as("%d,%d", p, k).containsOnly(expected);
    }
  }

  @Test
  void fourFourHas256RulesPerTorAndEightThreeCompletes() {
    RelayRules r44 = new ShufflecastRouting(new ShufflecastTopology(4, 4)).rules();
    assertThat(r44.tors()).isEqualTo(1024);
    assertThat(r44.counts()).containsOnly(256);
    ShufflecastRouting r83 = new ShufflecastRouting(new ShufflecastTopology(8, 3));
    assertThat(r83.topology().tors()).isEqualTo(1536);
    assertThat(r83.rules().counts()).containsOnly(3 * 64);
    assertThat(r83.maxHops(777)).isLessThanOrEqualTo(5);
  }

  @Test
  void followingInstalledRulesReachesEveryToRAlongAlgorithm1Hops() {
    for (int[] pk : SIZES) {
      ShufflecastTopology t = new ShufflecastTopology(pk[0], pk[1]);
      ShufflecastRouting r = new ShufflecastRouting(t);
      RelayRules rules = r.rules();
      MulticastDelivery m = new MulticastDelivery(t);
      for (int s = 0; s < t.tors(); s++) {
        MulticastDelivery.Reach reach = m.follow(rules, s, null);
        assertThat(reach.unreachable()).isEmpty();
        assertThat(reach.hops()).containsExactly(r.hops(s));
        assertThat(reach.transmitters()).containsExactly(r.relaySet(s));
      }
    }
  }

  @Test
  void badIdsAndParametersAreRejected() {
    assertThatThrownBy(() -> new ShufflecastTopology(1, 2)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--p");
    assertThatThrownBy(() -> new ShufflecastTopology(2, 0)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--k");
    ShufflecastRouting r = new ShufflecastRouting(new ShufflecastTopology(2, 2));
    assertThatThrownBy(() -> r.route(8, 0)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("0..7");
  }
}
