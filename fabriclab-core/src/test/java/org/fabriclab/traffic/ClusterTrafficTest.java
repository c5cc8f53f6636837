package org.fabriclab.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.fabriclab.analysis.DemandMatrix;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/** §3.1/§3.3 of seed 001: cluster placement and demand counts. */
class ClusterTrafficTest {
  private final Topology t = new FatTree(8).build(); // 128 servers, 16 per Pod

  private int pods(int[] c) {
    Set<Integer> p = new HashSet<>();
    for (int s : c) {
      p.add(t.labels().get(s, "pod"));
    }
    return p.size();
  }

  @Test
  void clustersAreDisjointAndPlacedByLocality() {
    for (ClusterTraffic.Locality l : ClusterTraffic.Locality.values()) {
      List<int[]> cs = new ClusterTraffic(t, 20, ClusterTraffic.Pattern.ALL_TO_ALL, l, 16)
          .clusters(new SplittableRandom(3));
      assertThat(cs).hasSize(6);
      Set<Integer> seen = new HashSet<>();
      for (int[] c : cs) {
        for (int s : c) {
          assertThat(seen.add(s)).isTrue();
          assertThat(t.isServer(s)).isTrue();
        }
        if (l != ClusterTraffic.Locality.NONE) {
          // 20 servers need at least 2 Pods of 16; packed contiguously, exactly 2 here
          assertThat(pods(c)).isGreaterThanOrEqualTo(2);
          if (l == ClusterTraffic.Locality.STRONG) {
            assertThat(pods(c)).isEqualTo(2);
          }
        }
      }
      if (l == ClusterTraffic.Locality.STRONG) {
        assertThat(cs.get(0)).containsExactly(java.util.stream.IntStream.range(0, 20).toArray());
      }
    }
  }

  @Test
  void demandCounts() {
    SplittableRandom r = new SplittableRandom(1);
    DemandMatrix a = new ClusterTraffic(t, 20, ClusterTraffic.Pattern.ALL_TO_ALL, ClusterTraffic.Locality.NONE, 16).demands(r);
    assertThat(a.size()).isEqualTo(6 * 20 * 19);
    DemandMatrix b = new ClusterTraffic(t, 60, ClusterTraffic.Pattern.BROADCAST, ClusterTraffic.Locality.STRONG, 16).demands(r);
    assertThat(b.size()).isEqualTo(2 * 59);
    Set<Integer> sources = new HashSet<>();
    for (int i = 0; i < b.size(); i++) {
      sources.add(b.source(i));
    }
    assertThat(sources).hasSize(2);
    DemandMatrix c = new ClusterTraffic(t, 60, ClusterTraffic.Pattern.INCAST, ClusterTraffic.Locality.STRONG, 16).demands(r);
    Set<Integer> sinks = new HashSet<>();
    for (int i = 0; i < c.size(); i++) {
      sinks.add(c.destination(i));
    }
    assertThat(sinks).hasSize(2);
  }
}
