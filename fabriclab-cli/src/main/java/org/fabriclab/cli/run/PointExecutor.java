package org.fabriclab.cli.run;

import java.util.List;
import java.util.function.Consumer;

/**
 * Runs the points of a sweep somewhere (threads of this JVM, a Spark cluster) and hands every
 * result to {@code sink} as it arrives (the sink is thread-safe). Each point is computed by
 * {@link PointRunner#run}, so every executor gives the same results.
 */
public interface PointExecutor {
  /** Runs {@code points}; throws the first failure after stopping the others. */
  void execute(List<Point> points, Consumer<PointRunner.Result> sink);

  /**
   * {@link #execute(List, Consumer)}, each point reporting its own progress on {@code progressOf}
   * of it where the executor can (in this JVM); by default without.
   */
  default void execute(List<Point> points, Consumer<PointRunner.Result> sink,
      java.util.function.Function<Point, org.fabriclab.progress.Progress> progressOf) {
    execute(points, sink);
  }

  /** How the points ran, for the run record ("4 threads", "spark local[*]"). */
  String describe();

  /**
   * Makes executors by name, found with {@link java.util.ServiceLoader}: how the CLI reaches the
   * {@code fabriclab-spark} module without depending on Spark at compile time.
   */
  interface Factory {
    /** The name {@code --spark} selects: "spark". */
    String name();

    /** An executor on {@code master} (a Spark master URL) using up to {@code threads} cores. */
    PointExecutor create(String master, int threads);
  }
}
