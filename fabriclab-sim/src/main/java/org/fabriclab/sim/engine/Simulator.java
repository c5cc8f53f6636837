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
 * instance when every flow is done). Each event costs O(log q) for q pending events.
 */
public final class Simulator {
  /** Why {@link #run} returned. */
  public enum StopReason {
    STOPPED,
    NO_EVENTS,
    TIME_LIMIT,
    EVENT_BUDGET
  }

  private final EventQueue queue = new EventQueue(1 << 16);
  private final List<EventHandler> registered = new ArrayList<>();
  private EventHandler[] handlers = new EventHandler[0];
  private long now;
  private long events;
  private boolean stopRequested;

  /** Registers a handler; returns its id for {@link #schedule}. */
  public int register(EventHandler h) {
    registered.add(h);
    handlers = registered.toArray(new EventHandler[0]);
    return registered.size() - 1;
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
    return queue.size();
  }

  /** Schedules an event at absolute time {@code t} (>= now). */
  public void schedule(long t, int handler, int a, int b) {
    if (t < now) {
      throw new IllegalArgumentException("event in the past: " + t + " < " + now);
    }
    queue.push(t, handler, a, b);
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
   * Runs until a stop condition holds: {@link #stop()}, no events left, the next event later than
   * {@code untilPs} (time then set to {@code untilPs}), or {@code eventBudget} events executed.
   */
  public StopReason run(long untilPs, long eventBudget) {
    stopRequested = false;
    EventQueue q = queue;
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
      int a = q.peekA();
      int b = q.peekB();
      q.pop();
      now = t;
      events++;
      hs[h].handle(a, b);
      if (stopRequested) {
        return StopReason.STOPPED;
      }
      if (hs.length != handlers.length) {
        hs = handlers;
      }
    }
  }
}
