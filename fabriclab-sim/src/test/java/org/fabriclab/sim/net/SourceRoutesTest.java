package org.fabriclab.sim.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.SimulationResult;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

class SourceRoutesTest {
  static final Topology FT4 = new FatTree(4).build();

  @Test
  void packetsFollowTheChosenPathAndAcksItsReverse() {
    for (int flowId = 0; flowId < 4; flowId++) {
      FlowTrace t = new FlowTrace(new long[] {flowId}, new int[] {0}, new int[] {15},
          new long[] {0}, new long[] {3 * 1380});
      PacketSimulation ps = PacketSimulation.benchmark(FT4, t, "dctcp", false, flowId, Progress.NONE)
          .useKShortestPaths(4, flowId);
      SimulationResult r = ps.run(Long.MAX_VALUE, Long.MAX_VALUE);
      long ser120 = Time.serialization(120, 10_000_000_000L);
      long ser1500 = Time.serialization(1500, 10_000_000_000L);
      // the 4 shortest paths between pods all have 6 links: same closed form as ECMP
      long expected = 12 * (ser120 + Time.us(1)) + 2 * ser1500 + 6 * (ser1500 + Time.us(1));
      assertThat(r.flows().fctPs(0)).isEqualTo(expected);
      Set<Integer> allowed = new HashSet<>();
      Network net = ps.network();
      int[] path = SourceRoutes.kShortest(FT4, new int[] {FT4.server(0)},
          new int[] {FT4.server(15)}, 4, flowId).path(0);
      for (int e : path) {
        allowed.add(e);
        allowed.add(FT4.reverse(e));
        assertThat(net.bytesSent(e)).isPositive();
        assertThat(net.bytesSent(FT4.reverse(e))).isPositive();
      }
      for (int e = 0; e < FT4.linkCount(); e++) {
        if (!allowed.contains(e)) {
          assertThat(net.bytesSent(e)).as("link " + e).isZero();
        }
      }
    }
  }
}
