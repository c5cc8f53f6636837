package org.fabriclab.progress;

/**
 * Where long computations report how far they are: a task of {@code total} units begins, units
 * are done (possibly from several threads at once), the task ends. The core never prints; front
 * ends decide (the CLI draws a progress bar on a terminal, periodic log lines otherwise, nothing
 * with {@code --no-progress}). Implementations must be thread-safe.
 */
public interface Progress {
  /** Reports nothing. */
  Progress NONE =
      new Progress() {
        @Override
        public void begin(String task, long total) {}

        @Override
        public void advance(long units) {}

        @Override
        public void end() {}
      };

  /** A task of {@code total} units begins. */
  void begin(String task, long total);

  /** {@code units} more units are done; safe to call from any thread. */
  void advance(long units);

  /** The task ended (normally or not). */
  void end();
}
