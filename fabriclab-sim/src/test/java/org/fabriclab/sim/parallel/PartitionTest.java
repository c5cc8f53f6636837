package org.fabriclab.sim.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/** The partition into logical processes: by pod, balanced, merged across zero-delay links. */
class PartitionTest {

  @Test
  void aFatTreeIsCutByPodWithTheCoresDealtToThePods() {
    int k = 8;
    Topology t = new FatTree(k).build();
    Partition p = Partition.of(t);
    assertThat(p.parts()).isEqualTo(k);
    // a pod: k/2 edge + k/2 aggregation switches, (k/2)^2 servers; the (k/2)^2 cores dealt k ways
    int perPod = k + k * k / 4;
    for (int lp = 0; lp < k; lp++) {
      assertThat(p.size(lp)).isEqualTo(perPod + k * k / 4 / k);
    }
    // cut: every core-aggregation cable except the one of each core into the pod it was dealt to,
    // both directions: 2 ((k/2)^2 · k - (k/2)^2)
    int cores = k * k / 4;
    assertThat(p.cutLinkCount()).isEqualTo(2 * (cores * k - cores));
    for (int e = 0; e < t.linkCount(); e++) {
      assertThat(p.isCut(e)).isEqualTo(p.lp(t.source(e)) != p.lp(t.target(e)));
    }
    assertThat(p.lookaheadPs()).isEqualTo(minCutDelay(t, p));
  }

  private static long minCutDelay(Topology t, Partition p) {
    long m = Long.MAX_VALUE;
    for (int e = 0; e < t.linkCount(); e++) {
      if (p.lp(t.source(e)) != p.lp(t.target(e))) {
        m = Math.min(m, t.delayPs(e));
      }
    }
    return m;
  }

  /** A ring of 8 switches, each with 4 servers (switches 0..7, then the servers). */
  private static Topology ring(long delayPs) {
    TopologyBuilder b = new TopologyBuilder("ring", "n=8").defaults(10_000_000_000L, delayPs);
    b.addNodes(NodeRole.PACKET_SWITCH, 8);
    for (int i = 0; i < 8; i++) {
      b.addCable(i, (i + 1) % 8);
    }
    for (int i = 0; i < 8; i++) {
      for (int j = 0; j < 4; j++) {
        b.addCable(b.addNode(NodeRole.SERVER), i);
      }
    }
    return b.build();
  }

  @Test
  void otherFabricsAreCutIntoBalancedPartsAlongABreadthFirstOrder() {
    Topology t = ring(1_000_000);
    Partition p = Partition.of(t);
    // 32 servers: 32 / 16 = 2 parts of weight 20 (4 switches with their 16 servers each); BFS
    // from switch 0 visits 0, 1, 7, 2 first, so the cut is the cables 2-3 and 6-7
    assertThat(p.parts()).isEqualTo(2);
    assertThat(p.size(0)).isEqualTo(20);
    assertThat(p.size(1)).isEqualTo(20);
    for (int s : new int[] {0, 1, 2, 7}) {
      assertThat(p.lp(s)).isZero();
    }
    for (int s : new int[] {3, 4, 5, 6}) {
      assertThat(p.lp(s)).isEqualTo(1);
    }
    for (int v = 8; v < t.nodeCount(); v++) {
      assertThat(p.lp(v)).isEqualTo(p.lp(t.neighbor(v, 0)));
    }
    assertThat(p.cutLinkCount()).isEqualTo(4);
    assertThat(p.lookaheadPs()).isEqualTo(1_000_000);
  }

  @Test
  void thePartitionIsAPureFunctionOfTheTopology() {
    Topology a = new FatTree(6).build();
    Topology b = new FatTree(6).build();
    Partition pa = Partition.of(a);
    Partition pb = Partition.of(b);
    for (int v = 0; v < a.nodeCount(); v++) {
      assertThat(pa.lp(v)).isEqualTo(pb.lp(v));
    }
  }

  @Test
  void linksWithoutDelayNeverCrossTheCut() {
    Topology t = new FatTree(4).build();
    int[] a = new int[t.nodeCount()];
    for (int v = 0; v < a.length; v++) {
      a[v] = v; // every node its own LP
    }
    Partition p = Partition.of(t, a);
    assertThat(p.parts()).isEqualTo(t.nodeCount());
    assertThat(p.cutLinkCount()).isEqualTo(t.linkCount());
    // renumbering by lowest node: LP ids 0..parts-1 in node order
    for (int v = 0; v < a.length; v++) {
      assertThat(p.lp(v)).isEqualTo(v);
    }
    Topology zero = ring(0);
    int[] each = new int[zero.nodeCount()];
    java.util.Arrays.setAll(each, v -> v);
    Partition z = Partition.of(zero, each);
    assertThat(z.parts()).isEqualTo(1);
    assertThat(z.cutLinkCount()).isZero();
    assertThat(z.lookaheadPs()).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void anAssignmentOfTheWrongLengthOrWithNegativeIdsIsRefused() {
    Topology t = new FatTree(4).build();
    assertThatThrownBy(() -> Partition.of(t, new int[3]))
        .isInstanceOf(InvalidParameterException.class).hasMessageContaining("one LP per node");
    int[] a = new int[t.nodeCount()];
    a[5] = -1;
    assertThatThrownBy(() -> Partition.of(t, a))
        .isInstanceOf(InvalidParameterException.class).hasMessageContaining("node 5");
  }
}
