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

  /**
   * The calendar queue against a brute-force reference (pending events in a list, the least
   * (time, insertion number) found by a linear scan), with small buckets (4 ps, window 64 or 256
   * buckets) so that one run crosses many bucket boundaries, wraps the ring and uses the far heap:
   * times on and next to bucket boundaries, many ties, far-future events, deferred sequence
   * numbers ({@code takeSeq} now, {@code push} later), events earlier than the current top, and
   * {@code pop}, {@code replaceTop}, {@code replaceTopKey} in random mix. Every taken event must be
   * the reference's least.
   */
  @Test
  void calendarQueueTakesEventsInTheBruteForceOrder() {
    for (int seed = 0; seed < 40; seed++) {
      SplittableRandom rnd = new SplittableRandom(100 + seed);
      EventQueue q = new EventQueue(4, 2, seed % 2 == 0 ? 6 : 8);
      List<long[]> ref = new ArrayList<>(); // {t, seq, a}
      List<long[]> deferred = new ArrayList<>(); // {seq} taken, not yet pushed
      long now = 0;
      int id = 0;
      int taken = 0;
      for (int step = 0; step < 6000; step++) {
        int op = rnd.nextInt(10);
        if (op < 5 || ref.isEmpty()) {
          long t = pickTime(rnd, now);
          long seq;
          if (!deferred.isEmpty() && rnd.nextInt(3) == 0) {
            seq = deferred.remove(rnd.nextInt(deferred.size()))[0];
          } else {
            seq = q.takeSeq();
            if (rnd.nextInt(4) == 0) {
              deferred.add(new long[] {seq});
              continue;
            }
          }
          q.push(t, seq, 1, id, -id);
          ref.add(new long[] {t, seq, id++});
        } else {
          long[] e = least(ref);
          assertThat(q.size()).isEqualTo(ref.size());
          assertThat(new long[] {q.peekTime(), q.peekSeq(), q.peekA(), q.peekB()})
              .containsExactly(e[0], e[1], e[2], -e[2]);
          ref.remove(e);
          now = e[0];
          taken++;
          if (op < 7) {
            q.pop();
          } else {
            long t = now + rnd.nextInt(3) * 4L * rnd.nextInt(40);
            long seq = q.takeSeq();
            if (op == 7) {
              q.replaceTopKey(t, seq); // keeps the payloads
              ref.add(new long[] {t, seq, e[2]});
            } else {
              q.replaceTop(t, seq, 1, id, -id);
              ref.add(new long[] {t, seq, id++});
            }
          }
        }
      }
      while (!ref.isEmpty()) {
        takeLeast(q, ref);
        taken++;
      }
      assertThat(q.isEmpty()).isTrue();
      assertThat(taken).isGreaterThan(2500);
    }
  }

  /**
   * The window doubles while many events land just beyond it, and the order stays the brute
   * force's: buckets of 4 ps and a window of 64 buckets (256 ps), most events pushed 64 to 256
   * buckets ahead, so that in each epoch of 65,536 placements far more than 1/32 go to the far
   * heap within four windows until the window holds 256 buckets; pops, ties, timers far away and
   * deferred sequence numbers mixed in, 200,000 steps.
   */
  @Test
  void theWindowGrowsUnderEventsJustBeyondItInTheBruteForceOrder() {
    SplittableRandom rnd = new SplittableRandom(17);
    EventQueue q = new EventQueue(4, 2, 6);
    List<long[]> ref = new ArrayList<>();
    long now = 0;
    int id = 0;
    assertThat(q.windowBuckets()).isEqualTo(64);
    for (int step = 0; step < 200_000; step++) {
      if (ref.isEmpty() || (ref.size() < 400 && rnd.nextInt(2) == 0)) {
        int kind = rnd.nextInt(10);
        long t = kind < 7 ? now + 256 + rnd.nextInt(769) // 64 to 256 buckets ahead
            : kind == 7 ? now + rnd.nextInt(3) // ties and the current bucket
            : kind == 8 ? now + 1_000_000L + rnd.nextInt(7) // a distant timer
            : now + rnd.nextInt(256);
        long seq = q.takeSeq();
        q.push(t, seq, 1, id, -id);
        ref.add(new long[] {t, seq, id++});
      } else {
        long[] e = least(ref);
        assertThat(new long[] {q.peekTime(), q.peekSeq(), q.peekA()}).containsExactly(e[0], e[1], e[2]);
        ref.remove(e);
        now = e[0];
        q.pop();
      }
    }
    while (!ref.isEmpty()) {
      takeLeast(q, ref);
    }
    assertThat(q.isEmpty()).isTrue();
    assertThat(q.windowBuckets()).isGreaterThanOrEqualTo(256).isLessThanOrEqualTo(1 << 20);
  }

  /** A time for the calendar test: ties, bucket boundaries (multiples of 4 and one less), far. */
  private static long pickTime(SplittableRandom rnd, long now) {
    switch (rnd.nextInt(8)) {
      case 0:
        return now; // a tie with the current time
      case 1:
        return (now / 4 + rnd.nextInt(6)) * 4; // on a boundary
      case 2:
        return (now / 4 + 1 + rnd.nextInt(6)) * 4 - 1; // just before one
      case 3:
        return now + 4L * 64 * (1 + rnd.nextInt(8)) + rnd.nextInt(5); // beyond the window
      case 4:
        return now + 100_000L + rnd.nextInt(3); // far future, some ties
      case 5:
        return Math.max(0, now - rnd.nextInt(20)); // earlier than the last taken
      default:
        return now + rnd.nextInt(200);
    }
  }

  private static long[] least(List<long[]> ref) {
    long[] m = ref.get(0);
    for (long[] e : ref) {
      if (e[0] < m[0] || (e[0] == m[0] && e[1] < m[1])) {
        m = e;
      }
    }
    return m;
  }

  /**
   * A bucket whose events came far from (time, sequence) order (a deferred batch pushed in
   * reverse) is sorted through the heap fallback: same order as a sorted list.
   */
  @Test
  void aBucketFilledInReverseOrderIsTakenInOrder() {
    EventQueue q = new EventQueue(4, 8, 6);
    int n = 3000;
    long[] seqs = new long[n];
    for (int i = 0; i < n; i++) {
      seqs[i] = q.takeSeq();
    }
    q.push(0, 2, 0, 0); // the top, bucket 0
    for (int i = n - 1; i >= 0; i--) {
      q.push(1000 + (i % 7 == 0 ? 1 : 0), seqs[i], 1, i, 0); // bucket 3, reversed
    }
    q.pop();
    List<Integer> got = new ArrayList<>();
    while (!q.isEmpty()) {
      got.add(q.peekA());
      q.pop();
    }
    List<Integer> want = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (i % 7 != 0) {
        want.add(i);
      }
    }
    for (int i = 0; i < n; i += 7) {
      want.add(i);
    }
    assertThat(got).isEqualTo(want);
  }

  /**
   * Dense buckets (hundreds of events per 256 ps bucket, as a large packet run's): times at random
   * offsets inside the bucket, many equal times, sequences taken out of order (deferred): a drained
   * bucket far from order (insertion sort, then the near heap for its rest) must give exactly the
   * brute-force (time, sequence) order, with events added to the current bucket while it is taken.
   */
  @Test
  void denseBucketsInRandomOrderAreTakenInTheBruteForceOrder() {
    for (int seed = 0; seed < 12; seed++) {
      SplittableRandom rnd = new SplittableRandom(500 + seed);
      EventQueue q = new EventQueue(4, 8, 6);
      List<long[]> ref = new ArrayList<>();
      List<Long> deferred = new ArrayList<>();
      int id = 0;
      long now = 0;
      for (int batch = 0; batch < 40; batch++) {
        long base = now + 256L * rnd.nextInt(1, 12);
        int size = rnd.nextInt(20, 600);
        for (int k = 0; k < size; k++) {
          long t = base + (rnd.nextInt(4) == 0 ? 17 : rnd.nextInt(256)); // some equal times
          long seq;
          if (!deferred.isEmpty() && rnd.nextInt(3) == 0) {
            seq = deferred.remove(rnd.nextInt(deferred.size()));
          } else {
            seq = q.takeSeq();
            if (rnd.nextInt(5) == 0) {
              deferred.add(seq);
              seq = q.takeSeq();
            }
          }
          q.push(t, seq, 1, id, 0);
          ref.add(new long[] {t, seq, id++});
        }
        int take = rnd.nextInt(ref.size() / 2, ref.size() + 1);
        for (int k = 0; k < take; k++) {
          now = takeLeast(q, ref)[0];
          if (rnd.nextInt(8) == 0) { // an event into the bucket being taken
            long t = now + rnd.nextInt(3);
            long seq = q.takeSeq();
            q.push(t, seq, 1, id, 0);
            ref.add(new long[] {t, seq, id++});
          }
        }
      }
      while (!ref.isEmpty()) {
        takeLeast(q, ref);
      }
      assertThat(q.isEmpty()).isTrue();
    }
  }

  /** Checks that the queue's top is the brute-force least of {@code ref} ({t, seq, a}), takes it from both. */
  private static long[] takeLeast(EventQueue q, List<long[]> ref) {
    long[] e = least(ref);
    assertThat(new long[] {q.peekTime(), q.peekSeq(), q.peekA()}).containsExactly(e[0], e[1], e[2]);
    ref.remove(e);
    q.pop();
    return e;
  }

  /**
   * The prefetcher ({@link Simulator#setPrefetcher}) changes nothing and touches what it should: a
   * random model run with and without it gives the same event sequence; every touch names a
   * pending event of the prefetched handler; and, the default queue's buckets being 256 ps wide,
   * with ticker events scheduled from the start in every bucket, an event scheduled at least 768 ps
   * ahead is touched before it runs: it lies at least three buckets after the running event's, and
   * the queue, which may already have made the next bucket current (it does so as soon as the
   * running event leaves it), makes the bucket before the event's current only later, touching the
   * next bucket's events then. The second stage sees each such event again, with both payloads,
   * when its own bucket becomes current: after the first stage, before it runs.
   */
  @Test
  void thePrefetcherTouchesPendingEventsABucketAheadAndChangesNothing() {
    for (int seed = 1; seed <= 5; seed++) {
      List<long[]> plain = runPrefetchModel(seed, false);
      List<long[]> touched = runPrefetchModel(seed, true);
      assertThat(touched).hasSameSizeAs(plain);
      for (int i = 0; i < plain.size(); i++) {
        assertThat(touched.get(i)).containsExactly(plain.get(i));
      }
    }
  }

  /** The model's executed events {time, handler, id}; asserts the prefetch rules when {@code pf}. */
  private static List<long[]> runPrefetchModel(int seed, boolean pf) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Simulator s = new Simulator();
    List<long[]> log = new ArrayList<>();
    java.util.Map<Integer, Long> pendingA = new java.util.HashMap<>(); // id -> delay it was scheduled with
    java.util.Set<Integer> touchedIds = new java.util.HashSet<>();
    java.util.Set<Integer> secondIds = new java.util.HashSet<>();
    int[] h = new int[2];
    int[] nextId = {0};
    long horizon = 400_000;
    h[0] = s.register((id, check) -> { // prefetched handler
      assertThat(check).isEqualTo(id ^ 0x5555);
      long delay = pendingA.remove(id);
      if (pf && delay >= 768) {
        assertThat(touchedIds).as("event %d scheduled %d ps ahead", id, delay).contains(id);
        assertThat(secondIds).as("second stage, event %d", id).contains(id);
      }
      log.add(new long[] {s.now(), 0, id});
      for (int k = rnd.nextInt(3); k > 0 && s.now() < horizon; k--) {
        long d = rnd.nextInt(8) == 0 ? rnd.nextInt(768) : 768 + rnd.nextInt(3200);
        int n = nextId[0]++;
        pendingA.put(n, d);
        s.schedule(s.now() + d, h[0], n, n ^ 0x5555);
      }
    });
    h[1] = s.register((id, unused) -> log.add(new long[] {s.now(), 1, id})); // the ticker
    if (pf) {
      s.setPrefetcher(h[0], id -> {
        assertThat(pendingA).containsKey(id);
        touchedIds.add(id);
      }, (id, b) -> {
        assertThat(pendingA).containsKey(id);
        assertThat(b).isEqualTo(id ^ 0x5555);
        if (pendingA.get(id) >= 768) {
          assertThat(touchedIds).contains(id); // the first stage came first
        }
        secondIds.add(id);
        return 0;
      });
    }
    for (int k = 0; 100L * k < horizon + 5000; k++) { // an event every 100 ps: every bucket has one
      s.schedule(100L * k, h[1], k, 0);
    }
    for (int i = 0; i < 40; i++) {
      int n = nextId[0]++;
      long d = 768 + rnd.nextInt(3200);
      pendingA.put(n, d);
      s.schedule(d, h[0], n, n ^ 0x5555);
    }
    s.run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertThat(pendingA).isEmpty();
    return log;
  }
}
