package org.fabriclab.progress;

/**
 * Where long computations report how far they are: a task of {@code total} units begins, units
 * are done (possibly from several threads at once), the task ends. The core never prints; front
 * ends decide (the CLI draws a progress bar on a terminal, periodic log lines otherwise, nothing
 * with {@code --no-progress}). Implementations must be thread-safe.
 */
public interface Progress {
  /** What a task's units count, so a front end can show them in the model's own terms. */
  enum Unit {
    /** Things done: flows completed, points run, phases. */
    ITEMS,
    /** Payload bytes delivered. */
    BYTES,
    /** Simulated time, picoseconds. */
    SIMULATED_PS
  }

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

  /** A task of {@code total} units of {@code unit} begins; by default as {@link #begin(String, long)}. */
  default void begin(String task, long total, Unit unit) {
    begin(task, total);
  }

  /**
   * A short note shown beside the running task (the running point's progress), polled when the
   * progress is drawn; by default ignored. Set after {@link #begin}, cleared by {@link #end}.
   */
  default void detail(java.util.function.Supplier<String> note) {}

  /** {@code units} more units are done; safe to call from any thread. */
  void advance(long units);

  /** The task ended (normally or not). */
  void end();
}
