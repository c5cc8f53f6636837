package org.fabriclab.analysis;

import org.fabriclab.graph.ServerOrbits;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;

/**
 * Hop-count histogram over ordered pairs of distinct servers, following directed links with
 * servers as valid transit nodes (BCube relays through servers, seed 004 §II). This is the
 * "average path length of server pairs" of Flat-tree (seed 001, §3.2, Fig. 5).
 *
 * <p>Exact, and far cheaper than one BFS per server:
 *
 * <ul>
 *   <li>With {@link Topology#serverOrbits()}: one BFS per orbit representative, weighted by the
 *       orbit size (exact by the generator's symmetry claim). BCube(8,5) is a single BFS.
 *   <li>Otherwise a <em>single-homed</em> server — one outgoing link, whose reverse is its only
 *       incoming link, to a node that is not itself such a server — is a dead end, so
 *       {@code d(s, v) = 1 + d(a, v)} for its attachment node {@code a}. Such servers are grouped by
 *       attachment: one BFS per distinct attachment node, two servers on one node are 2 hops
 *       apart, on different nodes {@code d(a, a') + 2}. Every other server (multi-homed, e.g. an
 *       imported BCube, or attached by a one-way link) is its own BFS source.
 * </ul>
 *
 * <p>The condition is checked, not assumed, so the result is exact on any topology. When there are
 * more BFS sources than {@code maxSources}, a uniform sample of them is run (stream
 * {@code "server-pair-sources"} of {@code RandomStreams(seed)}) and the counts are scaled by
 * (servers represented by all sources) / (servers represented by the sampled ones), which keeps
 * the total pair count; the result is then marked estimated.
 *
 * <p>Cost: O(B (n + m)) for B BFS sources, split over {@code threads} workers of a dedicated
 * fork-join pool; the result does not depend on the thread count. Fat-tree k=48 (27,648 servers,
 * 2,880 switches): 1,152 BFS.
 */
public final class ServerPairDistances {
  private ServerPairDistances() {}

  /**
   * Hop histogram of ordered pairs of distinct servers.
   *
   * @param threads worker threads, 1..4096
   * @param maxSources largest number of BFS runs before sampling, >= 1
   * @param seed master seed of the sample (unused when nothing is sampled)
   * @throws org.fabriclab.error.InvalidParameterException for threads or maxSources out of range
   */
  public static HopHistogram compute(Topology t, int threads, long maxSources, long seed) {
    return compute(t, threads, maxSources, seed, Progress.NONE);
  }

  /** As {@link #compute(Topology, int, long, long)}, reporting one unit per BFS source. */
  public static HopHistogram compute(
      Topology t, int threads, long maxSources, long seed, Progress progress) {
    PairDistanceEngine.checkArgs(threads, maxSources);
    int n = t.nodeCount();
    if (t.serverCount() < 2) {
      return HopHistogram.empty();
    }
    boolean[] single = singleHomedServers(t);
    int[] dest0 = new int[n];
    int[] dest1 = new int[n];
    for (int v = 0; v < n; v++) {
      if (single[v]) {
        dest1[t.neighbor(v, 0)]++;
      } else if (t.isServer(v)) {
        dest0[v] = 1;
      }
    }
    PairDistanceEngine engine = new PairDistanceEngine(t, dest0, dest1, single);
    ServerOrbits orbits = t.serverOrbits();
    if (orbits != null) {
      int[] reps = orbits.representatives();
      long[] sizes = orbits.sizes();
      checkOrbits(t, reps, sizes);
      for (int i = 0; i < reps.length; i++) {
        if (sizes[i] == 0) {
          continue;
        }
        int r = reps[i];
        if (single[r]) {
          engine.addUnit(t.neighbor(r, 0), sizes[i], 1);
        } else {
          engine.addUnit(r, sizes[i], 0);
        }
      }
    } else {
      for (int v = 0; v < n; v++) {
        if (dest1[v] > 0) {
          engine.addUnit(v, dest1[v], 1);
        }
        if (dest0[v] > 0) {
          engine.addUnit(v, 1, 0);
        }
      }
    }
    return engine.run(threads, maxSources, seed, "server-pair-sources", progress);
  }

  /** Number of BFS runs {@link #compute} needs for an exact answer (before any sampling); O(n + m). */
  public static long sourceCount(Topology t) {
    if (t.serverOrbits() != null) {
      return t.serverOrbits().representatives().length;
    }
    boolean[] single = singleHomedServers(t);
    boolean[] attach = new boolean[t.nodeCount()];
    long count = 0;
    for (int v = 0; v < t.nodeCount(); v++) {
      if (single[v]) {
        int a = t.neighbor(v, 0);
        if (!attach[a]) {
          attach[a] = true;
          count++;
        }
      } else if (t.isServer(v)) {
        count++;
      }
    }
    return count;
  }

  /**
   * Marks the single-homed servers: out-degree 1, bidirectional link, in-degree 1, and the
   * neighbour is not a degree-1 server (two servers cabled only to each other are not grouped).
   * Such a node is a dead end for every BFS that does not start at it. O(n + m).
   */
  static boolean[] singleHomedServers(Topology t) {
    int n = t.nodeCount();
    int[] in = new int[n];
    int[] targets = t.csrTargets();
    for (int e = 0; e < t.linkCount(); e++) {
      in[targets[e]]++;
    }
    boolean[] single = new boolean[n];
    for (int v = 0; v < n; v++) {
      if (t.isServer(v) && t.degree(v) == 1 && in[v] == 1) {
        int e = t.firstLink(v);
        int a = t.target(e);
        single[v] = t.reverse(e) >= 0 && !(t.isServer(a) && t.degree(a) == 1);
      }
    }
    return single;
  }

  private static void checkOrbits(Topology t, int[] reps, long[] sizes) {
    long sum = 0;
    for (int i = 0; i < reps.length; i++) {
      if (reps[i] < 0 || reps[i] >= t.nodeCount() || !t.isServer(reps[i]) || sizes[i] < 0) {
        throw new IllegalArgumentException(
            "server orbit representative " + reps[i] + " is not a server or has a negative size");
      }
      sum += sizes[i];
    }
    if (sum != t.serverCount()) {
      throw new IllegalArgumentException(
          "server orbit sizes add up to " + sum + ", not the server count " + t.serverCount());
    }
  }
}
