package org.fabriclab.bench;

import java.util.concurrent.TimeUnit;
import org.fabriclab.shoal.ShoalConfig;
import org.fabriclab.shoal.ShoalExperiments;
import org.fabriclab.shoal.ShoalFlows;
import org.fabriclab.shoal.ShoalSimulator;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Shoal's slot engine alone (seed 003 §7.3 workload): a 128-node rack (16-port switches, 4
 * channels) at L = 0.5, Pareto 1.05 flows of mean 100 KB, seed 1, run to the 60,000th of 63,000
 * drawn flows — 74,200,262 cells sent, so ns per cell sent = the score (ms) × 1e6 / 74,200,262.
 * The flows are drawn before each run (not timed). docs/benchmarks-shoal.md quotes it. Run:
 * {@code mvn -B -q -DskipTests package && java -jar fabriclab-bench/target/benchmarks.jar ShoalSlot}
 * (add {@code -jvm PATH} to compare JDKs).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx6g", "-XX:+UseParallelGC", "-XX:+UseTransparentHugePages"})
public class ShoalSlotBenchmarks {
  /** Cells the run sends (deterministic for the seed; checked after each run). */
  static final long CELLS = 74_200_262L;

  private final ShoalConfig cfg = ShoalConfig.rack512().withNodes(128);
  private ShoalFlows flows;

  @Setup(Level.Invocation)
  public void draw() {
    flows = ShoalExperiments.poissonFlows(cfg, 0.5, 60_000, null, false, 1);
  }

  @Benchmark
  public long poisson128() {
    ShoalSimulator sim = new ShoalSimulator(cfg, flows, new boolean[cfg.nodes()], null);
    sim.run(60_000, Long.MAX_VALUE);
    long cells = sim.workCounters()[0];
    if (cells != CELLS) {
      throw new IllegalStateException("sent " + cells + " cells, expected " + CELLS + ": the engine's results changed");
    }
    return cells;
  }
}
