package org.fabriclab.cli.analyze;

import java.util.List;
import java.util.Locale;
import org.fabriclab.analysis.DemandMatrix;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.traffic.ClusterTraffic;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.traffic.Workloads;

/**
 * The demand patterns of a throughput analysis, shared by {@code analyze throughput} and the
 * {@code throughput} kind of an experiment spec so both give the same λ for the same settings.
 *
 * <ul>
 *   <li>{@code permutation}: every server sends one unit to one other server, a uniformly random
 *       derangement (no server sends to itself) drawn from the seed; it works on any topology
 *       with at least 2 servers.
 *   <li>{@code broadcast}, {@code incast}, {@code all-to-all}: the clustered traffic of Flat-tree
 *       (seed 001 §3.1) through {@link ClusterTraffic}. The cluster size, when not given, is
 *       min(servers, 1000) for broadcast and incast (the paper's 1000) and min(servers, 20) for
 *       all-to-all, so the default works on topologies with fewer servers than the paper's.
 * </ul>
 */
public final class ThroughputDemands {
  /** The traffic names, in the order help texts list them. */
  public static final List<String> TRAFFIC = List.of("permutation", "broadcast", "incast", "all-to-all");

  private ThroughputDemands() {}

  /**
   * The demands of {@code traffic} on {@code t}.
   *
   * @param clusterSize servers per cluster, 0 = automatic (clustered traffic only)
   * @param podSize servers per Pod when the topology has no pod labels, 0 = all servers
   */
  public static DemandMatrix of(Topology t, String traffic, int clusterSize, String locality, int podSize,
      long seed) {
    String name = traffic.toLowerCase(Locale.ROOT);
    if (name.equals("permutation")) {
      if (t.serverCount() < 2) {
        throw new InvalidParameterException("--traffic", "permutation needs at least 2 servers; the topology has "
            + t.serverCount() + " (a file without servers takes --servers-per-switch N, or give --demands)");
      }
      FlowTrace perm = Workloads.permutation(t.serverCount(), 1, seed);
      DemandMatrix.Builder b = DemandMatrix.builder();
      for (int i = 0; i < perm.size(); i++) {
        b.add(t.server(perm.src(i)), t.server(perm.dst(i)), 1.0);
      }
      return b.build();
    }
    if (!TRAFFIC.contains(name)) {
      throw new InvalidParameterException("--traffic", traffic, "one of " + String.join("|", TRAFFIC));
    }
    ClusterTraffic.Pattern pat = ClusterTraffic.Pattern.parse(name);
    int c = clusterSize > 0 ? clusterSize
        : Math.min(t.serverCount(), pat == ClusterTraffic.Pattern.ALL_TO_ALL ? 20 : 1000);
    if (podSize < 0) {
      throw new InvalidParameterException("--pod-size", podSize, "must be >= 1");
    }
    int pod = podSize == 0 ? t.serverCount() : podSize;
    ClusterTraffic ct = new ClusterTraffic(t, c, pat, ClusterTraffic.Locality.parse(locality), pod);
    return ct.demands(new RandomStreams(seed).stream("analyze/throughput"));
  }
}
