package org.fabriclab.sim.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.bcube.BCube;
import org.fabriclab.topology.clos.Clos;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.topology.jellyfish.Jellyfish;
import org.junit.jupiter.api.Test;

/**
 * {@link EcmpTable#nextLink} against a brute force on small fabrics: a BFS to the destination
 * server itself, and candidate {@code choice mod count} among the links to a node one hop closer,
 * in port order. Covers both of the table's encodings: consecutive candidates (fat-tree, Clos) and
 * scattered ones (Jellyfish, BCube), and choices of either sign.
 */
class EcmpNextHopBruteForceTest {
  private static final int[] CHOICES = {0, 1, 2, 3, 5, 7, 31, 1 << 20, -1, -7, Integer.MIN_VALUE,
      Integer.MAX_VALUE};

  @Test
  void fatTreeMatchesBruteForce() {
    check(new FatTree(4).build());
  }

  @Test
  void closMatchesBruteForce() {
    check(new Clos(3, 8, 1.0, 1.0).build());
  }

  @Test
  void jellyfishMatchesBruteForce() {
    check(Jellyfish.uniform(12, 6, 2).build(5));
  }

  @Test
  void bcubeMatchesBruteForce() {
    check(new BCube(3, 1).build());
  }

  private static void check(Topology t) {
    EcmpTable e = new EcmpTable(t);
    int n = t.nodeCount();
    int[] off = t.csrOffsets();
    int[] tgt = t.csrTargets();
    long compared = 0;
    for (int s = 0; s < t.serverCount(); s++) {
      int dst = t.server(s);
      int[] d = bfsTo(t, dst);
      for (int u = 0; u < n; u++) {
        if (u == dst) {
          continue;
        }
        List<Integer> cand = new ArrayList<>();
        if (d[u] != Integer.MAX_VALUE) {
          for (int l = off[u]; l < off[u + 1]; l++) {
            if (d[tgt[l]] == d[u] - 1) {
              cand.add(l);
            }
          }
        }
        assertThat(e.candidates(u, dst)).as("candidates %d -> %d", u, dst).isEqualTo(cand.size());
        for (int c : CHOICES) {
          int want = cand.isEmpty() ? -1 : cand.get(Integer.remainderUnsigned(c, cand.size()));
          assertThat(e.nextLink(u, dst, c)).as("next hop %d -> %d, choice %d", u, dst, c)
              .isEqualTo(want);
          compared++;
        }
      }
    }
    assertThat(compared).isPositive();
  }

  /** Hop distances to {@code dst} along link directions (BFS over links walked backwards). */
  private static int[] bfsTo(Topology t, int dst) {
    int n = t.nodeCount();
    int[] off = t.csrOffsets();
    int[] tgt = t.csrTargets();
    int[] d = new int[n];
    Arrays.fill(d, Integer.MAX_VALUE);
    d[dst] = 0;
    ArrayDeque<Integer> q = new ArrayDeque<>();
    q.add(dst);
    while (!q.isEmpty()) {
      int v = q.poll();
      for (int u = 0; u < n; u++) {
        if (d[u] != Integer.MAX_VALUE) {
          continue;
        }
        for (int l = off[u]; l < off[u + 1]; l++) {
          if (tgt[l] == v) {
            d[u] = d[v] + 1;
            q.add(u);
            break;
          }
        }
      }
    }
    return d;
  }
}
