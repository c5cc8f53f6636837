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

  /**
   * Deferred events ({@link Simulator#takeSeq} now, {@link Simulator#scheduleTaken} later, as the
   * FIFO ports keep their arrivals) and the lazy pop run a random model in exactly the order of a
   * brute-force reference loop (pending events in a list, the least (time, insertion number) taken
   * by a linear scan): same sequence of (time, event), ties included.
   */
  @Test
  void deferredEventsAndLazyPopRunInTheReferenceOrder() {
    for (int seed = 0; seed < 10; seed++) {
      List<long[]> ref = runDeferredModel(seed, 0);
      assertThat(ref.size()).isGreaterThan(3000);
      for (int mode = 1; mode <= 2; mode++) {
        List<long[]> got = runDeferredModel(seed, mode);
        assertThat(got).hasSize(ref.size());
        for (int i = 0; i < ref.size(); i++) {
          assertThat(got.get(i)).containsExactly(ref.get(i));
        }
      }
    }
  }

  /** Mode 0: reference loop; 1: every event through {@link Simulator#schedule}; 2: deferred FIFO lists. */
  private static List<long[]> runDeferredModel(int seed, int mode) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int streams = 23;
    long[] clock = new long[streams];
    List<long[]> log = new ArrayList<>();
    long[] now = new long[1];
    List<long[]> refPending = new ArrayList<>(); // reference: {t, seq, a, b}
    long[] refSeq = new long[1];
    Simulator s = new Simulator();
    List<java.util.ArrayDeque<long[]>> lists = new ArrayList<>();
    int[] inStream = new int[streams];
    for (int k = 0; k < streams; k++) {
      lists.add(new java.util.ArrayDeque<>());
    }
    int[] h = new int[2];
    int[] id = new int[1];
    java.util.function.BiConsumer<long[], Integer> sched = (ev, stream) -> { // ev = {t, a, b}
      if (mode == 0) {
        refPending.add(new long[] {ev[0], refSeq[0]++, ev[1], ev[2]});
      } else if (mode == 1 || stream < 0) {
        s.schedule(ev[0], h[0], (int) ev[1], (int) ev[2]);
      } else {
        long seq = s.takeSeq();
        if (inStream[stream]++ == 0) {
          s.scheduleTaken(ev[0], seq, h[1], (int) ev[1], stream);
        } else {
          lists.get(stream).add(new long[] {ev[0], seq, ev[1]});
        }
      }
    };
    java.util.function.BiConsumer<Integer, Integer> fire = (a, b) -> {
      log.add(new long[] {now[0], a, b});
      if (log.size() > 4000) {
        return;
      }
      for (int k = rnd.nextInt(3); k > 0; k--) {
        int stream = rnd.nextInt(streams);
        clock[stream] = Math.max(clock[stream], now[0]) + rnd.nextInt(3) * 5L;
        sched.accept(new long[] {clock[stream] + 7, id[0]++, stream}, stream);
      }
      if (rnd.nextInt(4) == 0) {
        sched.accept(new long[] {now[0] + rnd.nextInt(40), id[0]++, -1}, -1);
      }
    };
    h[0] = s.register((a, b) -> {
      now[0] = s.now();
      fire.accept(a, b);
    });
    h[1] = s.register((a, stream) -> {
      now[0] = s.now();
      inStream[stream]--;
      long[] next = lists.get(stream).poll();
      if (next != null) {
        s.scheduleTaken(next[0], next[1], h[1], (int) next[2], stream);
      }
      fire.accept(a, stream);
    });
    for (int i = 0; i < 20; i++) {
      sched.accept(new long[] {rnd.nextInt(10), id[0]++, -1}, -1);
    }
    if (mode == 0) {
      while (!refPending.isEmpty()) {
        int m = 0;
        for (int i = 1; i < refPending.size(); i++) {
          long[] e = refPending.get(i);
          long[] b = refPending.get(m);
          if (e[0] < b[0] || (e[0] == b[0] && e[1] < b[1])) {
            m = i;
          }
        }
        long[] e = refPending.remove(m);
        now[0] = e[0];
        fire.accept((int) e[2], (int) e[3]);
      }
    } else {
      assertThat(s.run(Long.MAX_VALUE, Long.MAX_VALUE)).isEqualTo(Simulator.StopReason.NO_EVENTS);
      assertThat(s.pending()).isZero();
    }
    return log;
  }
}
