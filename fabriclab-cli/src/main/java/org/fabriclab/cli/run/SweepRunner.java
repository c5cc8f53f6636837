package org.fabriclab.cli.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.io.OutputFiles;
import org.fabriclab.io.SweepFolder;
import org.fabriclab.progress.Progress;

/**
 * Runs a sweep into a run folder and keeps it resumable:
 * <pre>
 * DIR/spec.json            the resolved spec ({@link ResolvedSpec}: typed values, settings that apply to no point left out)
 * DIR/run.json             fabriclab and Java versions, master seed, executor
 * DIR/points.csv           every point: index, repetition, seed, coordinates
 * DIR/points/pNNNNN/       per-point outputs, checksums.sha256, then metrics.csv, which marks it finished
 * DIR/results.csv          the tidy table: one row per point and metric
 * DIR/report.html          plots, tables and the spec, self-contained
 * </pre>
 * With {@code resume}, finished points are not run again; the folder's spec must equal the new
 * one. A point whose files are missing, empty or damaged ({@link PointFiles#check}) runs again,
 * with one line on the log naming the file. {@code results.csv} is rebuilt from the points' files, so an interrupted and resumed sweep
 * gives the same file as an uninterrupted one. The folder is locked for the whole run ({@link
 * SweepFolder}) and its marker says it holds a resumable run, so no other command writes into it.
 */
public final class SweepRunner {
  /** What a run did. */
  public record Outcome(int points, int computed, int skipped, Path results) {}

  private SweepRunner() {}

  /** Runs {@code points} of {@code spec} into {@code dir}. */
  public static Outcome run(ExperimentSpec spec, List<Point> points, Path dir, boolean resume,
      PointExecutor executor, String version, PrintWriter log) {
    return run(spec, points, dir, resume, executor, version, log, d -> { });
  }

  /**
   * Runs {@code points} of {@code spec} into {@code dir}, then {@code after} (the report), all
   * while holding the folder's lock ({@link SweepFolder}): a second writer of any command, a
   * second {@code --resume} among them, is refused at once.
   */
  public static Outcome run(ExperimentSpec spec, List<Point> points, Path dir, boolean resume,
      PointExecutor executor, String version, PrintWriter log, java.util.function.Consumer<Path> after) {
    return run(spec, points, dir, resume, executor, version, log, Progress.NONE, after);
  }

  /**
   * {@link #run(ExperimentSpec, List, Path, boolean, PointExecutor, String, PrintWriter,
   * java.util.function.Consumer)} showing the points done and each running point's own progress
   * on {@code progress} ({@link SweepProgress}); with {@link Progress#NONE}, a log line every 5 s.
   */
  public static Outcome run(ExperimentSpec spec, List<Point> points, Path dir, boolean resume,
      PointExecutor executor, String version, PrintWriter log, Progress progress,
      java.util.function.Consumer<Path> after) {
    String resolved = ResolvedSpec.json(spec, points);
    try (SweepFolder folder = OutputFiles.sweepFolder(dir, "--out")) {
      Outcome o = run(spec, points, folder, resume, executor, version, log, progress, resolved);
      after.accept(dir);
      return o;
    }
  }

  private static Outcome run(ExperimentSpec spec, List<Point> points, SweepFolder folder, boolean resume,
      PointExecutor executor, String version, PrintWriter log, Progress progress, String resolved) {
    Path dir = folder.path();
    Path specFile = dir.resolve("spec.json");
    // a folder that holds a run is only ever resumed, never taken over: the lock shows whether
    // another process is running it
    boolean fresh = !Files.isRegularFile(specFile);
    if (!fresh) {
      if (!resume) {
        throw new FabriclabException(dir + " already holds a run" + (finishedPoints(dir) == 0
            ? " that finished no point (killed)" : "")
            + "; add --resume to finish it with the same spec, or choose another --out");
      }
      String old;
      try {
        old = Files.readString(specFile);
      } catch (IOException e) {
        throw new FabriclabException("cannot read " + specFile + ": " + e.getMessage(), e);
      }
      if (!old.equals(resolved) && ResolvedSpec.olderFormat(old, resolved)) {
        throw new FabriclabException("--resume: " + dir + " was written by an older fabriclab, whose " + specFile
            + " stores numbers as text; such a run cannot be resumed: run the spec again into another --out");
      }
      if (!old.equals(resolved)) {
        throw new FabriclabException("--resume: the spec differs from the one " + dir
            + " was started with (" + specFile + "): " + ResolvedSpec.firstDifference(old, resolved) + "; choose another --out");
      }
      if (!folder.marked()) {
        folder.mark(); // a run folder of an older fabriclab
      }
      RunFiles.cleanStaging(dir.resolve("points"));
    } else {
      // a folder marked as a run's that lacks spec.json is a run killed before it got going: it
      // starts again there, keeping what anyone else put into the folder meanwhile
      if (!folder.marked() && !folder.holdsOnly(RunFiles::isOwnHidden)) {
        folder.abandon();
        throw new FabriclabException(dir + " exists and holds no fabriclab run; choose an empty or new --out");
      }
      folder.mark();
      OutputFiles.writeString(dir.resolve("points.csv"), pointsCsv(points));
      OutputFiles.writeString(dir.resolve("run.json"), runJson(spec, points, executor, version));
      OutputFiles.writeString(specFile, resolved);
    }
    java.util.concurrent.locks.ReadWriteLock lock = new java.util.concurrent.locks.ReentrantReadWriteLock();
    boolean[] closed = {false};
    try {
      return execute(spec, points, dir, executor, log, progress, lock, closed);
    } catch (RuntimeException | Error e) {
      lock.writeLock().lock(); // no point is written after this: the folder is ours to tidy
      try {
        closed[0] = true;
        int finished = finishedPoints(dir);
        if (fresh && finished == 0) {
          RunFiles.removeRun(dir);
          folder.abandon();
          if (e instanceof FabriclabException) {
            throw new FabriclabException(e.getMessage() + " (no point finished: " + (folder.removed()
                ? dir + " was removed)" : "the run's files were removed from " + dir + ")"), e);
          }
        } else if (e instanceof FabriclabException) {
          throw new FabriclabException(e.getMessage() + " (" + finished + " of " + points.size()
              + " points finished are kept in " + dir + "; --resume with the same spec runs the rest)", e);
        }
      } catch (RuntimeException cleanup) {
        if (cleanup instanceof FabriclabException && cleanup.getCause() == e) {
          throw cleanup;
        }
        e.addSuppressed(cleanup);
      } finally {
        lock.writeLock().unlock();
      }
      throw e;
    }
  }

  /** Points of the folder with their {@code metrics.csv} (finished). */
  static int finishedPoints(Path dir) {
    Path pts = dir.resolve("points");
    if (!Files.isDirectory(pts)) {
      return 0;
    }
    int n = 0;
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(pts)) {
      for (Path p : ds) {
        if (Files.isRegularFile(p.resolve("metrics.csv"))) {
          n++;
        }
      }
    } catch (IOException e) {
      throw new FabriclabException("cannot read " + pts + ": " + e.getMessage(), e);
    }
    return n;
  }

  /**
   * Runs {@code points} of {@code spec} into {@code dir}, an empty folder the caller owns (the
   * staging folder of a {@link org.fabriclab.io.RunFolder}, which applies the output-folder rule):
   * the same files as {@link #run}, with no resume and no folder checks of its own.
   */
  public static Outcome runInto(ExperimentSpec spec, List<Point> points, Path dir,
      PointExecutor executor, String version, PrintWriter log) {
    return runInto(spec, points, dir, executor, version, log, Progress.NONE);
  }

  /** {@link #runInto(ExperimentSpec, List, Path, PointExecutor, String, PrintWriter)} with progress as {@link #run}. */
  public static Outcome runInto(ExperimentSpec spec, List<Point> points, Path dir,
      PointExecutor executor, String version, PrintWriter log, Progress progress) {
    OutputFiles.writeString(dir.resolve("points.csv"), pointsCsv(points));
    OutputFiles.writeString(dir.resolve("run.json"), runJson(spec, points, executor, version));
    OutputFiles.writeString(dir.resolve("spec.json"), ResolvedSpec.json(spec, points));
    java.util.concurrent.locks.ReadWriteLock lock = new java.util.concurrent.locks.ReentrantReadWriteLock();
    boolean[] closed = {false};
    try {
      return execute(spec, points, dir, executor, log, progress, lock, closed);
    } catch (RuntimeException | Error e) {
      // as run(): a point finishing after the failure writes nothing into the staging folder,
      // which its RunFolder is about to remove
      lock.writeLock().lock();
      try {
        closed[0] = true;
      } finally {
        lock.writeLock().unlock();
      }
      throw e;
    }
  }

  private static Outcome execute(ExperimentSpec spec, List<Point> points, Path dir,
      PointExecutor executor, PrintWriter log, Progress progress, java.util.concurrent.locks.ReadWriteLock lock,
      boolean[] closed) {
    List<Point> pending = new ArrayList<>();
    for (Point p : points) {
      Path pd = dir.resolve("points").resolve(p.id());
      PointFiles.Check c = PointFiles.check(pd, p.kind());
      if (c.state() == PointFiles.State.DAMAGED) {
        log.printf("resuming: %s; running point %s again%n", c.problem(), p.id());
        PointFiles.remove(pd);
      }
      if (c.state() != PointFiles.State.FINISHED) {
        pending.add(p);
      }
    }
    int skipped = points.size() - pending.size();
    if (skipped > 0) {
      log.printf("resuming: %d of %s already finished%n", skipped, RunReport.count(points.size(), "point"));
    }
    AtomicInteger done = new AtomicInteger(skipped);
    long t0 = System.nanoTime();
    long[] lastLog = {t0};
    SweepProgress bar = progress == Progress.NONE ? null : new SweepProgress(progress, pending.size());
    java.util.function.Consumer<PointRunner.Result> sink = r -> {
      Point p = points.get(r.index());
      lock.readLock().lock();
      try {
        if (closed[0]) {
          return; // the run failed and its folder was tidied: a late point is dropped
        }
        writePoint(dir, p, r);
      } finally {
        lock.readLock().unlock();
      }
      int d = done.incrementAndGet();
      if (bar != null) {
        bar.pointDone();
        return;
      }
      synchronized (lastLog) {
        long now = System.nanoTime();
        if (now - lastLog[0] > 5_000_000_000L || d == points.size()) {
          lastLog[0] = now;
          log.printf("%d/%s done (%.1f s)%n", d, RunReport.count(points.size(), "point"), (now - t0) / 1e9);
          log.flush();
        }
      }
    };
    try {
      executor.execute(pending, sink, bar == null ? p -> Progress.NONE : bar::of);
    } finally {
      if (bar != null) {
        bar.end();
      }
    }
    if (bar != null) { // the last line, as without a bar
      log.printf("%d/%s done (%.1f s)%n", done.get(), RunReport.count(points.size(), "point"),
          (System.nanoTime() - t0) / 1e9);
      log.flush();
    }
    Path results = dir.resolve("results.csv");
    OutputFiles.writeString(results, TidyCsv.assemble(dir, spec, points));
    return new Outcome(points.size(), pending.size(), skipped, results);
  }

  static Path metricsFile(Path dir, Point p) {
    return dir.resolve("points").resolve(p.id()).resolve("metrics.csv");
  }

  /**
   * Writes a point's files ({@link PointFiles}), each atomically and synced, {@code metrics.csv}
   * last: it marks the point finished, so a point killed while writing is run again on resume and
   * its files replaced. No folder lock or marker per point: the run folder is the sweep's, and
   * points write disjoint folders.
   */
  private static void writePoint(Path dir, Point p, PointRunner.Result r) {
    PointFiles.write(dir.resolve("points").resolve(p.id()), r);
  }



  /** The coordinate columns: topology first, then every other key of any point in first-seen order. */
  static List<String> coordinates(List<Point> points) {
    Set<String> keys = new LinkedHashSet<>();
    keys.add("topology");
    points.forEach(p -> p.params().keySet().stream().filter(k -> k.startsWith("topology.")).forEach(keys::add));
    points.forEach(p -> keys.addAll(p.params().keySet()));
    return new ArrayList<>(keys);
  }

  /** The rows of points.csv as a table of text cells (for --dry-run in any format). */
  static org.fabriclab.table.Table pointsTable(List<Point> points) {
    List<String> keys = coordinates(points);
    org.fabriclab.table.Table.Builder b = org.fabriclab.table.Table.builder("points")
        .stringColumn("point").longColumn("rep").longColumn("seed");
    keys.forEach(b::stringColumn);
    for (Point p : points) {
      Object[] row = new Object[keys.size() + 3];
      row[0] = p.id();
      row[1] = (long) p.rep();
      row[2] = p.seed();
      for (int i = 0; i < keys.size(); i++) {
        row[i + 3] = p.params().getOrDefault(keys.get(i), "");
      }
      b.row(row);
    }
    return b.build();
  }

  static String pointsCsv(List<Point> points) {
    List<String> keys = coordinates(points);
    StringBuilder b = new StringBuilder("point,rep,seed");
    keys.forEach(k -> b.append(',').append(TidyCsv.quote(k)));
    b.append('\n');
    for (Point p : points) {
      b.append(p.id()).append(',').append(p.rep()).append(',').append(p.seed());
      for (String k : keys) {
        b.append(',').append(TidyCsv.quote(p.params().getOrDefault(k, "")));
      }
      b.append('\n');
    }
    return b.toString();
  }

  private static String runJson(ExperimentSpec spec, List<Point> points, PointExecutor ex, String version) {
    ObjectMapper om = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode o = om.createObjectNode();
    o.put("fabriclab", version);
    o.put("java", System.getProperty("java.version"));
    o.put("name", spec.name());
    o.put("kind", spec.kind());
    o.put("masterSeed", spec.seed());
    o.put("seeds", spec.seeds());
    o.put("points", points.size());
    o.put("executor", ex.describe());
    o.put("spec", spec.source());
    o.put("seedRule", "seed of repetition r = RandomStreams(masterSeed).stream(\"sweep/point-seed\", r).nextLong() >>> 1");
    try {
      return om.writeValueAsString(o) + "\n";
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
