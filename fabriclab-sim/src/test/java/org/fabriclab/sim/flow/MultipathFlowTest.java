package org.fabriclab.sim.flow;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.SimulationResult;
import org.fabriclab.traffic.FlowTrace;
import org.junit.jupiter.api.Test;

/** Flows split over several ECMP paths in the fluid engine: FCTs by hand. */
class MultipathFlowTest {
  /** A(0) -20G- X -10G- {Y1, Y2} -10G- Z -20G- B(1): two disjoint 10 Gb/s paths in the middle. */
  static Topology diamond() {
    TopologyBuilder b = new TopologyBuilder("diamond", "");
    int a = b.addNode(NodeRole.SERVER);
    int bb = b.addNode(NodeRole.SERVER);
    int x = b.addNode(NodeRole.PACKET_SWITCH);
    int y1 = b.addNode(NodeRole.PACKET_SWITCH);
    int y2 = b.addNode(NodeRole.PACKET_SWITCH);
    int z = b.addNode(NodeRole.PACKET_SWITCH);
    long g = 1_000_000_000L;
    b.addCable(a, x, 20 * g, 0);
    b.addCable(x, y1, 10 * g, 0);
    b.addCable(x, y2, 10 * g, 0);
    b.addCable(y1, z, 10 * g, 0);
    b.addCable(y2, z, 10 * g, 0);
    b.addCable(z, bb, 20 * g, 0);
    return b.build();
  }

  static FlowTrace oneFlow(int src, int dst, long bytes) {
    return new FlowTrace(new long[] {0}, new int[] {src}, new int[] {dst}, new long[] {0},
        new long[] {bytes});
  }

  private static double fctSeconds(Topology t, FlowTrace tr, int subflows) {
    SimulationResult r =
        new FlowLevelSimulation(t, tr, 1, subflows, Progress.NONE).run(Long.MAX_VALUE);
    assertThat(r.flows().completed()).isEqualTo(1);
    return r.flows().fctPs(0) / 1e12;
  }

  @Test
  void twoSubflowsUseBothMiddlePaths() {
    Topology t = diamond();
    FlowTrace tr = oneFlow(0, 1, 10_000_000);
    // one path: 10 MB at 10 Gb/s = 8 ms; two disjoint paths: 20 Gb/s = 4 ms
    assertThat(fctSeconds(t, tr, 1)).isCloseTo(8e-3, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(fctSeconds(t, tr, 2)).isCloseTo(4e-3, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void theHostLinkStillBoundsASplitFlow() {
    // fat-tree k=4: an inter-Pod flow is limited by its 10 Gb/s host link however it is split
    Topology ft = FlowLevelSimulationTest.FT4;
    FlowTrace tr = oneFlow(0, 15, 5_000_000);
    for (int k = 1; k <= 4; k++) {
      assertThat(fctSeconds(ft, tr, k)).isCloseTo(4e-3, org.assertj.core.data.Offset.offset(1e-9));
    }
  }
}
