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

  /**
   * In-order channels run events in exactly the order plain scheduling gives them: the same
   * random model (handlers scheduling more events, some on monotone per-stream clocks with ties)
   * run twice, once with every event through {@link Simulator#schedule}, once with the monotone
   * streams through {@link Simulator#scheduleInOrder}, gives the same sequence of (time, event).
   */
  @Test
  void inOrderChannelsRunInTheSameOrderAsPlainScheduling() {
    for (int seed = 0; seed < 10; seed++) {
      List<long[]> plain = runModel(seed, false);
      List<long[]> channels = runModel(seed, true);
      assertThat(channels).hasSize(plain.size());
      for (int i = 0; i < plain.size(); i++) {
        assertThat(channels.get(i)).containsExactly(plain.get(i));
      }
      assertThat(plain.size()).isGreaterThan(3000);
    }
  }

  private static List<long[]> runModel(int seed, boolean useChannels) {
    Simulator s = new Simulator();
    SplittableRandom rnd = new SplittableRandom(seed);
    int streams = 37;
    int ch0 = s.addChannels(streams);
    long[] clock = new long[streams];
    List<long[]> log = new ArrayList<>();
    int[] id = new int[1];
    int[] h = new int[1];
    h[0] = s.register((a, b) -> {
      log.add(new long[] {s.now(), a, b});
      if (log.size() > 4000) {
        return;
      }
      for (int k = rnd.nextInt(3); k > 0; k--) {
        int stream = rnd.nextInt(streams);
        // a FIFO port: departures never earlier than the previous one, often at the same time
        clock[stream] = Math.max(clock[stream], s.now()) + rnd.nextInt(3) * 5L;
        long t = clock[stream] + 7;
        if (useChannels) {
          s.scheduleInOrder(ch0 + stream, t, h[0], id[0]++, stream);
        } else {
          s.schedule(t, h[0], id[0]++, stream);
        }
      }
      if (rnd.nextInt(4) == 0) {
        s.after(rnd.nextInt(40), h[0], id[0]++, -1);
      }
    });
    for (int i = 0; i < 20; i++) {
      s.schedule(rnd.nextInt(10), h[0], id[0]++, -1);
    }
    assertThat(s.run(Long.MAX_VALUE, Long.MAX_VALUE)).isEqualTo(Simulator.StopReason.NO_EVENTS);
    assertThat(s.pending()).isZero();
    return log;
  }

  @Test
  void anInOrderChannelRefusesAnEarlierEvent() {
    Simulator s = new Simulator();
    int c = s.addChannels(2);
    int h = s.register((a, b) -> {});
    s.scheduleInOrder(c + 1, 100, h, 0, 0);
    s.scheduleInOrder(c, 50, h, 0, 0); // another channel may be earlier
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.scheduleInOrder(c + 1, 99, h, 0, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("before the channel's previous");
    assertThat(s.pending()).isEqualTo(2);
  }
}
