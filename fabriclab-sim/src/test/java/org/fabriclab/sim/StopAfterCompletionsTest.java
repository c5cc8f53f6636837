package org.fabriclab.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.flow.FlowLevelSimulation;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/**
 * A run that ends at the n-th completion (seed 003 §7.3: "each simulation ends when one million
 * flows have completed") is a prefix of the run to completion: stopping changes nothing before the
 * stop. The reference is the same engine run to the end, so the check is that invariant: the
 * stopped run's finished flows are exactly the earliest finishers of the full run, with the same end
 * times, and the rest are unfinished.
 */
class StopAfterCompletionsTest {
  static final Topology FT4 = new FatTree(4).build();

  static FlowTrace randomTrace(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    long[] id = new long[n];
    int[] src = new int[n];
    int[] dst = new int[n];
    long[] start = new long[n];
    long[] size = new long[n];
    long t = 0;
    for (int i = 0; i < n; i++) {
      id[i] = i;
      src[i] = r.nextInt(16);
      dst[i] = (src[i] + 1 + r.nextInt(15)) % 16;
      t += r.nextInt(2_000);
      start[i] = t;
      size[i] = 1_000 + r.nextInt(400_000);
    }
    return new FlowTrace(id, src, dst, start, size);
  }

  /** Asserts the prefix property; returns the number of finished flows of the stopped run. */
  static int assertPrefix(FlowRecords full, FlowRecords stopped, int n) {
    int done = 0;
    long last = Long.MIN_VALUE;
    for (int f = 0; f < full.flows(); f++) {
      if (stopped.endPs(f) >= 0) {
        done++;
        assertThat(stopped.endPs(f)).as("end of flow %d", f).isEqualTo(full.endPs(f));
        last = Math.max(last, stopped.endPs(f));
      }
    }
    assertThat(done).isEqualTo(stopped.completed()).isGreaterThanOrEqualTo(n);
    for (int f = 0; f < full.flows(); f++) {
      assertThat(full.endPs(f)).as("flow %d finished in the full run", f).isGreaterThanOrEqualTo(0);
      if (stopped.endPs(f) < 0) {
        // unfinished at the stop: it finished no earlier than the last recorded completion
        assertThat(full.endPs(f)).as("unfinished flow %d", f).isGreaterThanOrEqualTo(last);
      }
    }
    return done;
  }

  @Test
  void theFlowEngineStopsExactlyAtTheNthCompletion() {
    FlowTrace t = randomTrace(300, 7);
    FlowRecords full = new FlowLevelSimulation(FT4, t, 1, Progress.NONE).run(Long.MAX_VALUE).flows();
    for (int n : new int[] {1, 37, 150, 299}) {
      FlowRecords stopped = new FlowLevelSimulation(FT4, t, 1, Progress.NONE).stopAfterCompletions(n)
          .run(Long.MAX_VALUE).flows();
      assertThat(assertPrefix(full, stopped, n)).isEqualTo(n);
    }
  }

  @Test
  void theFlowEngineWithABroadcastDelayStopsAtTheNthCompletion() {
    FlowTrace t = randomTrace(300, 8);
    FlowRecords full = new FlowLevelSimulation(FT4, t, 1, 1, Time.ns(500), Progress.NONE).run(Long.MAX_VALUE)
        .flows();
    FlowRecords stopped = new FlowLevelSimulation(FT4, t, 1, 1, Time.ns(500), Progress.NONE)
        .stopAfterCompletions(120).run(Long.MAX_VALUE).flows();
    assertThat(assertPrefix(full, stopped, 120)).isEqualTo(120);
  }

  @Test
  void thePacketEngineStopsAfterTheEventOfTheNthCompletion() {
    FlowTrace t = randomTrace(200, 9);
    FlowRecords full = PacketSimulation.benchmark(FT4, t, "dctcp", false, 1, Progress.NONE)
        .run(Time.seconds(1), Long.MAX_VALUE).flows();
    FlowRecords stopped = PacketSimulation.benchmark(FT4, t, "dctcp", false, 1, Progress.NONE)
        .stopAfterCompletions(80).run(Time.seconds(1), Long.MAX_VALUE).flows();
    // one event completes at most one flow's last ACK here, so the run stops at exactly 80
    assertThat(assertPrefix(full, stopped, 80)).isEqualTo(80);
  }
}
