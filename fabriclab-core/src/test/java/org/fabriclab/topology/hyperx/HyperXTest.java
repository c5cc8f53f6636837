package org.fabriclab.topology.hyperx;

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

class HyperXTest {
  private final TopologyFamilies families = TopologyFamilies.load();

  /** Brute force over switch pairs: K cables iff coordinates differ in exactly one dimension. */
  private static void checkAdjacency(Topology t, int[] dims, int trunk, int perSwitch) {
    Labels l = t.labels();
    int servers = t.serverCount();
    int switches = t.nodeCount() - servers;
    int sum = 0;
    for (int s : dims) {
      sum += s - 1;
    }
    for (int a = servers; a < t.nodeCount(); a++) {
      assertThat(t.degree(a)).isEqualTo(perSwitch + trunk * sum);
      for (int b = servers; b < t.nodeCount(); b++) {
        int differing = 0;
        for (int i = 0; i < dims.length; i++) {
          if (l.get(a, "x" + i) != l.get(b, "x" + i)) {
            differing++;
          }
        }
        int expected = a != b && differing == 1 ? trunk : 0;
        assertThat(TopologyChecks.multiplicity(t, a, b)).isEqualTo(expected);
      }
    }
    assertThat(switches).isEqualTo(servers / perSwitch);
  }

  @Test
  void portsAndTrunksOfAMixedLattice() {
    int[] dims = {2, 3, 4};
    HyperX h = new HyperX(dims, 2, 3);
    Topology t = h.build();
    assertThat(h.switchPorts()).isEqualTo(3 + 2 * (1 + 2 + 3));
    assertThat(t.switchCount()).isEqualTo(24);
    assertThat(t.serverCount()).isEqualTo(72);
    assertThat(t.cableCount()).isEqualTo(72 + 24 * 2 * 6 / 2);
    checkAdjacency(t, dims, 2, 3);
  }

  @Test
  void portOrderServersThenDimensionsByCoordinate() {
    int[] dims = {3, 4};
    HyperX h = new HyperX(dims, 2, 2);
    Topology t = h.build();
    Labels l = t.labels();
    for (int w = t.serverCount(); w < t.nodeCount(); w++) {
      int[] x = h.coordinates(w);
      assertThat(h.switchId(x)).isEqualTo(w);
      int port = 0;
      for (int s = 0; s < 2; s++) {
        int server = t.neighbor(w, port++);
        assertThat(h.switchOf(server)).isEqualTo(w);
        assertThat(l.get(server, "index")).isEqualTo(s);
      }
      for (int i = 0; i < dims.length; i++) {
        for (int y = 0; y < dims[i]; y++) {
          if (y == x[i]) {
            continue;
          }
          int[] z = x.clone();
          z[i] = y;
          for (int trunk = 0; trunk < 2; trunk++) {
            assertThat(t.neighbor(w, port++)).isEqualTo(h.switchId(z));
          }
        }
      }
    }
  }

  @Test
  void serverDistanceIsTwoPlusDifferingCoordinates() {
    int[] dims = {3, 2, 3};
    Topology t = new HyperX(dims, 1, 2).build();
    Labels l = t.labels();
    for (int a = 0; a < t.serverCount(); a += 5) {
      int[] d = TopologyChecks.bfs(t, a);
      for (int b = 0; b < t.serverCount(); b++) {
        int diff = 0;
        for (int i = 0; i < dims.length; i++) {
          diff += l.get(a, "x" + i) != l.get(b, "x" + i) ? 1 : 0;
        }
        assertThat(d[b]).isEqualTo(a == b ? 0 : 2 + diff);
      }
    }
  }

  @Test
  void randomValidParametersKeepInvariants() {
    SplittableRandom rnd = new RandomStreams(13).stream("hyperx-test");
    for (int round = 0; round < 15; round++) {
      int l = 1 + rnd.nextInt(3);
      int[] dims = new int[l];
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < l; i++) {
        dims[i] = 2 + rnd.nextInt(4);
        text.append(i == 0 ? "" : ",").append(dims[i]);
      }
      int trunk = 1 + rnd.nextInt(3);
      int perSwitch = 1 + rnd.nextInt(3);
      Map<String, String> raw =
          Map.of(
              "dims", text.toString(),
              "trunk", Integer.toString(trunk),
              "servers-per-switch", Integer.toString(perSwitch));
      Topology t = families.build("hyperx", raw);
      TopologyChecks.checkInvariants(t, HyperX.estimate(dims, trunk, perSwitch));
      assertThat(families.build("hyperx", raw)).isEqualTo(t);
      checkAdjacency(t, dims, trunk, perSwitch);
    }
  }

  @Test
  void orbitHintMatchesBruteForce() {
    TopologyChecks.checkOrbits(new HyperX(new int[] {2, 3}, 2, 2).build());
    TopologyChecks.checkOrbits(new HyperX(new int[] {4}, 1, 3).build());
  }

  @Test
  void invalidParametersAreRejected() {
    assertThatThrownBy(() -> families.parse("hyperx", Map.of("dims", "4,1")))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("hyperx --dims");
    assertThatThrownBy(() -> families.parse("hyperx", Map.of("dims", "1024,1024,1024")))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("hyperx --dims")
        .hasMessageContaining("too large");
    // 32^4 switches = 2^20; directed links 2^20 * (2T + 4*31) <= 2^30  <=>  T <= 450
    assertThatThrownBy(() -> families.parse("hyperx", Map.of("dims", "32,32,32,32", "servers-per-switch", "1000")))
        .hasMessageContaining("valid range 1..450");
  }
}
