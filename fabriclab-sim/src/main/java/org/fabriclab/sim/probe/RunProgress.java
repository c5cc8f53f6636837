package org.fabriclab.sim.probe;

import java.util.function.LongSupplier;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.engine.Simulator.StopReason;

/**
 * Runs a simulation while reporting how far it is: the event loop runs in chunks of
 * {@link #CHUNK_EVENTS} events, and after each chunk the model's own measure of work done (bytes
 * delivered, flows completed…) is passed to a {@link Progress}. Chunking changes nothing in the
 * run: {@link Simulator#run} checks its event budget between events, so the same events execute in
 * the same order as in one call. With {@link Progress#NONE} it is one call.
 */
public final class RunProgress {
  /** Events per chunk: about a tenth of a second to a second of CPU on the packet engine. */
  public static final long CHUNK_EVENTS = 1L << 20;

  private RunProgress() {}

  /**
   * Runs {@code sim} until {@code untilPs} (or no events, or a stop), reporting {@code done} (a
   * non-decreasing count of the units of the task the caller began) after every chunk.
   */
  public static StopReason run(Simulator sim, long untilPs, Progress progress, LongSupplier done) {
    return run(sim, untilPs, Long.MAX_VALUE, progress, done);
  }

  /**
   * As {@link #run(Simulator, long, Progress, LongSupplier)} with at most {@code eventBudget}
   * events in all (then {@link StopReason#EVENT_BUDGET}, as {@link Simulator#run} would).
   */
  public static StopReason run(Simulator sim, long untilPs, long eventBudget, Progress progress,
      LongSupplier done) {
    if (progress == Progress.NONE) {
      return sim.run(untilPs, eventBudget);
    }
    long left = eventBudget;
    long reported = 0;
    while (true) {
      long chunk = Math.min(CHUNK_EVENTS, left);
      long before = sim.events();
      StopReason r = sim.run(untilPs, chunk);
      left -= sim.events() - before;
      long d = done.getAsLong();
      if (d > reported) {
        progress.advance(d - reported);
        reported = d;
      }
      if (r != StopReason.EVENT_BUDGET || left <= 0) {
        return r;
      }
    }
  }
}
