package org.fabriclab.topology.bcube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.Topology;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.topology.TopologyChecks;
import org.fabriclab.topology.TopologyFamilies;
import org.junit.jupiter.api.Test;

class BCubeTest {
  private final TopologyFamilies families = TopologyFamilies.load();

  private static int pow(int n, int e) {
    int r = 1;
    for (int i = 0; i < e; i++) {
      r *= n;
    }
    return r;
  }

  @Test
  void countsForSeveralNk() {
    int[][] cases = {{2, 0}, {4, 1}, {2, 3}, {3, 2}, {5, 2}, {6, 2}};
    for (int[] c : cases) {
      int n = c[0];
      int k = c[1];
      Topology t = new BCube(n, k).build();
      assertThat(t.serverCount()).isEqualTo(pow(n, k + 1));
      assertThat(t.switchCount()).isEqualTo((k + 1) * pow(n, k));
      assertThat(t.cableCount()).isEqualTo((k + 1) * pow(n, k + 1));
      for (int v = 0; v < t.nodeCount(); v++) {
        assertThat(t.degree(v)).isEqualTo(t.isServer(v) ? k + 1 : n);
        for (int p = 0; p < t.degree(v); p++) {
          assertThat(t.isServer(v) ^ t.isServer(t.neighbor(v, p)))
              .as("switches never interconnect; servers never interconnect")
              .isTrue();
        }
      }
    }
  }

  @Test
  void sharedSwitchesByDigitDifferenceBruteForce() {
    int[][] cases = {{2, 2}, {3, 2}, {4, 1}, {2, 3}};
    for (int[] c : cases) {
      int n = c[0];
      int k = c[1];
      Topology t = new BCube(n, k).build();
      Labels l = t.labels();
      int servers = t.serverCount();
      for (int a = 0; a < servers; a++) {
        for (int b = a + 1; b < servers; b++) {
          int differing = 0;
          int digit = -1;
          int x = a;
          int y = b;
          for (int i = 0; i <= k; i++) {
            if (x % n != y % n) {
              differing++;
              digit = i;
            }
            x /= n;
            y /= n;
          }
          int shared = 0;
          int sharedLevel = -2;
          for (int p = 0; p < t.degree(a); p++) {
            int sw = t.neighbor(a, p);
            if (TopologyChecks.multiplicity(t, b, sw) > 0) {
              shared++;
              sharedLevel = l.get(sw, "level");
            }
          }
          if (differing == 1) {
            assertThat(shared).as("BCube(%d,%d) %d~%d", n, k, a, b).isEqualTo(1);
            assertThat(sharedLevel).isEqualTo(digit);
          } else {
            assertThat(shared).as("BCube(%d,%d) %d,%d", n, k, a, b).isZero();
          }
        }
      }
    }
  }

  @Test
  void labelsAndArithmeticHelpers() {
    int n = 3;
    int k = 2;
    BCube c = new BCube(n, k);
    Topology t = c.build();
    Labels l = t.labels();
    assertThat(l.fields()).containsExactly("level", "d0", "d1", "d2");
    for (int s = 0; s < t.serverCount(); s++) {
      int[] label = l.of(s);
      assertThat(label[0]).isEqualTo(-1);
      assertThat(label[1] + n * label[2] + n * n * label[3]).isEqualTo(s);
      int[] digits = BCube.digits(n, k, s);
      assertThat(digits).containsExactly(label[1], label[2], label[3]);
      assertThat(BCube.serverId(n, digits)).isEqualTo(s);
      for (int j = 0; j <= k; j++) {
        assertThat(BCube.digit(n, s, j)).isEqualTo(digits[j]);
        int sw = t.neighbor(s, j);
        assertThat(BCube.switchId(n, k, j, s)).isEqualTo(sw);
        assertThat(c.switchOf(j, s)).isEqualTo(sw);
        int[] sl = l.of(sw);
        assertThat(sl[0]).isEqualTo(j);
        for (int i = 0; i <= k; i++) {
          assertThat(sl[i + 1]).isEqualTo(i == j ? Labels.ABSENT : digits[i]);
        }
        // port p of a level-j switch leads to the server whose digit j is p
        assertThat(t.neighbor(sw, digits[j])).isEqualTo(s);
        int index = sw - t.serverCount() - j * n * n;
        assertThat(BCube.serverOf(n, j, index, digits[j])).isEqualTo(s);
      }
    }
  }

  @Test
  void workedExampleDistancesOfBCube41() {
    // seed 004 Fig. 1/3: one inter-server hop costs 2; v0 and v2 differ in one digit, v0 and v5 in two.
    Topology t = new BCube(4, 1).build();
    int[] d = TopologyChecks.bfs(t, 0);
    assertThat(d[2]).isEqualTo(2);
    assertThat(d[4]).isEqualTo(2);
    assertThat(d[5]).isEqualTo(4);
    assertThat(d[15]).isEqualTo(4);
  }

  @Test
  void bcube85HasThePaperCountsAndFitsUnderOneGib() {
    BCube c = new BCube(8, 5);
    Topology t = c.build();
    assertThat(t.serverCount()).isEqualTo(262_144);
    assertThat(t.switchCount()).isEqualTo(196_608);
    assertThat(t.linkCount()).isEqualTo(2 * 6 * 262_144);
    assertThat(t.estimatedBytes()).isLessThan(1L << 30);
    assertThat(c.estimate().peakBytes()).isLessThan(1L << 30);
    SplittableRandom rnd = new RandomStreams(3).stream("bcube85");
    Labels l = t.labels();
    for (int i = 0; i < 1000; i++) {
      int s = rnd.nextInt(t.serverCount());
      int j = rnd.nextInt(6);
      int sw = BCube.switchId(8, 5, j, s);
      assertThat(t.neighbor(s, j)).isEqualTo(sw);
      assertThat(l.get(s, "d" + j)).isEqualTo(BCube.digit(8, s, j));
      assertThat(l.get(sw, "d" + j)).isEqualTo(Labels.ABSENT);
    }
  }

  @Test
  void sizeLimitGivesTheRangeOfK() {
    // n = 64: k = 3 has 2*4*64^4 = 134M directed links; k = 4 has 2*5*64^5 > 2^30.
    assertThatThrownBy(() -> families.parse("bcube", Map.of("n", "64", "k", "4")))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("bcube --k")
        .hasMessageContaining("valid range 0..3");
    // n = 2: 2*24*2^24 = 805M fits, 2*25*2^25 = 1.68G does not.
    assertThatThrownBy(() -> new BCube(2, 30)).hasMessageContaining("valid range 0..23");
    assertThat(new BCube(2, 23).estimate().directedLinks()).isEqualTo(2L * 24 * (1L << 24));
    assertThatThrownBy(() -> families.parse("bcube", Map.of("n", "65")))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("2..64");
  }

  @Test
  void randomValidParametersKeepInvariants() {
    SplittableRandom rnd = new RandomStreams(5).stream("bcube-test");
    for (int round = 0; round < 15; round++) {
      int n = 2 + rnd.nextInt(5);
      int k = rnd.nextInt(n <= 3 ? 4 : 3);
      Map<String, String> raw = Map.of("n", Integer.toString(n), "k", Integer.toString(k));
      Topology t = families.build("bcube", raw);
      TopologyChecks.checkInvariants(t, BCube.estimate(n, k));
      assertThat(families.build("bcube", raw)).isEqualTo(t);
      // diameter between servers: 2(k+1) hops (all digits differ)
      int[] d = TopologyChecks.bfs(t, 0);
      assertThat(d[t.serverCount() - 1]).isEqualTo(2 * (k + 1));
    }
  }

  @Test
  void orbitHintMatchesBruteForce() {
    TopologyChecks.checkOrbits(new BCube(3, 1).build());
    TopologyChecks.checkOrbits(new BCube(2, 2).build());
    TopologyChecks.checkOrbits(new BCube(3, 2).build());
  }
}
