package org.fabriclab.analysis;

import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;

/**
 * Hop-count histogram over ordered pairs of distinct non-server nodes (packet, circuit and
 * converter switches, splitters), following directed links. Servers are valid transit nodes, as
 * BCube switches reach each other only through servers (seed 004 §II); single-homed servers are
 * dead ends and are not expanded. One BFS per non-server node, O(N (n + m)) for N of them,
 * parallel on a dedicated fork-join pool and independent of the thread count; when N exceeds
 * {@code maxSources} a uniform sample of sources (stream {@code "switch-pair-sources"} of
 * {@code RandomStreams(seed)}) is run and scaled by N / sample size, marked estimated.
 */
public final class SwitchPairDistances {
  private SwitchPairDistances() {}

  /**
   * Hop histogram of ordered pairs of distinct non-server nodes.
   *
   * @param threads worker threads, 1..4096
   * @param maxSources largest number of BFS runs before sampling, >= 1
   * @param seed master seed of the sample
   * @throws org.fabriclab.error.InvalidParameterException for threads or maxSources out of range
   */
  public static HopHistogram compute(Topology t, int threads, long maxSources, long seed) {
    return compute(t, threads, maxSources, seed, Progress.NONE);
  }

  /** As {@link #compute(Topology, int, long, long)}, reporting one unit per BFS source. */
  public static HopHistogram compute(
      Topology t, int threads, long maxSources, long seed, Progress progress) {
    boolean[] member = new boolean[t.nodeCount()];
    for (int v = 0; v < member.length; v++) {
      member[v] = !t.isServer(v);
    }
    return PairDistanceEngine.ofNodeSet(
        t, member, threads, maxSources, seed, "switch-pair-sources", progress);
  }
}
