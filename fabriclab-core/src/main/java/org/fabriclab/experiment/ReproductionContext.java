package org.fabriclab.experiment;

import org.fabriclab.progress.Progress;

/**
 * Everything a reproduction may depend on besides its code.
 *
 * @param quick smaller sizes / fewer rounds so the run takes seconds (for CI and a first look)
 * @param seed master seed of every random draw
 * @param threads worker threads for parallel analyses
 * @param progress where long steps report progress
 */
public record ReproductionContext(boolean quick, long seed, int threads, Progress progress) {
  /** Quick, seed 1, one thread, silent: what tests use. */
  public static ReproductionContext forTests() {
    return new ReproductionContext(true, 1, 1, Progress.NONE);
  }
}
