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
 * (as spark-submit does). The web UI is off unless configured. On a cluster (any master but
 * {@code local[...]}) with {@code spark.jars} unset, fabriclab's jars and their libraries are
 * shipped to the executors ({@link ExecutorJars}). A standalone master ({@code spark://}) must
 * accept a connection before the run starts ({@link StandaloneMaster}), and unless executors are
 * allocated dynamically the run waits at most {@code spark.fabriclab.executorWaitSeconds} (default
 * {@value #EXECUTOR_WAIT_SECONDS}) for a first executor, so a cluster without a free worker is one
 * line, not a job that waits for ever. Failures from the cluster are one line ({@link ClusterErrors}).
 */
public final class SparkPointExecutor implements PointExecutor, AutoCloseable {
  /** Batches submitted at once. */
  private static final int IN_FLIGHT = 2;

  /** Default of {@code spark.fabriclab.executorWaitSeconds}. */
  static final int EXECUTOR_WAIT_SECONDS = 60;

  private final String master;
  private final SparkConf conf;
  /** The context started by the constructor, until {@link #execute} takes it. */
  private JavaSparkContext started;

  /**
   * An executor on {@code master} (or on {@code spark.master} when set), with Spark started and,
   * on a standalone cluster, a first executor registered: every failure to reach the cluster
   * happens here, before the run writes anything.
   *
   * @throws org.fabriclab.error.FabriclabException when the master URL is malformed, no master
   *     answers at it, Spark does not start or no executor starts
   */
  public SparkPointExecutor(String master) {
    quietLogs(); // before Spark's first class logs anything
    // spark-submit's --master (the system property spark.master) wins; checked before Spark starts
    this.master = System.getProperty("spark.master", master);
    if (StandaloneMaster.isStandalone(this.master)) {
      StandaloneMaster.checkAnswering(this.master);
    }
    this.conf = new SparkConf().setAppName("fabriclab run")
        .setIfMissing("spark.master", this.master)
        .setIfMissing("spark.ui.enabled", "false");
    if (!isLocal(this.master) && !conf.contains("spark.jars")) {
      conf.set("spark.jars", ExecutorJars.forThisJvm());
    }
    JavaSparkContext sc = start();
    try {
      awaitExecutor(sc);
    } catch (RuntimeException e) {
      sc.close();
      throw e;
    }
    this.started = sc;
  }

  /** Whether {@code master} runs in this JVM ({@code local}, {@code local[N]}, {@code local[N,F]}). */
  static boolean isLocal(String master) {
    return master.equals("local") || master.startsWith("local[");
  }

  @Override
  public void execute(List<Point> sweep, Consumer<PointRunner.Result> sink) {
    JavaSparkContext sc0 = started == null ? start() : started;
    started = null;
    List<Point> points = LongestFirst.order(sweep);
    try (JavaSparkContext sc = sc0) {
      if (sweep.isEmpty()) {
        return;
      }
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
          result(master, inFlight.poll()).forEach(sink);
        }
      } finally {
        inFlight.forEach(f -> f.cancel(true));
      }
    }
  }

  /** The Spark context; a failure to start it is one line naming the cause. */
  private JavaSparkContext start() {
    try {
      JavaSparkContext sc = new JavaSparkContext(conf);
      sc.setLogLevel("WARN");
      return sc;
    } catch (Exception e) { // SparkException is checked, but Scala does not declare it
      throw ClusterErrors.translate(master, ClusterErrors.Stage.START, e);
    }
  }

  /**
   * On a standalone cluster without dynamic allocation, waits until an executor has registered:
   * otherwise a cluster whose workers lack the cores or memory asked for would leave the job
   * waiting for ever (Spark only logs a warning).
   */
  private void awaitExecutor(JavaSparkContext sc) {
    if (!StandaloneMaster.isStandalone(master) || conf.getBoolean("spark.dynamicAllocation.enabled", false)) {
      return;
    }
    int wait = conf.getInt("spark.fabriclab.executorWaitSeconds", EXECUTOR_WAIT_SECONDS);
    long end = System.nanoTime() + wait * 1_000_000_000L;
    while (sc.sc().statusTracker().getExecutorInfos().length < 2) { // the driver is one of them
      if (sc.sc().isStopped()) {
        throw new FabriclabException("--spark " + master + ": the master stopped the application before an executor"
            + " started (see the master's and the workers' logs)");
      }
      if (System.nanoTime() > end) {
        throw new FabriclabException("--spark " + master + ": no executor started within " + wait + " s: no worker"
            + " of the master has " + (conf.contains("spark.executor.cores") ? conf.get("spark.executor.cores") + " free core(s)"
            : "a free core") + " and " + conf.get("spark.executor.memory", "1g") + " of free memory for an executor"
            + " (spark.executor.cores, spark.executor.memory), or the workers cannot start executors (see their logs)");
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new FabriclabException("interrupted", e);
      }
    }
  }

  /** The results of a finished batch; a point's failure is rethrown as {@link ClusterErrors} says. */
  private static List<PointRunner.Result> result(String master, JavaFutureAction<List<PointRunner.Result>> f) {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FabriclabException("interrupted", e);
    } catch (ExecutionException e) {
      throw ClusterErrors.translate(master, ClusterErrors.Stage.JOB, e.getCause() == null ? e : e.getCause());
    }
  }

  /**
   * Spark's INFO lines drown the run's own output, and its warnings about lost tasks carry stack
   * traces: ERROR unless the user set a level (failures reach the user as one line of
   * {@link ClusterErrors}). With both SLF4J providers on the class path (fabriclab's simple one,
   * Spark's log4j), the simple one is chosen without SLF4J's four lines of warning.
   */
  private static void quietLogs() {
    for (String pkg : new String[] {"org.apache.spark", "org.sparkproject", "org.apache.hadoop", "io.netty"}) {
      String key = "org.slf4j.simpleLogger.log." + pkg;
      if (System.getProperty(key) == null) {
        System.setProperty(key, "error");
      }
    }
    // "Error initializing SparkContext" (with a stack trace) and "Task 0 in stage 0.0 failed 4 times;
    // aborting job": ClusterErrors says what failed in one line
    System.getProperties().putIfAbsent("org.slf4j.simpleLogger.log.org.apache.spark.SparkContext", "off");
    System.getProperties().putIfAbsent("org.slf4j.simpleLogger.log.org.apache.spark.scheduler.TaskSetManager", "off");
    System.getProperties().putIfAbsent("slf4j.internal.verbosity", "WARN");
    String simple = "org.slf4j.simple.SimpleServiceProvider";
    if (System.getProperty("slf4j.provider") == null
        && SparkPointExecutor.class.getClassLoader().getResource(simple.replace('.', '/') + ".class") != null) {
      System.setProperty("slf4j.provider", simple);
    }
  }

  /** Stops Spark if {@link #execute} never ran (the run failed before its points). */
  @Override
  public void close() {
    JavaSparkContext sc = started;
    started = null;
    if (sc != null) {
      sc.close();
    }
  }

  @Override
  public String describe() {
    return "spark " + master;
  }
}
