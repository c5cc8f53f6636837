package org.fabriclab.sim.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.engine.Simulator;
import org.junit.jupiter.api.Test;

/**
 * Running in chunks with progress must not change a run: the same events in the same order as one
 * uninterrupted run, and the progress reported adds up to the work the model counted.
 */
class RunProgressTest {
  /**
   * A random branching model: each event at time t schedules one event at t + 0..3 (ties), and one
   * in ten a second, until 1.5 M events have run. Returns the events run and an order-sensitive
   * hash of (time, payload) over them.
   */
  private static long[] trace(Progress progress) {
    return trace(progress, Long.MAX_VALUE);
  }

  private static long[] trace(Progress progress, long budget) {
    Simulator sim = new Simulator();
    SplittableRandom rnd = new SplittableRandom(11);
    long[] st = {0, 0}; // events, hash
    int[] h = new int[1];
    h[0] = sim.register((a, b) -> {
      st[0]++;
      st[1] = st[1] * 1_000_003L + sim.now() * 1_009L + a;
      if (st[0] < 1_500_000) {
        int n = rnd.nextInt(10) == 0 ? 2 : 1;
        for (int i = 0; i < n; i++) {
          sim.schedule(sim.now() + rnd.nextInt(4), h[0], rnd.nextInt(1000), 0);
        }
      }
    });
    for (int i = 0; i < 64; i++) {
      sim.schedule(i % 5, h[0], i, 0);
    }
    Simulator.StopReason r = RunProgress.run(sim, Long.MAX_VALUE, budget, progress, () -> st[0]);
    return new long[] {st[0], st[1], r.ordinal()};
  }

  /** A reporter adding the units reported into {@code acc[0]} and counting the reports in {@code acc[1]}. */
  private static Progress counting(long[] acc) {
    return new Progress() {
      @Override
      public void begin(String task, long total) {}

      @Override
      public void advance(long units) {
        assertThat(units).isPositive();
        acc[0] += units;
        acc[1]++;
      }

      @Override
      public void end() {}
    };
  }

  @Test
  void chunkedRunExecutesTheSameEventsAndReportsAllTheWork() {
    long[] plain = trace(Progress.NONE);
    long[] acc = new long[2];
    Progress counting = counting(acc);
    long[] chunked = trace(counting);
    assertThat(chunked).containsExactly(plain);
    assertThat(acc[0]).isEqualTo(chunked[0]);
    // more events than one chunk, so the loop really ran in several pieces
    assertThat(plain[0]).isGreaterThan(RunProgress.CHUNK_EVENTS);
    assertThat(acc[1]).isGreaterThan(1);
  }

  @Test
  void anEventBudgetStopsTheChunkedRunWhereOneRunStops() {
    long budget = RunProgress.CHUNK_EVENTS + 12_345; // below the model's 1.5 M events
    long[] plain = trace(Progress.NONE, budget);
    assertThat(plain[0]).isEqualTo(budget);
    // any reporter but NONE runs in chunks
    assertThat(trace(counting(new long[2]), budget)).containsExactly(plain);
  }
}
