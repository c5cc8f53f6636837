package org.fabriclab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.fabriclab.io.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real interruptions in a child JVM: SIGTERM (the shutdown hook) and an out-of-memory exit 2 of
 * {@code simulate --out x/new}, with x not existing and a user's file put into x while the run
 * computes: the run removes its own folder, and x with the user's file stays.
 */
class InterruptedRunForkTest {
  @TempDir Path tmp;

  private Process start(String heap, String... args) throws IOException {
    // the heap estimates compare with a heap far larger than the real one: the run goes on until
    // it really runs out of memory
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), heap,
        "-D" + org.fabriclab.units.HeapBudget.HEAP_PROPERTY + "=" + (64L << 30), "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(tmp.resolve("child.log").toFile()).start();
  }

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /** Waits until the child has opened its output folder (the marker exists). */
  private static void awaitFolder(Process p, Path out) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!Files.exists(out.resolve(RunFolder.MARKER)) && p.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
  }

  private static void dropUserFile(Path x) throws IOException {
    Files.createDirectories(x.resolve("other"));
    Files.writeString(x.resolve("other/keep.txt"), "mine");
  }

  @Test
  void sigtermKeepsWhatTheUserPutIntoTheTreeMeanwhile() throws Exception {
    Path x = tmp.resolve("x");
    Path out = x.resolve("new");
    Process p = start("-Xmx512m", "simulate", "--k", "8", "--workload", "poisson", "--flows", "2000000",
        "--out", out.toString(), "--no-progress");
    awaitFolder(p, out);
    assertThat(p.isAlive()).as(log()).isTrue();
    dropUserFile(x);
    p.destroy(); // SIGTERM
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(names(x)).as(log()).containsExactly("other");
    assertThat(x.resolve("other/keep.txt")).hasContent("mine");
  }

  @Test
  void outOfMemoryExit2KeepsWhatTheUserPutIntoTheTreeMeanwhile() throws Exception {
    Path x = tmp.resolve("x");
    Path out = x.resolve("new");
    Process p = start("-Xmx48m", "simulate", "--k", "4", "--engine", "flow", "--workload", "poisson",
        "--flows", "20000000", "--out", out.toString(), "--no-progress");
    awaitFolder(p, out);
    dropUserFile(x);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(log()).isEqualTo(2);
    assertThat(log()).contains("out of memory");
    assertThat(names(x)).as(log()).containsExactly("other");
    assertThat(x.resolve("other/keep.txt")).hasContent("mine");
  }

  private String log() throws IOException {
    return Files.readString(tmp.resolve("child.log"));
  }

  @Test
  void aKilledReproduceKeepsTheResultsAnotherOneFinishedBesideIt() throws Exception {
    Path r = tmp.resolve("r");
    Process p = start("-Xmx512m", "reproduce", "flattree", "--out", r.toString(), "--threads", "1",
        "--no-progress");
    awaitFolder(p, r.resolve("flattree"));
    assertThat(p.isAlive()).as(log()).isTrue();
    CliRun.Result other = CliRun.run("reproduce", "selftest", "--quick", "--out", r.toString(), "--no-progress");
    assertThat(other.code()).as(other.err()).isZero();
    String summary = Files.readString(r.resolve("selftest-quick/summary.md"));
    assertThat(p.isAlive()).as(log()).isTrue();
    p.destroy(); // SIGTERM to the first, which created r
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(names(r)).as(log()).containsExactly("selftest-quick");
    assertThat(r.resolve("selftest-quick/summary.md")).hasContent(summary.strip());
  }
}
