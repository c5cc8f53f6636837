package org.fabriclab.topology.fbfly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.topology.TopologyChecks;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.hyperx.HyperX;
import org.junit.jupiter.api.Test;

class FlattenedButterflyTest {
  private final TopologyFamilies families = TopologyFamilies.load();

  @Test
  void seedExampleFourAryThreeFlat() {
    // seed 004 §II: 4-ary 3-flat, c = 2: 32 servers, 16 switches of 8 ports.
    Topology t = families.build("fbfly", Map.of("k", "4", "n", "3", "c", "2"));
    assertThat(t.serverCount()).isEqualTo(32);
    assertThat(t.switchCount()).isEqualTo(16);
    for (int v = t.serverCount(); v < t.nodeCount(); v++) {
      assertThat(t.degree(v)).isEqualTo(8);
    }
    assertThat(new FlattenedButterfly(4, 3, 1).serverCount()).isEqualTo(16);
  }

  @Test
  void closedFormsAndHyperXEquivalence() {
    for (int k = 2; k <= 5; k++) {
      for (int n = 2; n <= 4; n++) {
        for (int c = 1; c <= 3; c++) {
          FlattenedButterfly f = new FlattenedButterfly(k, n, c);
          Topology t = f.build();
          int switches = (int) Math.round(Math.pow(k, n - 1));
          assertThat(t.switchCount()).isEqualTo(switches);
          assertThat(t.serverCount()).isEqualTo(c * switches);
          assertThat(f.switchPorts()).isEqualTo(c + (n - 1) * (k - 1));
          assertThat(t.cableCount()).isEqualTo(c * switches + switches * (n - 1) * (k - 1) / 2);
          int[] dims = new int[n - 1];
          java.util.Arrays.fill(dims, k);
          Topology h = new HyperX(dims, 1, c).build();
          assertThat(t.csrTargets()).isEqualTo(h.csrTargets());
          assertThat(t.labels()).isEqualTo(h.labels());
        }
      }
    }
  }

  @Test
  void randomValidParametersKeepInvariants() {
    SplittableRandom rnd = new RandomStreams(17).stream("fbfly-test");
    for (int round = 0; round < 15; round++) {
      int k = 2 + rnd.nextInt(4);
      int n = 2 + rnd.nextInt(3);
      int c = 1 + rnd.nextInt(4);
      Map<String, String> raw =
          Map.of("k", Integer.toString(k), "n", Integer.toString(n), "c", Integer.toString(c));
      Topology t = families.build("fbfly", raw);
      TopologyChecks.checkInvariants(t, FlattenedButterfly.estimate(k, n, c));
      assertThat(families.build("fbfly", raw)).isEqualTo(t);
      for (int v = 0; v < t.nodeCount(); v++) {
        assertThat(t.degree(v)).isEqualTo(t.isServer(v) ? 1 : c + (n - 1) * (k - 1));
      }
    }
  }

  @Test
  void orbitHintMatchesBruteForce() {
    TopologyChecks.checkOrbits(new FlattenedButterfly(3, 3, 2).build());
    TopologyChecks.checkOrbits(new FlattenedButterfly(4, 2, 1).build());
  }

  @Test
  void sizeLimitGivesTheRangeOfN() {
    // k = 32, c = 1: n = 5 has 32^4 = 2^20 switches, 2^20 * (2 + 4*31) < 2^30 directed links;
    // n = 6 has 2^25 switches and 2^25 * (2 + 5*31) > 2^30.
    assertThatThrownBy(() -> families.parse("fbfly", Map.of("k", "32", "n", "6", "c", "1")))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("fbfly --n")
        .hasMessageContaining("valid range 2..5");
  }
}
