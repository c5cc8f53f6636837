package org.fabriclab.sim.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The discrete-event loop. Time is a {@code long} of picoseconds ({@link org.fabriclab.units.Time}).
 * Models register {@link EventHandler}s once (getting a small integer id) and schedule events
 * {@code (time, handler, a, b)}; the loop pops them in (time, insertion sequence) order, so the
 * same inputs give the same run bit for bit. A {@code Simulator} is an ordinary object passed to
 * the models that use it: there is no global clock.
 *
 * <p>Stop conditions: a time limit, an event budget, or a model calling {@link #stop()} (for
 * instance when every flow is done). The pending events are in an {@link EventQueue} (a calendar
 * queue with exact ties): O(1) per event when events are scheduled a few µs ahead, O(log q) for q
 * pending events at worst.
 *
 * <p>In-order channels (performance): a model whose events on some stream are always scheduled
 * in non-decreasing time — a FIFO port's packet arrivals at the far end of its link — may schedule
 * them with {@link #scheduleInOrder} on a channel from {@link #addChannels}. A channel keeps its
 * events in a ring buffer and only its earliest one sits in the heap, so the heap holds one entry
 * per busy link instead of one per packet in flight (hundreds of thousands in a large fabric,
 * whose heap then misses the cache on every level). Every event still gets its insertion sequence
 * number when scheduled and the heap orders channel heads by (time, sequence) like any event, so
 * events run in exactly the order {@link #schedule} would give them: the same run bit for bit.
 * (With the calendar queue an event per packet in flight is cheap, so the FIFO ports schedule
 * their arrivals as plain events; the explicit-queue ports still use channels.)
 *
 * <p>Lazy pop (performance): while an event runs it stays the queue's top; the first event it
 * schedules replaces it ({@link EventQueue#replaceTop}), otherwise it is popped after the handler. Keys are unique and every new key is later than the running one, so
 * the order of the run is unchanged.
 */
public final class Simulator {
  /** Why {@link #run} returned. */
  public enum StopReason {
    STOPPED,
    NO_EVENTS,
    TIME_LIMIT,
    EVENT_BUDGET
  }

  private final EventQueue queue;

  /** A simulator whose event queue has buckets of 256 ps (dense packet-level runs). */
  public Simulator() {
    this(8);
  }

  /**
   * A simulator whose event queue has buckets of {@code 2^bucketShift} ps (performance only: the
   * order of events is the same for every width). A sparser run, such as one logical process of a
   * partitioned run holding a fraction of the events, is faster with wider buckets.
   */
  public Simulator(int bucketShift) {
    queue = new EventQueue(1 << 16, bucketShift, 14);
  }
  // in-order channels: ring c holds events (time, seq, handler << 32 | a, b) from its head (chMeta)
  private static final int W = 4;
  private long[][] chRing = new long[0][];
  // per channel, one record of 4 longs: ring head index, events in the ring, time of the last one
  private static final int HEAD = 0;
  private static final int COUNT = 1;
  private static final int LAST = 2;
  private long[] chMeta = new long[0];
  private int channels;
  private long chPending; // channel events waiting behind their channel's head
  private final List<EventHandler> registered = new ArrayList<>();
  private EventHandler[] handlers = new EventHandler[0];
  private long now;
  private long events;
  private boolean stopRequested;
  private boolean topStale; // the running event's entry is still the heap's top

  /** Registers a handler; returns its id for {@link #schedule}. */
  public int register(EventHandler h) {
    registered.add(h);
    handlers = registered.toArray(new EventHandler[0]);
    return registered.size() - 1;
  }

  /**
   * Reads the memory the events of handler {@code handler} will touch first (for instance a
   * packet's record), so that it is on its way into the cache while the event before it runs.
   */
  @FunctionalInterface
  public interface Prefetcher {
    /** Touches the data of an event with first payload {@code a} (no effect on any state). */
    void touch(int a);
  }

  /**
   * Performance hint, no effect on the run: the events of {@code handler} have their data touched
   * by {@code p} a bucket of the event queue before they run (when the bucket before theirs
   * becomes current; see {@link EventQueue#setPrefetcher}), so the cache misses of a whole bucket
   * overlap. One handler at a time; a later call replaces the earlier.
   */
  public void setPrefetcher(int handler, Prefetcher p) {
    queue.setPrefetcher(handler, p, null);
  }

  /**
   * A second stage of the same hint: when a bucket becomes current, {@code current} is called with
   * both payloads of each of its events of {@code handler} (their data was touched a bucket earlier
   * by {@code ahead}), before the first of them runs, so that what those events reach through their
   * data (a packet's next port) is fetched for the whole bucket at once. {@code current} returns
   * any value it read (kept, so the reads are not optimised away).
   */
  public void setPrefetcher(int handler, Prefetcher ahead, CurrentPrefetcher current) {
    queue.setPrefetcher(handler, ahead, current);
  }

  /** The second prefetch stage ({@link #setPrefetcher(int, Prefetcher, CurrentPrefetcher)}). */
  @FunctionalInterface
  public interface CurrentPrefetcher {
    /** Reads the data an event with payloads {@code a}, {@code b} will reach; no effect on any state. */
    int touch(int a, int b);
  }

  /** Current simulated time in picoseconds. */
  public long now() {
    return now;
  }

  /** Events executed so far. */
  public long events() {
    return events;
  }

  public int pending() {
    return (int) Math.min(Integer.MAX_VALUE, queue.size() - (topStale ? 1 : 0) + chPending);
  }

  /**
   * Adds {@code count} in-order channels (see the class comment); returns the id of the first,
   * the others follow. O(count).
   */
  public int addChannels(int count) {
    if (count < 0) {
      throw new IllegalArgumentException("channel count must be >= 0, got " + count);
    }
    int base = channels;
    int n = base + count;
    chRing = java.util.Arrays.copyOf(chRing, n);
    chMeta = java.util.Arrays.copyOf(chMeta, W * n);
    channels = n;
    return base;
  }

  /**
   * Schedules an event at absolute time {@code t} (>= now) on in-order channel {@code channel}:
   * the same as {@link #schedule}, for a stream whose events come in non-decreasing time.
   *
   * @throws IllegalArgumentException when {@code t} is before the channel's previous event
   */
  public void scheduleInOrder(int channel, long t, int handler, int a, int b) {
    if (t < now) {
      throw new IllegalArgumentException("event in the past: " + t + " < " + now);
    }
    long[] meta = chMeta;
    int mj = W * channel;
    int n = (int) meta[mj + COUNT];
    if (n == 0) {
      long s = queue.takeSeq();
      long[] r = chRing[channel];
      if (r == null) {
        r = new long[W * 8];
        chRing[channel] = r;
      }
      meta[mj + HEAD] = 0;
      r[0] = t;
      r[1] = s;
      r[2] = ((long) handler << 32) | (a & 0xFFFFFFFFL);
      r[3] = b;
      meta[mj + COUNT] = 1;
      meta[mj + LAST] = t;
      add(t, s, -1 - channel, 0, 0);
      return;
    }
    if (t < meta[mj + LAST]) {
      throw new IllegalArgumentException("channel " + channel + ": event at " + t
          + " before the channel's previous one at " + meta[mj + LAST]);
    }
    long[] r = chRing[channel];
    int cap = r.length / W;
    int head = (int) meta[mj + HEAD];
    if (n == cap) {
      long[] g = new long[2 * r.length];
      int first = (cap - head) * W;
      System.arraycopy(r, head * W, g, 0, first);
      System.arraycopy(r, 0, g, first, head * W);
      r = g;
      chRing[channel] = r;
      head = 0;
      meta[mj + HEAD] = 0;
      cap *= 2;
    }
    int j = W * ((head + n) & (cap - 1));
    r[j] = t;
    r[j + 1] = queue.takeSeq();
    r[j + 2] = ((long) handler << 32) | (a & 0xFFFFFFFFL);
    r[j + 3] = b;
    meta[mj + COUNT] = n + 1;
    meta[mj + LAST] = t;
    chPending++;
  }

  /**
   * Takes the insertion sequence number an event scheduled now would get, for an event that a
   * model keeps outside the queue for a while and later adds with {@link #scheduleTaken}: it then
   * runs exactly where {@link #schedule} would have run it (same (time, sequence) order).
   */
  public long takeSeq() {
    return queue.takeSeq();
  }

  /**
   * Schedules an event at time {@code t} (>= now) with sequence number {@code seq} taken earlier
   * from {@link #takeSeq} and not used since. O(log q).
   */
  public void scheduleTaken(long t, long seq, int handler, int a, int b) {
    if (t < now) {
      throw new IllegalArgumentException("event in the past: " + t + " < " + now);
    }
    add(t, seq, handler, a, b);
  }

  /**
   * Adds an event. While an event runs, its own entry is still the heap's top (see {@link #run}):
   * the first event it schedules takes that entry (one sift-down instead of a pop and a push; the
   * new key is later than the running event's, so the order is unchanged).
   */
  private void add(long t, long seq, int handler, int a, int b) {
    if (topStale) {
      topStale = false;
      queue.replaceTop(t, seq, handler, a, b);
    } else {
      queue.push(t, seq, handler, a, b);
    }
  }

  /** Schedules an event at absolute time {@code t} (>= now). */
  public void schedule(long t, int handler, int a, int b) {
    if (t < now) {
      throw new IllegalArgumentException("event in the past: " + t + " < " + now);
    }
    add(t, queue.takeSeq(), handler, a, b);
  }

  /**
   * Schedules an event {@code delay} ps from now.
   *
   * @throws org.fabriclab.error.FabriclabException when the time would pass {@code Long.MAX_VALUE} ps
   */
  public void after(long delay, int handler, int a, int b) {
    long t = now + delay;
    if (t < now) {
      throw new org.fabriclab.error.FabriclabException("simulated time overflow: " + now + " ps + "
          + delay + " ps passes the largest time a run can represent (" + Long.MAX_VALUE + " ps)");
    }
    schedule(t, handler, a, b);
  }

  /** Asks the loop to return after the current event. */
  public void stop() {
    stopRequested = true;
  }

  /**
   * Time of the earliest pending event, {@link Long#MAX_VALUE} when none (between runs: a handler
   * that threw out of the previous run has its event removed first).
   */
  public long nextEventTime() {
    if (topStale) {
      topStale = false;
      queue.pop();
    }
    return queue.isEmpty() ? Long.MAX_VALUE : queue.peekTime();
  }

  /**
   * Runs every event earlier than {@code endPs} (exclusive) and returns with the clock at
   * {@code endPs - 1} (or later, if it was), so events may still be scheduled at any time from
   * {@code endPs} on. The window step of a partitioned run ({@code sim.parallel}): events are run in
   * exactly the order {@link #run} would run them. A {@link #stop()} inside ends it early.
   */
  public StopReason runBefore(long endPs) {
    if (endPs == Long.MIN_VALUE || now >= endPs) {
      return StopReason.TIME_LIMIT;
    }
    StopReason r = run(endPs - 1, Long.MAX_VALUE);
    if (r == StopReason.NO_EVENTS) {
      now = endPs - 1;
    }
    return r;
  }

  /**
   * Runs until a stop condition holds: {@link #stop()}, no events left, the next event later than
   * {@code untilPs} (time then set to {@code untilPs}), or {@code eventBudget} events executed.
   */
  public StopReason run(long untilPs, long eventBudget) {
    stopRequested = false;
    EventQueue q = queue;
    if (topStale) { // a handler threw out of the previous run: its event is over
      topStale = false;
      q.pop();
    }
    EventHandler[] hs = handlers;
    long budgetEnd = eventBudget == Long.MAX_VALUE ? Long.MAX_VALUE : events + eventBudget;
    while (true) {
      if (q.isEmpty()) {
        return StopReason.NO_EVENTS;
      }
      long t = q.peekTime();
      if (t > untilPs) {
        now = untilPs;
        return StopReason.TIME_LIMIT;
      }
      if (events >= budgetEnd) {
        return StopReason.EVENT_BUDGET;
      }
      int h = q.peekHandler();
      int a;
      int b;
      if (h >= 0) {
        a = q.peekA();
        b = q.peekB();
        topStale = true; // removed after the handler, unless an event it schedules takes its place
      } else { // the head of an in-order channel: run it, its successor takes its heap entry
        int c = -1 - h;
        long[] r = chRing[c];
        int mj = W * c;
        int hd = (int) chMeta[mj + HEAD];
        int j = W * hd;
        long pl = r[j + 2];
        h = (int) (pl >>> 32);
        a = (int) pl;
        b = (int) r[j + 3];
        long left = --chMeta[mj + COUNT];
        if (left > 0) {
          chPending--; // the next one moves into the heap
          hd = (hd + 1) & (r.length / W - 1);
          chMeta[mj + HEAD] = hd;
          j = W * hd;
          q.replaceTopKey(r[j], r[j + 1]);
        } else {
          q.pop();
        }
      }
      now = t;
      events++;
      hs[h].handle(a, b);
      if (topStale) {
        topStale = false;
        q.pop();
      }
      if (stopRequested) {
        return StopReason.STOPPED;
      }
      if (hs.length != handlers.length) {
        hs = handlers;
      }
    }
  }
}
