package org.fabriclab.bench;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fabriclab.analysis.HopHistogram;
import org.fabriclab.analysis.ServerPairDistances;
import org.fabriclab.analysis.SwitchPairDistances;
import org.fabriclab.graph.LabelIndex;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.TopologyFamilies;
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
 * JMH versions of the foundation's topology scenarios (single-shot, as each is a whole job):
 * BCube(8,5) build + label index, all-pairs switch hops of a 2,000-switch degree-10 Jellyfish, and
 * fat-tree k=48 build + average server path length. Run:
 * {@code mvn -B -q -DskipTests package && java -jar fabriclab-bench/target/benchmarks.jar Topology}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "-XX:+UseParallelGC"})
public class TopologyBenchmarks {
  private TopologyFamilies families;
  private Topology jellyfish;

  @Setup(Level.Trial)
  public void setUp() {
    families = TopologyFamilies.load();
    jellyfish =
        families.build(
            "jellyfish",
            Map.of("switches", "2000", "ports", "10", "servers-per-switch", "0", "seed", "1"));
  }

  @Benchmark
  public int bcube85BuildAndLabelIndex() {
    Topology t = families.build("bcube", Map.of("n", "8", "k", "5"));
    LabelIndex idx = t.labels().index();
    return idx.find(t.labels().of(t.nodeCount() - 1));
  }

  @Benchmark
  public HopHistogram jellyfish2000AllPairsSwitchHops() {
    return SwitchPairDistances.compute(
        jellyfish, Runtime.getRuntime().availableProcessors(), Long.MAX_VALUE, 1);
  }

  @Benchmark
  public double fatTree48BuildAndAvgServerPath() {
    Topology t = families.build("fattree", Map.of("k", "48"));
    return ServerPairDistances.compute(t, Runtime.getRuntime().availableProcessors(), Long.MAX_VALUE, 1)
        .mean();
  }
}
