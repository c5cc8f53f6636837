package org.fabriclab.sim.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.SimulationResult;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/**
 * What the flow engine reports beside FCTs: the payload its flows delivered (completed flows'
 * sizes plus the progress of unfinished ones, by hand from the max-min rates) and no packet
 * counters at all (the fluid model has no packets: missing, not 0).
 */
class FlowDeliveredBytesTest {
  static final Topology FT4 = new FatTree(4).build();

  /** Flows 0 and 1 (10 and 20 MB) share host 15's 10 Gb/s link at 5 Gb/s each; flow 2 (5 MB) is alone. */
  static FlowTrace shared() {
    return FlowLevelSimulationTest.trace(new int[] {0, 1, 4}, new int[] {15, 15, 9},
        new long[] {10_000_000, 20_000_000, 5_000_000});
  }

  @Test
  void everyFlowDoneDeliversTheSumOfTheSizes() {
    SimulationResult r = new FlowLevelSimulation(FT4, shared(), 1, Progress.NONE).run(Long.MAX_VALUE);
    assertThat(r.flows().completed()).isEqualTo(3);
    assertThat(r.deliveredBytes()).isEqualTo(35_000_000L);
  }

  @Test
  void unfinishedFlowsCountWhatTheyHaveSent() {
    // at 2 ms: flows 0 and 1 sent 5 Gb/s · 2 ms = 1.25 MB each, flow 2 10 Gb/s · 2 ms = 2.5 MB
    SimulationResult a = new FlowLevelSimulation(FT4, shared(), 1, Progress.NONE).run(Time.ms(2));
    assertThat(a.flows().completed()).isZero();
    assertThat(a.deliveredBytes()).isEqualTo(5_000_000L);
    // at 6 ms: flow 2 finished at 4 ms (5 MB); flows 0 and 1 sent 3.75 MB each
    SimulationResult b = new FlowLevelSimulation(FT4, shared(), 1, Progress.NONE).run(Time.ms(6));
    assertThat(b.flows().completed()).isEqualTo(1);
    assertThat(b.deliveredBytes()).isEqualTo(12_500_000L);
    // stopped at the first completion (flow 2 at 4 ms): 5 MB + 2 · 2.5 MB
    SimulationResult c = new FlowLevelSimulation(FT4, shared(), 1, Progress.NONE)
        .stopAfterCompletions(1).run(Long.MAX_VALUE);
    assertThat(c.deliveredBytes()).isEqualTo(10_000_000L);
  }

  @Test
  void theDelayedRunCountsProgressSinceTheLastRateChange() {
    // R2C2 delay 1 µs: a lone 10 MB flow sends nothing for 1 µs, then 1.25 B/ns
    FlowTrace t = FlowLevelSimulationTest.trace(new int[] {0}, new int[] {15}, new long[] {10_000_000});
    SimulationResult r = new FlowLevelSimulation(FT4, t, 1, 1, Time.us(1), Progress.NONE).run(Time.ms(1));
    assertThat(r.flows().completed()).isZero();
    assertThat(r.deliveredBytes()).isEqualTo(999_000L * 5 / 4);
    SimulationResult all = new FlowLevelSimulation(FT4, shared(), 1, 1, Time.us(1), Progress.NONE)
        .run(Long.MAX_VALUE);
    assertThat(all.deliveredBytes()).isEqualTo(35_000_000L);
  }

  @Test
  void packetCountersDoNotExist() {
    SimulationResult r = new FlowLevelSimulation(FT4, shared(), 1, Progress.NONE).run(Long.MAX_VALUE);
    assertThat(r.countsPackets()).isFalse();
    Map<String, Object> m = r.summary();
    for (String k : new String[] {"dataPackets", "controlPackets", "packetHops", "drops", "packetHopsPerSecond"}) {
      assertThat(m).as(k).containsEntry(k, null);
    }
    assertThat(m).containsEntry("deliveredBytes", 35_000_000L);
  }
}
