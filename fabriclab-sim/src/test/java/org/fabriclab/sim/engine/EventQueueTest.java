package org.fabriclab.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventQueueTest {
  record Ev(long time, long seq, int a) {}

  @Test
  void popsInTimeThenInsertionOrderAgainstASortedList() {
    SplittableRandom rnd = new SplittableRandom(7);
    for (int round = 0; round < 20; round++) {
      EventQueue q = new EventQueue(4);
      List<Ev> ref = new ArrayList<>();
      List<Ev> got = new ArrayList<>();
      long seq = 0;
      for (int i = 0; i < 2000; i++) {
        if (q.isEmpty() || rnd.nextInt(3) > 0) {
          long t = rnd.nextInt(50);
          q.push(t, 0, i, 0);
          ref.add(new Ev(t, seq++, i));
        } else {
          got.add(new Ev(q.peekTime(), -1, q.peekA()));
          q.pop();
          ref.sort(Comparator.comparingLong(Ev::time).thenComparingLong(Ev::seq));
          Ev e = ref.remove(0);
          assertThat(got.get(got.size() - 1).a()).isEqualTo(e.a());
        }
      }
      ref.sort(Comparator.comparingLong(Ev::time).thenComparingLong(Ev::seq));
      for (Ev e : ref) {
        assertThat(q.peekA()).isEqualTo(e.a());
        assertThat(q.peekTime()).isEqualTo(e.time());
        q.pop();
      }
      assertThat(q.isEmpty()).isTrue();
    }
  }

  @Test
  void simulatorStopsOnTimeBudgetAndRequest() {
    Simulator s = new Simulator();
    int[] count = new int[1];
    int[] h = new int[1];
    h[0] = s.register((a, b) -> {
      count[0]++;
      s.after(10, h[0], 0, 0);
      if (count[0] == 50) {
        s.stop();
      }
    });
    s.schedule(0, h[0], 0, 0);
    assertThat(s.run(95, Long.MAX_VALUE)).isEqualTo(Simulator.StopReason.TIME_LIMIT);
    assertThat(count[0]).isEqualTo(10);
    assertThat(s.now()).isEqualTo(95);
    assertThat(s.run(Long.MAX_VALUE, 5)).isEqualTo(Simulator.StopReason.EVENT_BUDGET);
    assertThat(count[0]).isEqualTo(15);
    assertThat(s.run(Long.MAX_VALUE, Long.MAX_VALUE)).isEqualTo(Simulator.StopReason.STOPPED);
    assertThat(count[0]).isEqualTo(50);
    assertThat(s.now()).isEqualTo(490);
  }
}
