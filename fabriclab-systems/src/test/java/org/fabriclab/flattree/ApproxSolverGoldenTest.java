package org.fabriclab.flattree;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.fabriclab.analysis.DemandMatrix;
import org.fabriclab.analysis.FleischerThroughputSolver;
import org.fabriclab.analysis.ThroughputProblem;
import org.fabriclab.analysis.ThroughputResult;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.traffic.ClusterTraffic;
import org.fabriclab.traffic.ClusterTraffic.Locality;
import org.fabriclab.traffic.ClusterTraffic.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Golden run of the (1+ε) throughput solver on the instance families of the Flat-tree
 * reproduction (seed 001_5e703544cea19579.txt, §3.3–3.4: all-to-all in 20-server clusters,
 * broadcast/incast in large clusters, hybrid zones), k = 8, ε = 0.05. The expected λ and upper
 * bounds were produced by the solver as it was before the speed-ups of 2026-11-23 (early-stopped
 * Dijkstra, touched-node resets, no flow kept), which must not change a single bit of the result:
 * the settle order, distances and trees of every node up to the last sink are those of a full
 * Dijkstra, and λ is computed from the link loads, not from the stored flow. Nor may reporting
 * progress: a solve with a {@link Progress} listener gives the same bits, and its task completes.
 */
class ApproxSolverGoldenTest {
  private static final TopologyFamilies FAMILIES = TopologyFamilies.load();

  @ParameterizedTest(name = "{0} {1} {2} {3}")
  @CsvSource(delimiter = '|', value = {
    "flattree|mode=local|ALL_TO_ALL|STRONG|20|0.08318263975007471|0.08733138838876242",
    "flattree|mode=local|ALL_TO_ALL|WEAK|20|0.071203864794151|0.07458169848298657",
    "tworandom|stage2=any|ALL_TO_ALL|STRONG|20|0.07794385980611555|0.08179460101783301",
    "fattree||ALL_TO_ALL|WEAK|20|0.05550849063686365|0.05826967168441343",
    "flattree|mode=global|BROADCAST|NONE|60|0.10154158760791794|0.10450255765830731",
    "jellyfish||INCAST|STRONG|60|0.10336628333009311|0.10792962298792647",
    "flattree|mode=hybrid,zones=3;5|ALL_TO_ALL|STRONG|20|0.0965985715391899|0.10133885710209864",
  })
  void sameLambdaAndBoundAsBeforeTheSpeedUps(String family, String extra, String pattern, String locality,
      int cluster, double lambda, double upperBound) {
    Map<String, String> params = new HashMap<>();
    params.put("k", "8");
    params.put("seed", "1");
    if (extra != null) {
      for (String kv : extra.split(",")) {
        String[] a = kv.split("=");
        params.put(a[0], a[1].replace(';', ','));
      }
    }
    Topology t = FAMILIES.build(family, params);
    String stream = String.join("/", "golden", family, extra == null ? "" : extra, pattern, locality, "" + cluster);
    DemandMatrix d = new ClusterTraffic(t, cluster, Pattern.valueOf(pattern), Locality.valueOf(locality), 16)
        .demands(new RandomStreams(1).stream(stream));
    ThroughputProblem p = new ThroughputProblem(t, d, true, true);
    ThroughputResult r = new FleischerThroughputSolver(0.05).solve(p);
    assertThat(r.lambda()).isEqualTo(lambda);
    assertThat(r.upperBound()).isEqualTo(upperBound);
    assertThat(p.violation(r.flow(), r.lambda())).isLessThan(1e-9);
    ThroughputResult noFlow = new FleischerThroughputSolver(0.05, 100_000, false).solve(p);
    assertThat(noFlow.lambda()).isEqualTo(lambda);
    assertThat(noFlow.upperBound()).isEqualTo(upperBound);
    assertThat(noFlow.flow()).isEmpty();
    long[] units = new long[2]; // total, done
    Progress counting = new Progress() {
      @Override
      public void begin(String task, long total) {
        units[0] = total;
      }

      @Override
      public void advance(long u) {
        units[1] += u;
      }

      @Override
      public void end() {}
    };
    ThroughputResult told = new FleischerThroughputSolver(0.05, 100_000, false).solve(p, counting);
    assertThat(told.lambda()).isEqualTo(lambda);
    assertThat(told.upperBound()).isEqualTo(upperBound);
    assertThat(units[1]).isPositive().isEqualTo(units[0]);
  }
}
