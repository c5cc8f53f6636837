package org.fabriclab.experiment;

import org.fabriclab.progress.Progress;

/**
 * Everything a reproduction may depend on besides its code.
 *
 * @param quick smaller sizes / fewer rounds so the run takes seconds (for CI and a first look)
 * @param seed master seed of every random draw
 * @param threads worker threads for parallel analyses
 * @param progress where long steps report progress
 * @param paperScale also run the points at the paper's full sizes that a reproduction keeps out
 *     of its default run because they take hours (never with {@code quick})
 */
public record ReproductionContext(boolean quick, long seed, int threads, Progress progress, boolean paperScale) {
  /** Checks that paper scale and quick are not both asked for. */
  public ReproductionContext {
    if (quick && paperScale) {
      throw new IllegalArgumentException("quick and paper scale exclude each other");
    }
  }

  /** The default sizes (or quick ones), without the paper-scale extras. */
  public ReproductionContext(boolean quick, long seed, int threads, Progress progress) {
    this(quick, seed, threads, progress, false);
  }

  /** Quick, seed 1, one thread, silent: what tests use. */
  public static ReproductionContext forTests() {
    return new ReproductionContext(true, 1, 1, Progress.NONE);
  }
}
