package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.fabriclab.cli.CliRun;
import org.fabriclab.error.FabriclabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One writer per folder: while {@code run} writes its folder, every other command (and a second
 * {@code --resume}) is refused in one line; a finished run's folder is never written by {@code
 * simulate} or {@code compare}, with or without {@code --force}.
 */
class RunFolderLockTest {
  @TempDir Path dir;

  private static final String SPEC = "name: t\nkind: topo\nseeds: 3\ntopologies:\n  - family: fattree\n    k: 4\n";
  private static final PrintWriter LOG = new PrintWriter(new StringWriter());
  private static final String[] COMPARE = {"compare", "--topo", "fattree", "--k", "4", "--engine", "flow",
      "--workload", "permutation", "--flow-bytes", "10000", "--threads", "1", "--no-progress"};
  private static final String[] SIMULATE = {"simulate", "--k", "4", "--workload", "poisson", "--flows", "10",
      "--no-progress"};

  /** Runs its points one by one once {@code go} opens, counting them; says when it started. */
  private static final class Gated implements PointExecutor {
    final CountDownLatch started = new CountDownLatch(1);
    final CountDownLatch go = new CountDownLatch(1);
    final AtomicInteger computed = new AtomicInteger();

    @Override
    public void execute(List<Point> points, Consumer<PointRunner.Result> sink) {
      started.countDown();
      try {
        assertThat(go.await(60, TimeUnit.SECONDS)).isTrue();
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
      computed.addAndGet(points.size());
      new ThreadedExecutor(1).execute(points, sink);
    }

    @Override
    public String describe() {
      return "gated";
    }
  }

  private static Map<String, String> snapshot(Path d) throws IOException {
    Map<String, String> m = new TreeMap<>();
    try (Stream<Path> s = Files.walk(d)) {
      for (Path f : s.filter(Files::isRegularFile).toList()) {
        m.put(d.relativize(f).toString(), Arrays.toString(Files.readAllBytes(f)));
      }
    }
    return m;
  }

  private static String[] with(String[] base, String... more) {
    String[] a = Arrays.copyOf(base, base.length + more.length);
    System.arraycopy(more, 0, a, base.length, more.length);
    return a;
  }

  private ExperimentSpec spec() throws IOException {
    return SpecLoader.load(Files.writeString(dir.resolve("s.yaml"), SPEC));
  }

  @Test
  void whileRunWritesItsFolderEveryOtherWriterIsRefused() throws Exception {
    ExperimentSpec s = spec();
    List<Point> pts = Sweep.expand(s);
    Path out = dir.resolve("d");
    Gated gated = new Gated();
    CompletableFuture<SweepRunner.Outcome> first =
        CompletableFuture.supplyAsync(() -> SweepRunner.run(s, pts, out, false, gated, "test", LOG));
    assertThat(gated.started.await(60, TimeUnit.SECONDS)).isTrue();
    Map<String, String> before = snapshot(out);
    String busy = "another fabriclab run (pid " + ProcessHandle.current().pid() + ", started ";
    CliRun.assertRefused(with(COMPARE, "--out", out.toString()), busy);
    CliRun.assertRefused(with(COMPARE, "--out", out.toString(), "--force"), busy);
    CliRun.assertRefused(with(SIMULATE, "--out", out.toString()), busy);
    CliRun.assertRefused(new String[] {"run", dir.resolve("s.yaml").toString(), "--out", out.toString(),
        "--resume", "--no-progress"}, busy);
    assertThat(snapshot(out)).isEqualTo(before);
    gated.go.countDown();
    assertThat(first.get(60, TimeUnit.SECONDS).computed()).isEqualTo(pts.size());
    assertThat(out.resolve("results.csv")).isRegularFile();
  }

  @Test
  void aFinishedRunsFolderIsNeverWrittenByAnotherCommand() throws Exception {
    Path out = dir.resolve("done");
    Files.writeString(dir.resolve("s.yaml"), SPEC);
    CliRun.Result r = CliRun.run("run", dir.resolve("s.yaml").toString(), "--out", out.toString(), "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    Map<String, String> before = snapshot(out);
    assertThat(before).containsKeys("points.csv", "run.json", "spec.json", "results.csv", "report.html");
    String holds = "--out " + out + ": the folder holds a resumable run of fabriclab run";
    CliRun.assertRefused(with(SIMULATE, "--out", out.toString()), holds);
    CliRun.assertRefused(with(SIMULATE, "--out", out.toString(), "--force"), holds);
    CliRun.assertRefused(with(COMPARE, "--out", out.toString()), holds);
    assertThat(snapshot(out)).isEqualTo(before);
    // run itself resumes it (nothing left to run) and reports so
    CliRun.Result again = CliRun.run("run", dir.resolve("s.yaml").toString(), "--out", out.toString(),
        "--resume", "--no-progress", "--format", "json");
    assertThat(CliRun.json(again).get("run").asInt()).isZero();
  }

  @Test
  void theSecondOfTwoConcurrentResumesIsRefused() throws Exception {
    ExperimentSpec s = spec();
    List<Point> pts = Sweep.expand(s);
    Path out = dir.resolve("half");
    PointExecutor dying = new PointExecutor() {
      @Override
      public void execute(List<Point> points, Consumer<PointRunner.Result> sink) {
        sink.accept(PointRunner.run(points.get(0)));
        throw new FabriclabException("killed");
      }

      @Override
      public String describe() {
        return "dying";
      }
    };
    assertThatThrownBy(() -> SweepRunner.run(s, pts, out, false, dying, "test", LOG)).hasMessageContaining("killed");
    Gated a = new Gated();
    Gated b = new Gated();
    b.go.countDown();
    CompletableFuture<SweepRunner.Outcome> first =
        CompletableFuture.supplyAsync(() -> SweepRunner.run(s, pts, out, true, a, "test", LOG));
    assertThat(a.started.await(60, TimeUnit.SECONDS)).isTrue();
    assertThatThrownBy(() -> SweepRunner.run(s, pts, out, true, b, "test", LOG))
        .isInstanceOf(FabriclabException.class)
        .hasMessageContainingAll("--out " + out, "another fabriclab run");
    a.go.countDown();
    SweepRunner.Outcome o = first.get(60, TimeUnit.SECONDS);
    assertThat(o.skipped()).isEqualTo(1);
    assertThat(a.computed.get()).isEqualTo(pts.size() - 1);
    assertThat(b.computed.get()).isZero();
  }
}
