package org.fabriclab.spark;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.api.java.JavaSparkContext;
import org.fabriclab.cli.run.LongestFirst;
import org.fabriclab.cli.run.Point;
import org.fabriclab.cli.run.PointExecutor;
import org.fabriclab.cli.run.PointRunner;
import org.fabriclab.error.FabriclabException;

/**
 * Runs the points of a sweep as an Apache Spark job: one task per point, each computed by
 * {@link PointRunner#run} on an executor (a point is a pure function of its coordinates and seed,
 * so the rows equal those of the threaded run). Results come back to the driver in batches of a
 * few waves of tasks, each written as it ends, so a killed job resumes ({@code --resume}) from the
 * last finished batch. Two batches are in flight at once (asynchronous jobs, FIFO-scheduled): the
 * next batch's tasks fill the cores the current batch's stragglers leave idle, so batches add no
 * barrier (with one batch at a time, every batch ended with idle cores waiting for its slowest
 * point).
 *
 * <p>The master given with {@code --spark} is used unless {@code spark.master} is already set
 * (as spark-submit does). The web UI is off unless configured.
 */
public final class SparkPointExecutor implements PointExecutor {
  /** Batches submitted at once. */
  private static final int IN_FLIGHT = 2;

  private final String master;

  public SparkPointExecutor(String master) {
    this.master = master;
  }

  @Override
  public void execute(List<Point> sweep, Consumer<PointRunner.Result> sink) {
    if (sweep.isEmpty()) {
      return;
    }
    List<Point> points = LongestFirst.order(sweep);
    quietLogs();
    SparkConf conf = new SparkConf().setAppName("fabriclab run")
        .setIfMissing("spark.master", master)
        .setIfMissing("spark.ui.enabled", "false");
    try (JavaSparkContext sc = new JavaSparkContext(conf)) {
      sc.setLogLevel("WARN");
      int batch = Math.max(1, sc.defaultParallelism() * 4);
      ArrayDeque<JavaFutureAction<List<PointRunner.Result>>> inFlight = new ArrayDeque<>();
      int from = 0;
      try {
        while (from < points.size() || !inFlight.isEmpty()) {
          while (from < points.size() && inFlight.size() < IN_FLIGHT) {
            List<Point> slice = points.subList(from, Math.min(points.size(), from + batch));
            inFlight.add(sc.parallelize(List.copyOf(slice), slice.size()).map(PointRunner::run).collectAsync());
            from += slice.size();
          }
          result(inFlight.poll()).forEach(sink);
        }
      } finally {
        inFlight.forEach(f -> f.cancel(true));
      }
    }
  }

  /** The results of a finished batch; a point's failure is rethrown as it was thrown. */
  private static List<PointRunner.Result> result(JavaFutureAction<List<PointRunner.Result>> f) {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FabriclabException("interrupted", e);
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof RuntimeException re) {
        throw re;
      }
      if (c instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(String.valueOf(c == null ? null : c.getMessage()), c);
    }
  }

  /** Spark's INFO lines drown the run's own output: WARN unless the user set a level. */
  private static void quietLogs() {
    for (String pkg : new String[] {"org.apache.spark", "org.sparkproject", "org.apache.hadoop", "io.netty"}) {
      String key = "org.slf4j.simpleLogger.log." + pkg;
      if (System.getProperty(key) == null) {
        System.setProperty(key, "warn");
      }
    }
  }

  @Override
  public String describe() {
    return "spark " + master;
  }
}
