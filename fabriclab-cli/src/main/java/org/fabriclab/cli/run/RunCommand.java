package org.fabriclab.cli.run;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.io.OutputFiles;
import picocli.CommandLine.Command;
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
      "",
      "Example: fabriclab run examples/cross-fabric.yaml --out results/cross-fabric"
    })
public final class RunCommand implements Runnable {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "SPEC", description = "spec file (.yaml, .yml or .json)")
  Path specFile;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "run folder (new or empty, or the folder to --resume)")
  Path out;

  @Option(names = "--threads", paramLabel = "N", description = "points run at once (default: all cores)")
  Integer threads;

  @Option(names = "--resume", description = "finish an interrupted run in DIR: finished points are not run again")
  boolean resume;

  @Option(names = "--spark", paramLabel = "MASTER",
      description = "run the points as an Apache Spark job on MASTER (e.g. local[*]); needs the fabriclab-spark module")
  String spark;

  @Option(names = "--no-progress", description = "no progress lines on stderr (the summary line is still printed)")
  boolean noProgress;

  @Option(names = "--dry-run", description = "validate the spec and list its points; run nothing")
  boolean dryRun;

  @Override
  public void run() {
    int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    if (n < 1 || n > 4096) {
      throw new InvalidParameterException("--threads", n, "valid range 1..4096");
    }
    ExperimentSpec s = SpecLoader.load(specFile);
    List<Point> points = Sweep.expand(s);
    PrintWriter o = spec.commandLine().getOut();
    if (dryRun) {
      o.print(SweepRunner.pointsCsv(points));
      o.printf("%d points, kind %s; nothing run (--dry-run)%n", points.size(), s.kind());
      return;
    }
    OutputFiles.checkTarget(out.resolve("results.csv"));
    PointExecutor ex = spark == null ? new ThreadedExecutor(n) : sparkExecutor(spark, n);
    PrintWriter err = noProgress ? new PrintWriter(java.io.Writer.nullWriter()) : spec.commandLine().getErr();
    long t0 = System.nanoTime();
    SweepRunner.Outcome r = SweepRunner.run(s, points, out, resume, ex, version(), err);
    long t1 = System.nanoTime();
    RunReport.write(out, s, points);
    o.printf(java.util.Locale.ROOT, "%d points (%d run, %d already done) on %s in %.1f s (points %.1f s, report %.1f s);"
        + " wrote %s and %s%n", r.points(), r.computed(), r.skipped(), ex.describe(), (System.nanoTime() - t0) / 1e9,
        (t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9, r.results(), out.resolve("report.html"));
  }

  /** The fabriclab version from the jar manifest, or "dev". */
  public static String version() {
    String v = RunCommand.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
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
