package org.fabriclab.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.fabriclab.sim.collective.goal.GoalReader;
import org.fabriclab.sim.collective.goal.GoalSchedule;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Loading a GOAL file of 1,032,192 operations into a schedule within a 1 GB heap: 7 recursive-
 * doubling allreduces over 4,096 ranks (12 rounds of send, recv and calc per rank; round k's tag
 * is k in every allreduce, so matching follows posting order), 51 MiB of text written to a
 * temporary file before the run (not timed). Run:
 * {@code mvn -B -q -DskipTests package && java -jar fabriclab-bench/target/benchmarks.jar GoalRead},
 * or once without JMH: {@code java -Xmx1g -cp fabriclab-bench/target/benchmarks.jar
 * org.fabriclab.bench.GoalReadBenchmarks}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
public class GoalReadBenchmarks {
  static final int RANKS = 4096;
  static final int ROUNDS = 12;
  static final int ITERATIONS = 7;
  /** Operations of the generated file. */
  static final int OPERATIONS = RANKS * ROUNDS * 3 * ITERATIONS;

  private Path file;

  @Setup(Level.Trial)
  public void write() throws IOException {
    file = Files.createTempFile("fabriclab-goal-", ".goal");
    generate(file);
  }

  @TearDown(Level.Trial)
  public void delete() throws IOException {
    Files.deleteIfExists(file);
  }

  @Benchmark
  public int read1M() {
    GoalSchedule g = GoalReader.read(file);
    if (g.schedule().size() != OPERATIONS || g.schedule().messages() != OPERATIONS / 3) {
      throw new IllegalStateException("read " + g.schedule().size() + " nodes, expected "
          + OPERATIONS);
    }
    return g.schedule().size();
  }

  /**
   * Rank i, allreduce a, round k: {@code s: send 8192b to i xor 2^k tag k}, {@code r: recv …},
   * {@code c: calc 500} after both; the next round's send and recv after that calc.
   */
  static void generate(Path f) throws IOException {
    try (BufferedWriter w = Files.newBufferedWriter(f, StandardCharsets.US_ASCII)) {
      w.write("// " + ITERATIONS + " recursive-doubling allreduces over " + RANKS + " ranks\n");
      w.write("num_ranks " + RANKS + "\n");
      for (int i = 0; i < RANKS; i++) {
        w.write("rank " + i + " {\n");
        String prev = null;
        for (int a = 0; a < ITERATIONS; a++) {
          for (int k = 0; k < ROUNDS; k++) {
            String id = a + "_" + k;
            int peer = i ^ (1 << k);
            w.write("s" + id + ": send 8192b to " + peer + " tag " + k + "\n");
            w.write("r" + id + ": recv 8192b from " + peer + " tag " + k + "\n");
            w.write("c" + id + ": calc 500\n");
            if (prev != null) {
              w.write("s" + id + " requires " + prev + "\n");
              w.write("r" + id + " requires " + prev + "\n");
            }
            w.write("c" + id + " requires s" + id + "\nc" + id + " requires r" + id + "\n");
            prev = "c" + id;
          }
        }
        w.write("}\n");
      }
    }
  }

  /** Generates the file, reads it once and prints the time, the heap in use and the size. */
  public static void main(String[] args) {
    try {
      Path f = Files.createTempFile("fabriclab-goal-", ".goal");
      try {
        generate(f);
        long bytes = Files.size(f);
        long t0 = System.nanoTime();
        GoalSchedule g = GoalReader.read(f);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.gc();
        Runtime rt = Runtime.getRuntime();
        long usedMb = (rt.totalMemory() - rt.freeMemory()) >> 20;
        System.out.printf("%d operations, %d nodes, %d MB file: read in %d ms; heap in use after"
            + " GC with the schedule held: %d MB (max heap %d MB)%n", g.operations(),
            g.schedule().size(), bytes >> 20, ms, usedMb, rt.maxMemory() >> 20);
      } finally {
        Files.deleteIfExists(f);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
