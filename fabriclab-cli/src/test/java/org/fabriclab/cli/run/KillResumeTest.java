package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.fabriclab.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real kill: {@code fabriclab run} in a child JVM is killed (SIGKILL) once some points are
 * finished; {@code --resume} then runs only the rest, and results.csv equals an uninterrupted run.
 */
class KillResumeTest {
  @TempDir Path dir;

  private static final String SPEC = String.join("\n",
      "kind: simulate",
      "seeds: 8",
      "topologies:",
      "  - family: fattree",
      "    k: 4",
      "simulate:",
      "  engine: packet",
      "  workload: {type: poisson, flows: 80, rate-per-s: 200000}",
      "");

  private static long finished(Path run) throws Exception {
    Path points = run.resolve("points");
    if (!Files.isDirectory(points)) {
      return 0;
    }
    try (Stream<Path> s = Files.list(points)) {
      return s.filter(p -> Files.isRegularFile(p.resolve("metrics.csv"))).count();
    }
  }

  private static int run(String... args) {
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(new StringWriter()), new PrintWriter(err));
    assertThat(code).as(err.toString()).isZero();
    return code;
  }

  @Test
  void killedSweepResumesWithoutRecomputingAndGivesTheSameCsv() throws Exception {
    Path spec = dir.resolve("spec.yaml");
    Files.writeString(spec, SPEC);
    Path killed = dir.resolve("killed");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "org.fabriclab.cli.Main",
        "run", spec.toString(), "--out", killed.toString(), "--threads", "1")
        .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (finished(killed) < 2 && p.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    p.destroyForcibly();
    p.waitFor(30, TimeUnit.SECONDS);
    long done = finished(killed);
    assertThat(done).as(Files.readString(dir.resolve("child.log"))).isBetween(2L, 7L);
    assertThat(killed.resolve("results.csv")).doesNotExist();

    Path full = dir.resolve("full");
    run("run", spec.toString(), "--out", full.toString(), "--threads", "2");
    List<String> before = List.of(Mtimes.of(killed));
    run("run", spec.toString(), "--out", killed.toString(), "--threads", "2", "--resume");
    // the finished points' files were not rewritten
    assertThat(List.of(Mtimes.of(killed)).subList(0, before.size())).isEqualTo(before);
    assertThat(Files.readString(killed.resolve("results.csv"))).isEqualTo(Files.readString(full.resolve("results.csv")));
    try (Stream<Path> s = Files.list(killed.resolve("points"))) {
      assertThat(s.filter(f -> f.getFileName().toString().startsWith("."))).isEmpty();
    }
  }

  /** Modification times of the finished points' metrics files, in point order. */
  private static final class Mtimes {
    static String[] of(Path run) throws Exception {
      try (Stream<Path> s = Files.list(run.resolve("points"))) {
        return s.sorted().map(f -> f.resolve("metrics.csv")).filter(Files::isRegularFile)
            .map(f -> f.getParent().getFileName() + "@" + f.toFile().lastModified())
            .toArray(String[]::new);
      }
    }
  }
}
