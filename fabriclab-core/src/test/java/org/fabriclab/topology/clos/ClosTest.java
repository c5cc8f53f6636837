package org.fabriclab.topology.clos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.Topology;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.topology.TopologyChecks;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

class ClosTest {
  private final TopologyFamilies families = TopologyFamilies.load();

  @Test
  void leafSpineClosedForms() {
    // P = 8, R = 3: 6 server ports and 2 uplinks per leaf, 2 spines, 8 leaves.
    Topology t = new Clos(2, 8, 3, 1).build();
    assertThat(t.serverCount()).isEqualTo(8 * 6);
    assertThat(t.switchCount()).isEqualTo(8 + 2);
    assertThat(t.cableCount()).isEqualTo(64);
    for (int v = t.serverCount(); v < t.nodeCount(); v++) {
      assertThat(t.degree(v)).isEqualTo(8);
    }
  }

  @Test
  void threeTierClosedForms() {
    // P = 12, R = 2 (8 down, 4 up), R2 = 3 (9 down, 3 up): 12 pods of 9 edges and 4 aggs.
    Topology t = new Clos(3, 12, 2, 3).build();
    int pods = 12;
    int servers = pods * 9 * 8;
    int core = 4 * 3;
    assertThat(t.serverCount()).isEqualTo(servers);
    assertThat(t.switchCount()).isEqualTo(pods * (9 + 4) + core);
    assertThat(t.cableCount()).isEqualTo(servers + pods * 9 * 4 + pods * 4 * 3);
    for (int v = t.serverCount(); v < t.nodeCount(); v++) {
      assertThat(t.degree(v)).as("switch %d", v).isEqualTo(12);
    }
  }

  @Test
  void unitOversubscriptionThreeTiersIsTheFatTree() {
    for (int k = 2; k <= 10; k += 2) {
      Topology clos = new Clos(3, k, 1, 1).build();
      Topology fat = new FatTree(k).build();
      assertThat(clos.csrOffsets()).isEqualTo(fat.csrOffsets());
      assertThat(clos.csrTargets()).isEqualTo(fat.csrTargets());
      assertThat(clos.labels()).isEqualTo(fat.labels());
    }
  }

  /** Per tier: down ports / up ports = ratio; servers / top-tier cables = product of ratios. */
  private static void checkOversubscription(Topology t, int tiers, double r, double r2) {
    Labels l = t.labels();
    long topCables = 0;
    for (int v = t.serverCount(); v < t.nodeCount(); v++) {
      int tier = l.get(v, "tier");
      int downs = 0;
      int ups = 0;
      for (int p = 0; p < t.degree(v); p++) {
        int other = l.get(t.neighbor(v, p), "tier");
        if (other < tier) {
          downs++;
        } else {
          ups++;
        }
      }
      if (tier == 1) {
        assertThat((double) downs / ups).isCloseTo(r, offset(1e-9));
      } else if (tier == 2 && tiers == 3) {
        assertThat((double) downs / ups).isCloseTo(r2, offset(1e-9));
      } else {
        assertThat(ups).isZero();
        topCables += downs;
      }
    }
    assertThat((double) t.serverCount() / topCables)
        .isCloseTo(tiers == 2 ? r : r * r2, offset(1e-9));
  }

  @Test
  void oversubscriptionInvariantsFixedCases() {
    checkOversubscription(new Clos(2, 8, 3, 1).build(), 2, 3, 1);
    checkOversubscription(new Clos(3, 12, 2, 3).build(), 3, 2, 3);
    checkOversubscription(new Clos(3, 8, 5.0 / 3, 1).build(), 3, 5.0 / 3, 1);
  }

  @Test
  void randomValidParametersKeepInvariants() {
    SplittableRandom rnd = new RandomStreams(11).stream("clos-test");
    for (int round = 0; round < 20; round++) {
      int tiers = 2 + rnd.nextInt(2);
      int ports = 2 + rnd.nextInt(tiers == 2 ? 15 : 9);
      int up = 1 + rnd.nextInt(ports / 2);
      int aggUp = 1 + rnd.nextInt(ports / 2);
      double r = (double) (ports - up) / up;
      double r2 = tiers == 3 ? (double) (ports - aggUp) / aggUp : 1;
      Map<String, String> raw =
          Map.of(
              "tiers", Integer.toString(tiers),
              "ports", Integer.toString(ports),
              "oversubscription", String.format(Locale.ROOT, "%.12f", r),
              "agg-oversubscription", String.format(Locale.ROOT, "%.12f", r2));
      Topology t = families.build("clos", raw);
      Clos c = new Clos(tiers, ports, r, r2);
      TopologyChecks.checkInvariants(t, c.estimate());
      assertThat(families.build("clos", raw)).isEqualTo(t);
      int downs = ports - up;
      int expectedServers =
          tiers == 2 ? ports * downs : ports * (ports - aggUp) * downs;
      assertThat(t.serverCount()).isEqualTo(expectedServers);
      for (int v = 0; v < t.nodeCount(); v++) {
        assertThat(t.degree(v)).isEqualTo(t.isServer(v) ? 1 : ports);
      }
      for (int h = 0; h < t.serverCount(); h++) {
        assertThat(t.neighbor(h, 0)).isEqualTo(t.serverCount() + h / downs);
      }
      checkOversubscription(t, tiers, r, r2);
    }
  }

  @Test
  void orbitHintMatchesBruteForce() {
    TopologyChecks.checkOrbits(new Clos(2, 6, 2, 1).build());
    TopologyChecks.checkOrbits(new Clos(3, 6, 2, 2).build());
    TopologyChecks.checkOrbits(new Clos(3, 5, 1.5, 4).build());
  }

  @Test
  void invalidCombinationsAreRejectedWithOneLine() {
    assertThatThrownBy(() -> families.parse("clos", Map.of("ports", "8", "oversubscription", "2")))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("clos --oversubscription")
        .hasMessageContaining("valid: 1, 3, 7");
    assertThatThrownBy(
            () -> families.parse("clos", Map.of("tiers", "2", "agg-oversubscription", "3")))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("clos --agg-oversubscription");
    assertThatThrownBy(() -> families.parse("clos", Map.of("ports", "1024")))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("clos --ports")
        .hasMessageContaining("valid range 2..")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    // 2 * 3/4 P^3 directed links <= 2^30  <=>  P <= 894.05..., the largest even P is 894.
    assertThatThrownBy(() -> new Clos(3, 1024, 1, 1)).hasMessageContaining("valid range 2..894");
  }
}
