package org.fabriclab.cli.run;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import org.fabriclab.cli.FormatOption;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.io.OutputFiles;
import org.fabriclab.table.TableWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fabriclab run SPEC --out DIR}: runs an experiment spec (a sweep) in parallel. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Run an experiment spec (YAML or JSON): every combination of its lists, times 'seeds' repetitions.",
      "Writes DIR/results.csv (one row per point and metric), per-point outputs, the resolved spec and report.html.",
      "The spec schema is documented in docs/specs.md, with example specs in examples/.",
      "A run folder is resumable: a second run into it needs --resume (finish it) or another --out.",
      "Prints the outcome (points, run, already done, seconds, files) in --format; --dry-run prints",
      "the points table instead (--format csv: the points.csv a run would write).",
      "",
      "Example: fabriclab run examples/cross-fabric.yaml --out results/cross-fabric"
    })
public final class RunCommand implements Runnable {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "SPEC", description = "spec file (.yaml, .yml or .json)")
  Path specFile;

  @Option(names = "--out", paramLabel = "DIR",
      description = "run folder (new or empty, or the folder to --resume); required unless --dry-run")
  Path out;

  @Option(names = "--threads", paramLabel = "N", description = "points run at once (default: all cores)")
  Integer threads;

  @Option(names = "--resume", description = "finish an interrupted run in DIR: finished points are not run again")
  boolean resume;

  @Option(names = "--spark", paramLabel = "MASTER",
      description = "run the points as an Apache Spark job on MASTER: local[*], local[N], spark://HOST:PORT"
          + " (a standalone cluster; fabriclab's jars are shipped to it) or yarn; needs the fabriclab-spark module")
  String spark;

  @Mixin org.fabriclab.cli.ProgressOption progress = new org.fabriclab.cli.ProgressOption();

  @Option(names = "--dry-run", description = "validate the spec and list its points; run nothing")
  boolean dryRun;

  /** Default of --max-points: a sweep above it is refused unless the option raises the limit. */
  static final long MAX_POINTS = 100_000;

  @Option(names = "--max-points", paramLabel = "N",
      description = "refuse a sweep of more than N points (default: 100,000), counted before expanding")
  long maxPoints = MAX_POINTS;

  @Mixin FormatOption format = new FormatOption();

  @Override
  public void run() {
    int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    if (n < 1 || n > 4096) {
      throw new InvalidParameterException("--threads", n, "valid range 1..4096");
    }
    TableWriter.Format f = format.format();
    if (maxPoints < 1) {
      throw new InvalidParameterException("--max-points", maxPoints, "valid range 1.." + Long.MAX_VALUE);
    }
    ExperimentSpec s = SpecLoader.load(specFile);
    long count = Sweep.count(s);
    if (count > maxPoints) {
      throw new FabriclabException(String.format(java.util.Locale.ROOT,
          "%s: the sweep has %s points, more than the limit of %,d; narrow its lists or seeds, or raise"
              + " the limit with --max-points %s", specFile, count == Long.MAX_VALUE ? "over 9.2e18"
              : String.format(java.util.Locale.ROOT, "%,d", count), maxPoints,
          count == Long.MAX_VALUE ? "N" : Long.toString(count)));
    }
    List<Point> points = Sweep.expand(s);
    PrintWriter o = spec.commandLine().getOut();
    if (dryRun) {
      o.print(f == TableWriter.Format.CSV ? SweepRunner.pointsCsv(points)
          : TableWriter.render(SweepRunner.pointsTable(points), f));
      o.flush();
      spec.commandLine().getErr().printf("%s, kind %s; nothing run (--dry-run)%n",
          RunReport.count(points.size(), "point"), s.kind());
      return;
    }
    if (out == null) {
      throw new FabriclabException("run needs --out DIR, the run folder (only --dry-run runs without it)");
    }
    OutputFiles.checkTarget(out.resolve("results.csv"));
    long t0 = System.nanoTime(); // a Spark executor starts Spark and waits for the cluster here: counted
    PointExecutor ex = spark == null ? new ThreadedExecutor(n) : sparkExecutor(spark, n);
    PrintWriter err = progress.log(spec.commandLine().getErr());
    long[] t1 = {0};
    SweepRunner.Outcome r;
    try {
      r = SweepRunner.run(s, points, out, resume, ex, version(), err,
          progress.reporter(spec.commandLine().getErr()), d -> {
        t1[0] = System.nanoTime();
        RunReport.write(out, s, points); // inside the folder's lock, as the points
      });
    } finally {
      closeIfNeeded(ex); // a Spark executor's context, when the run failed before using it
    }
    long t2 = System.nanoTime();
    if (f == TableWriter.Format.TEXT) {
      o.printf(java.util.Locale.ROOT, "%s (%d run, %d already done) on %s in %.1f s (points %.1f s, report %.1f s);"
          + " wrote %s and %s%n", RunReport.count(r.points(), "point"), r.computed(), r.skipped(), ex.describe(), (t2 - t0) / 1e9,
          (t1[0] - t0) / 1e9, (t2 - t1[0]) / 1e9, r.results(), out.resolve("report.html"));
      return;
    }
    java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("points", r.points());
    m.put("run", r.computed());
    m.put("alreadyDone", r.skipped());
    m.put("executor", ex.describe());
    m.put("seconds", (t2 - t0) / 1e9);
    m.put("pointsSeconds", (t1[0] - t0) / 1e9);
    m.put("reportSeconds", (t2 - t1[0]) / 1e9);
    m.put("results", r.results().toString());
    m.put("report", out.resolve("report.html").toString());
    format.printDocument(o, m);
  }

  /** The fabriclab version from the jar manifest, or "dev". */
  public static String version() {
    String v = RunCommand.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }

  private static void closeIfNeeded(PointExecutor ex) {
    if (ex instanceof AutoCloseable c) {
      try {
        c.close();
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }

  /** The Spark executor from the fabriclab-spark module, found with ServiceLoader. */
  static PointExecutor sparkExecutor(String master, int threads) {
    for (PointExecutor.Factory f : ServiceLoader.load(PointExecutor.Factory.class)) {
      if (f.name().equals("spark")) {
        return f.create(master, threads);
      }
    }
    throw new FabriclabException("--spark needs the fabriclab-spark module and the Spark jars on the class path:"
        + " use './fabriclab run SPEC --spark " + master + " ...' (the launcher adds them) or spark-submit (docs/specs.md)");
  }
}
