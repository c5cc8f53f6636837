package org.fabriclab.analysis;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.table.Table;

/**
 * The one-line summary of a topology: sizes, degrees, connectivity and server path lengths (the
 * metrics of Flat-tree, seed 001 §3.2, and of the Jellyfish/fat-tree comparisons it cites).
 *
 * <p>{@code diameter} is the largest hop count between two servers that reach each other; when
 * the topology has fewer than 2 servers it is taken over all ordered node pairs instead
 * ({@code diameterScope} says which: {@code "servers"} or {@code "nodes"}). Unreachable pairs do
 * not count towards it; they are reported in {@code unreachableServerPairs}. When BFS sources were
 * sampled ({@code estimated}), the average is an estimate and the diameter a lower bound.
 *
 * @param family generator family
 * @param parameters generator parameters
 * @param nodes node count
 * @param servers server count
 * @param switches non-server node count
 * @param links physical links ({@link Topology#cableCount()})
 * @param directedLinks directed links ({@link Topology#linkCount()})
 * @param avgServerPathLength mean hops over reachable ordered server pairs (NaN if none)
 * @param diameter see above; -1 when no pair is reachable
 * @param diameterScope {@code "servers"} or {@code "nodes"}
 * @param serverPairs ordered pairs of distinct servers, S(S−1)
 * @param unreachableServerPairs ordered server pairs with no directed path
 * @param estimated whether sampling was used
 * @param components weakly connected components
 * @param minSwitchDegree smallest port count of a non-server node (0 if none)
 * @param maxSwitchDegree largest port count of a non-server node (0 if none)
 * @param minServerDegree smallest port count of a server (0 if none)
 * @param maxServerDegree largest port count of a server (0 if none)
 * @param serverHops the server-pair histogram behind the path-length figures
 */
public record TopologyStats(
    String family,
    String parameters,
    long nodes,
    long servers,
    long switches,
    long links,
    long directedLinks,
    double avgServerPathLength,
    int diameter,
    String diameterScope,
    long serverPairs,
    long unreachableServerPairs,
    boolean estimated,
    int components,
    int minSwitchDegree,
    int maxSwitchDegree,
    int minServerDegree,
    int maxServerDegree,
    HopHistogram serverHops) {

  /**
   * Computes the summary: degrees and components in O(n + m), server pairs by
   * {@link ServerPairDistances#compute} (and, with fewer than 2 servers, all node pairs for the
   * diameter) with the given threads, source budget and seed.
   */
  public static TopologyStats of(Topology t, int threads, long maxSources, long seed) {
    return of(t, threads, maxSources, seed, Progress.NONE);
  }

  /** As {@link #of(Topology, int, long, long)}, reporting the BFS sources done. */
  public static TopologyStats of(
      Topology t, int threads, long maxSources, long seed, Progress progress) {
    DegreeStats deg = DegreeStats.of(t);
    HopHistogram hops = ServerPairDistances.compute(t, threads, maxSources, seed, progress);
    long s = t.serverCount();
    int diameter = hops.max();
    String scope = "servers";
    boolean estimated = hops.estimated();
    if (s < 2) {
      boolean[] all = new boolean[t.nodeCount()];
      Arrays.fill(all, true);
      HopHistogram nodes =
          PairDistanceEngine.ofNodeSet(
              t, all, threads, maxSources, seed, "node-pair-sources", progress);
      diameter = nodes.max();
      scope = "nodes";
      estimated |= nodes.estimated();
    }
    return new TopologyStats(
        t.family(),
        t.parameters(),
        t.nodeCount(),
        s,
        t.switchCount(),
        t.cableCount(),
        t.linkCount(),
        hops.mean(),
        diameter,
        scope,
        s * (s - 1),
        hops.unreachablePairs(),
        estimated,
        Components.of(t).count(),
        deg.switches().min(),
        deg.switches().max(),
        deg.servers().min(),
        deg.servers().max(),
        hops);
  }

  /**
   * Every field but the histogram, in declaration order; a value that does not exist is
   * {@code null} (an average that is NaN, a diameter of -1 when no pair is connected, a switch
   * degree of a fabric without switches), so the map
   * serialises to valid JSON and no output shows a sentinel.
   */
  public LinkedHashMap<String, Object> toMap() {
    LinkedHashMap<String, Object> m = new LinkedHashMap<>();
    m.put("family", family);
    m.put("parameters", parameters);
    m.put("nodes", nodes);
    m.put("servers", servers);
    m.put("switches", switches);
    m.put("links", links);
    m.put("directedLinks", directedLinks);
    m.put("avgServerPathLength", Double.isNaN(avgServerPathLength) ? null : avgServerPathLength);
    m.put("diameter", diameter < 0 ? null : diameter);
    m.put("diameterScope", diameterScope);
    m.put("serverPairs", serverPairs);
    m.put("unreachableServerPairs", unreachableServerPairs);
    m.put("estimated", estimated);
    m.put("components", components);
    boolean noSwitch = nodes == servers; // a direct-connect fabric (torus): no switch degree exists
    m.put("minSwitchDegree", noSwitch ? null : minSwitchDegree);
    m.put("maxSwitchDegree", noSwitch ? null : maxSwitchDegree);
    m.put("minServerDegree", minServerDegree);
    m.put("maxServerDegree", maxServerDegree);
    return m;
  }

  /** One row with the columns of {@link #toMap()}; booleans are the text "true"/"false". */
  public Table toTable() {
    Map<String, Object> m = toMap();
    Table.Builder b = Table.builder("stats");
    for (Map.Entry<String, Object> e : m.entrySet()) {
      String k = e.getKey();
      if (k.equals("family") || k.equals("parameters") || k.equals("diameterScope")
          || k.equals("estimated")) {
        b.stringColumn(k);
      } else if (k.equals("avgServerPathLength")) {
        b.doubleColumn(k);
      } else {
        b.longColumn(k);
      }
    }
    return b.row(m.values().toArray()).build();
  }
}
