package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.fabriclab.cli.Main;
import org.fabriclab.io.RunFolder;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kill loops (docs/errors.md, the output-folder rule and run folders): {@code run} and {@code
 * simulate --out} in a child JVM are stopped by SIGTERM or SIGKILL at seeded random moments, with a
 * file of someone else's dropped into the output tree while they run. Every such file survives;
 * {@code run --resume} (and a last {@code simulate}) then finish with files byte-identical to an
 * uninterrupted run's (timing fields left out: {@code summary.json}'s wall-clock and per-second
 * keys); a second {@code --resume} while one holds the folder is refused with exit 2. Tagged
 * {@code fork}: about 30–60 s of child JVMs.
 */
@Tag("fork")
class KillLoopForkTest {
  @TempDir Path tmp;

  private static final String SPEC = String.join("\n",
      "kind: simulate",
      "seeds: 4",
      "topologies:",
      "  - family: fattree",
      "    k: 4",
      "simulate:",
      "  engine: packet",
      "  workload: {type: poisson, flows: 40, rate-per-s: 200000}",
      "");

  /** summary.json keys that measure the machine, not the simulation. */
  private static final List<String> TIMING_KEYS = List.of("wallSeconds", "eventLoopSeconds", "eventsPerSecond",
      "packetHopsPerSecond");

  /** Files of someone else, path to content. */
  private final Map<Path, String> foreign = new LinkedHashMap<>();

  private Process start(String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx256m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
        Main.class.getName()));
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(tmp.resolve("child.log").toFile())).start();
  }

  private String log() throws IOException {
    Path l = tmp.resolve("child.log");
    return Files.exists(l) ? Files.readString(l) : "";
  }

  private static int inProcess(String... args) {
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(new StringWriter()), new PrintWriter(err));
    assertThat(code).as(err.toString()).isZero();
    return code;
  }

  /**
   * Drops files of someone else's, some hidden, into folders of the tree under {@code root}
   * ({@code root} itself when the run has made nothing yet).
   */
  private void dropForeign(Path root, SplittableRandom rnd, int i) throws IOException {
    List<Path> dirs;
    Files.createDirectories(root);
    try (Stream<Path> s = Files.walk(root)) {
      dirs = s.filter(Files::isDirectory).filter(d -> !d.getFileName().toString().startsWith(".")).sorted().toList();
    } catch (java.io.UncheckedIOException | IOException e) {
      dirs = List.of(root); // a folder went away while walking: the run is tidying
    }
    // into up to three folders of the tree, the deepest among them: a point's folder once there is one
    List<Path> into = new ArrayList<>(List.of(dirs.get(0), dirs.get(dirs.size() - 1), dirs.get(rnd.nextInt(dirs.size()))));
    for (int k = 0; k < into.size(); k++) {
      Path f = into.get(k).resolve((rnd.nextBoolean() ? "notes-" : ".notes-") + i + "-" + k + ".txt");
      try {
        Files.writeString(f, "mine " + i);
        foreign.put(f, "mine " + i);
      } catch (IOException e) {
        // the folder was removed between the walk and the write: nothing was dropped
      }
    }
  }

  /**
   * Starts {@code args}, which write {@code out} under {@code root}, and at seeded random moments
   * within {@code maxMs} of the folder's opening drops foreign files and kills the child.
   */
  private void killAtRandom(Path root, Path out, long maxMs, SplittableRandom rnd, int i, String... args)
      throws Exception {
    Process p = start(args);
    // moments counted from when the child has opened its folder (the marker exists): before it,
    // a child JVM is still starting
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!Files.exists(out.resolve(RunFolder.MARKER)) && p.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    long killAfterMs = rnd.nextLong(i == 0 ? 200 : maxMs); // first, while the run writes its spec
    long dropAfterMs = rnd.nextLong(killAfterMs + 1);
    Thread.sleep(dropAfterMs);
    dropForeign(root, rnd, i);
    Thread.sleep(killAfterMs - dropAfterMs);
    boolean term = rnd.nextBoolean();
    if (term) {
      p.destroy(); // SIGTERM
    } else {
      p.destroyForcibly(); // SIGKILL
    }
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    Files.writeString(tmp.resolve("child.log"), "\n-- attempt " + i + ": " + (term ? "SIGTERM" : "SIGKILL") + " after "
        + killAfterMs + " ms, exit " + p.exitValue() + "\n", java.nio.file.StandardOpenOption.APPEND,
        java.nio.file.StandardOpenOption.CREATE);
    assertForeignKept();
  }

  private void assertForeignKept() throws IOException {
    for (Map.Entry<Path, String> f : foreign.entrySet()) {
      assertThat(f.getKey()).as(log()).exists();
      assertThat(Files.readString(f.getKey())).isEqualTo(f.getValue());
    }
  }

  /** The files under {@code root} but the foreign ones, the marker and timing keys, by relative path. */
  private Map<String, String> contents(Path root) throws IOException {
    Map<String, String> m = new TreeMap<>();
    try (Stream<Path> s = Files.walk(root)) {
      for (Path f : s.filter(Files::isRegularFile).toList()) {
        if (foreign.containsKey(f) || f.getFileName().toString().equals(RunFolder.MARKER)) {
          continue;
        }
        String text = new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1);
        if (f.getFileName().toString().equals("summary.json")) {
          for (String k : TIMING_KEYS) {
            text = text.replaceAll("\"" + k + "\":[^,}]*", "\"" + k + "\":-");
          }
        }
        m.put(root.relativize(f).toString(), text);
      }
    }
    return m;
  }

  @Test
  @Timeout(180)
  void aRunKilledAtRandomMomentsResumesToTheUninterruptedFiles() throws Exception {
    Path spec = tmp.resolve("spec.yaml");
    Files.writeString(spec, SPEC);
    Path full = tmp.resolve("full");
    inProcess("run", spec.toString(), "--out", full.toString(), "--threads", "1", "--no-progress");
    Path root = tmp.resolve("k");
    Path run = root.resolve("run");
    SplittableRandom rnd = new SplittableRandom(20_261_202L);
    for (int i = 0; i < 4; i++) {
      killAtRandom(root, run, 4000, rnd, i, "run", spec.toString(), "--out", run.toString(), "--threads", "1", "--no-progress",
          "--resume");
    }
    // one resume holds the folder; a second one is refused at once
    Process holder = start("run", spec.toString(), "--out", run.toString(), "--threads", "1", "--no-progress",
        "--resume");
    String owner = "pid " + holder.pid() + " ";
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (holder.isAlive() && System.nanoTime() < deadline
        && !(Files.exists(run.resolve(RunFolder.MARKER)) && Files.readString(run.resolve(RunFolder.MARKER)).contains(owner))) {
      Thread.sleep(5);
    }
    StringWriter err = new StringWriter();
    int second = Main.run(new String[] {"run", spec.toString(), "--out", run.toString(), "--threads", "1",
        "--no-progress", "--resume"}, new PrintWriter(new StringWriter()), new PrintWriter(err));
    if (holder.isAlive()) {
      assertThat(second).as(err.toString()).isEqualTo(2);
      assertThat(err.toString()).contains("pid " + holder.pid());
    }
    assertThat(holder.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(holder.exitValue()).as(log()).isZero();
    assertForeignKept();
    assertThat(contents(run)).as(log()).isEqualTo(contents(full));
  }

  @Test
  @Timeout(180)
  void aSimulateKilledAtRandomMomentsKeepsForeignFilesAndRunsAgainToTheSameFiles() throws Exception {
    String[] sim = {"simulate", "--k", "4", "--workload", "poisson", "--flows", "150", "--rate-per-s", "200000",
        "--no-progress", "--force", "--out"};
    Path full = tmp.resolve("full");
    List<String> args = new ArrayList<>(List.of(sim));
    args.add(full.toString());
    inProcess(args.toArray(String[]::new));
    Path root = tmp.resolve("k");
    Path out = root.resolve("sim");
    args.set(args.size() - 1, out.toString());
    SplittableRandom rnd = new SplittableRandom(7L);
    for (int i = 0; i < 3; i++) {
      killAtRandom(root, out, 2500, rnd, i, args.toArray(String[]::new));
    }
    Process last = start(args.toArray(String[]::new));
    assertThat(last.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(last.exitValue()).as(log()).isZero();
    assertForeignKept();
    assertThat(contents(out)).as(log()).isEqualTo(contents(full));
  }
}
