package org.fabriclab.bench;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveResult;
import org.fabriclab.sim.collective.CollectiveRun;
import org.fabriclab.sim.collective.CollectiveSchemes;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.fabriclab.sim.collective.Placement;
import org.fabriclab.topology.TopologyFamilies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Collectives at the sizes of the performance targets in docs/benchmarks-collectives.md: a 64-rank
 * ring allreduce of 64 MiB on fat-tree k=8 (packet level ≤ 20 s, flow level ≤ 1 s) and 1,024-rank
 * ring allreduce and binomial broadcast of 64 MiB on fat-tree k=16 (flow level ≤ 30 s, packet level
 * ≤ 10 min). Each iteration builds the schedule and runs it (one shot). Fails if the JCT changes, so a
 * faster engine is never a different computation. Run:
 * {@code java -jar fabriclab-bench/target/benchmarks.jar CollectiveBenchmarks}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "-XX:+UseParallelGC"})
public class CollectiveBenchmarks {
  @Param({"ring64-k8-packet", "ring64-k8-flow", "ring1024-k16-flow", "binomial1024-k16-flow"})
  public String scenario;

  private CollectiveRun run;
  private CollectiveSpec spec;
  private String scheme;
  private long firstJct = -1;

  @Setup(Level.Trial)
  public void build() {
    String[] p = scenario.split("-");
    int ranks = p[0].startsWith("ring") ? Integer.parseInt(p[0].substring(4)) : Integer.parseInt(p[0].substring(8));
    scheme = p[0].startsWith("ring") ? "ring" : "binomial";
    Topology ft = TopologyFamilies.load().build("fattree", Map.of("k", p[1].substring(1), "seed", "1"));
    run = CollectiveRun.defaults(ft, p[2], Placement.CONTIGUOUS, 1);
    spec = CollectiveSpec.of(scheme.equals("ring") ? CollectiveOp.ALLREDUCE : CollectiveOp.BROADCAST, ranks, 64L << 20);
  }

  @Benchmark
  public long collective() {
    CollectiveResult r = run.run(CollectiveSchemes.load().get(scheme), spec, Progress.NONE);
    if (firstJct >= 0 && r.jctPs() != firstJct) {
      throw new IllegalStateException("the JCT changed between iterations: " + firstJct + " vs " + r.jctPs());
    }
    firstJct = r.jctPs();
    return r.jctPs();
  }
}
