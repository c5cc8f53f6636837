package org.fabriclab.progress;

import java.util.function.Function;

/**
 * A task whose progress is a fraction of the whole rather than a count of units (an iterative
 * solver that knows how far it is from its stopping rule, not how many steps remain): the fraction
 * is passed to a {@link Progress} as {@link #UNITS} units. What reaches the {@code Progress} never
 * goes back and stays within [0, 1]: a fraction below the largest one so far, below 0 or NaN
 * changes nothing, one above 1 counts as 1, and {@link #finish} completes the task. Not
 * thread-safe: one computation reports through it.
 */
public final class FractionProgress {
  /** Units of the whole task: the fraction is reported to a thousandth. */
  public static final long UNITS = 1000;

  private final Progress progress;
  private long reported;

  /** Begins {@code task} of {@link #UNITS} units on {@code progress}. */
  public FractionProgress(Progress progress, String task) {
    this.progress = progress;
    progress.begin(task, UNITS);
  }

  /**
   * Runs {@code work} as {@code task} on {@code progress}: begun before, complete (1) when
   * {@code work} returns, ended either way; {@code work} reports its fractions on the way.
   */
  public static <T> T run(Progress progress, String task, Function<FractionProgress, T> work) {
    FractionProgress bar = new FractionProgress(progress, task);
    try {
      T result = work.apply(bar);
      bar.reach(1);
      return result;
    } finally {
      bar.end();
    }
  }

  /** The task is at least {@code fraction} done. */
  public void reach(double fraction) {
    if (!(fraction > 0)) {
      return;
    }
    long units = fraction >= 1 ? UNITS : (long) (fraction * UNITS);
    if (units > reported) {
      progress.advance(units - reported);
      reported = units;
    }
  }

  /** The task is done: reports the rest up to 1 and ends it. */
  public void finish() {
    reach(1);
    progress.end();
  }

  /** Ends the task where it is (it failed); {@link #finish} when it is done. */
  public void end() {
    progress.end();
  }
}
