package org.fabriclab.topology.torus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import java.util.Map;
import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.topology.TopologyChecks;
import org.fabriclab.topology.TopologyFamilies;
import org.junit.jupiter.api.Test;

class TorusTest {
  private final TopologyFamilies families = TopologyFamilies.load();

  @Test
  void defaultIsTheShoal512NodeDirectConnectTorus() {
    Topology t = families.build("torus", Map.of());
    assertThat(t.nodeCount()).isEqualTo(512);
    assertThat(t.serverCount()).isEqualTo(512);
    assertThat(t.cableCount()).isEqualTo(512 * 6 / 2);
    for (int v = 0; v < 512; v++) {
      assertThat(t.degree(v)).isEqualTo(6);
    }
  }

  @Test
  void sizeTwoDimensionsGetOneLink() {
    Topology t = new Torus(new int[] {2, 3, 4}, 0).build();
    assertThat(t.nodeCount()).isEqualTo(24);
    for (int v = 0; v < 24; v++) {
      assertThat(t.degree(v)).isEqualTo(1 + 2 + 2);
      for (int p = 0; p < t.degree(v); p++) {
        assertThat(TopologyChecks.multiplicity(t, v, t.neighbor(v, p))).isEqualTo(1);
      }
    }
    assertThat(t.cableCount()).isEqualTo(24 * 5 / 2);
    Topology square = new Torus(new int[] {2, 2}, 0).build();
    assertThat(square.cableCount()).isEqualTo(4);
  }

  /** Ring of size s: Σ_d min(d, s-d) = floor(s^2/4). */
  private static double closedFormAverageDistance(int[] dims) {
    long n = 1;
    for (int s : dims) {
      n *= s;
    }
    double perNode = 0;
    for (int s : dims) {
      perNode += (double) (s * s / 4) / s;
    }
    return perNode * n / (n - 1);
  }

  @Test
  void averageDistanceMatchesClosedForm() {
    int[][] cases = {{8, 8, 8}, {3, 4, 5}, {2, 3, 4}, {2, 2, 2}, {7}};
    for (int[] dims : cases) {
      Topology t = new Torus(dims, 0).build();
      long[] h = TopologyChecks.serverPairHistogram(t);
      double sum = 0;
      long pairs = 0;
      for (int d = 0; d < h.length; d++) {
        sum += (double) d * h[d];
        pairs += h[d];
      }
      assertThat(sum / pairs).isCloseTo(closedFormAverageDistance(dims), offset(1e-12));
    }
  }

  @Test
  void attachedServersMakeNodesSwitches() {
    int[] dims = {3, 3};
    Torus torus = new Torus(dims, 2);
    Topology t = torus.build();
    assertThat(t.serverCount()).isEqualTo(18);
    assertThat(t.switchCount()).isEqualTo(9);
    Labels l = t.labels();
    for (int v = 0; v < t.nodeCount(); v++) {
      if (t.isServer(v)) {
        assertThat(t.degree(v)).isEqualTo(1);
        assertThat(t.neighbor(v, 0)).isEqualTo(18 + v / 2);
        assertThat(l.get(v, "index")).isEqualTo(v % 2);
      } else {
        assertThat(t.role(v)).isEqualTo(NodeRole.PACKET_SWITCH);
        assertThat(t.degree(v)).isEqualTo(2 + 4);
        assertThat(l.get(v, "tier")).isEqualTo(1);
      }
    }
    // a server reaches a server on a ring neighbour in 3 hops, on a diagonal one in 4
    int[] d = TopologyChecks.bfs(t, 0);
    assertThat(d[1]).isEqualTo(2);
    assertThat(d[2 * (torus.nodeId(1, 0) - 18)]).isEqualTo(3);
    assertThat(d[2 * (torus.nodeId(1, 1) - 18)]).isEqualTo(4);
  }

  @Test
  void portOrderLowerCoordinateFirst() {
    int[] dims = {4, 3, 2};
    Torus torus = new Torus(dims, 0);
    Topology t = torus.build();
    Labels l = t.labels();
    for (int v = 0; v < t.nodeCount(); v++) {
      int port = 0;
      for (int i = 0; i < dims.length; i++) {
        int links = dims[i] == 2 ? 1 : 2;
        int previous = -1;
        for (int j = 0; j < links; j++) {
          int u = t.neighbor(v, port++);
          int x = l.get(u, "x" + i);
          assertThat(x).isNotEqualTo(l.get(v, "x" + i)).isGreaterThan(previous);
          previous = x;
        }
      }
    }
  }

  @Test
  void randomValidParametersKeepInvariants() {
    SplittableRandom rnd = new RandomStreams(19).stream("torus-test");
    for (int round = 0; round < 15; round++) {
      int l = 1 + rnd.nextInt(3);
      int[] dims = new int[l];
      StringBuilder text = new StringBuilder();
      int ring = 0;
      for (int i = 0; i < l; i++) {
        dims[i] = 2 + rnd.nextInt(5);
        ring += dims[i] == 2 ? 1 : 2;
        text.append(i == 0 ? "" : ",").append(dims[i]);
      }
      int perNode = rnd.nextInt(3);
      Map<String, String> raw =
          Map.of("dims", text.toString(), "servers-per-node", Integer.toString(perNode));
      Topology t = families.build("torus", raw);
      TopologyChecks.checkInvariants(t, Torus.estimate(dims, perNode));
      assertThat(families.build("torus", raw)).isEqualTo(t);
      for (int v = 0; v < t.nodeCount(); v++) {
        boolean attached = perNode > 0 && t.isServer(v);
        assertThat(t.degree(v)).isEqualTo(attached ? 1 : ring + perNode);
      }
    }
  }

  @Test
  void orbitHintMatchesBruteForce() {
    TopologyChecks.checkOrbits(new Torus(new int[] {3, 4}, 0).build());
    TopologyChecks.checkOrbits(new Torus(new int[] {2, 3, 3}, 2).build());
  }

  @Test
  void invalidParametersAreRejected() {
    assertThatThrownBy(() -> families.parse("torus", Map.of("dims", "8,1,8")))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("torus --dims");
    // 1024^2 nodes, each with 4 ring links and 2s server links: 2^20 (1 + s) nodes,
    // 2^20 (4 + 2s) directed links <= 2^30  <=>  s <= 510
    assertThatThrownBy(
            () -> families.parse("torus", Map.of("dims", "1024,1024", "servers-per-node", "600")))
        .hasMessageContaining("torus --servers-per-node")
        .hasMessageContaining("valid range 0..510");
  }
}
