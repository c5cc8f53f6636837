package org.fabriclab.spark;

import java.util.List;
import java.util.function.Consumer;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.fabriclab.cli.run.Point;
import org.fabriclab.cli.run.PointExecutor;
import org.fabriclab.cli.run.PointRunner;

/**
 * Runs the points of a sweep as an Apache Spark job: one task per point, each computed by
 * {@link PointRunner#run} on an executor (a point is a pure function of its coordinates and seed,
 * so the rows equal those of the threaded run). Results come back to the driver in batches of a
 * few waves of tasks, and each batch is written before the next starts, so a killed job resumes
 * ({@code --resume}) from the last finished batch.
 *
 * <p>The master given with {@code --spark} is used unless {@code spark.master} is already set
 * (as spark-submit does). The web UI is off unless configured.
 */
public final class SparkPointExecutor implements PointExecutor {
  private final String master;

  public SparkPointExecutor(String master) {
    this.master = master;
  }

  @Override
  public void execute(List<Point> points, Consumer<PointRunner.Result> sink) {
    if (points.isEmpty()) {
      return;
    }
    quietLogs();
    SparkConf conf = new SparkConf().setAppName("fabriclab run")
        .setIfMissing("spark.master", master)
        .setIfMissing("spark.ui.enabled", "false");
    try (JavaSparkContext sc = new JavaSparkContext(conf)) {
      sc.setLogLevel("WARN");
      int batch = Math.max(1, sc.defaultParallelism() * 4);
      for (int from = 0; from < points.size(); from += batch) {
        List<Point> slice = points.subList(from, Math.min(points.size(), from + batch));
        List<PointRunner.Result> rs =
            sc.parallelize(List.copyOf(slice), slice.size()).map(PointRunner::run).collect();
        rs.forEach(sink);
      }
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
