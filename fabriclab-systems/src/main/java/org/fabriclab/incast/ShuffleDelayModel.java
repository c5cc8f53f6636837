package org.fabriclab.incast;

import it.unimi.dsi.fastutil.longs.Long2DoubleOpenHashMap;
import org.fabriclab.error.InvalidParameterException;

/**
 * Delay of the shuffle and reduce phases along an incast tree, for the comparison of seed 004
 * Table I. The paper measured its Hadoop testbed; this is a model with stated parameters, not a
 * calibration. Store-and-forward per aggregating server: a server starts sending when all its
 * inputs have arrived; the flows entering a server through one switch share that switch's cable,
 * so they take (their summed size)/bandwidth after the last of them is ready. The receiver then
 * reduces its input at {@code reduceMBps}. Optionally an in-network aggregating server (§III-C:
 * it caches its inputs and merges them, as a Hadoop combiner would) also processes its whole input
 * at {@code aggregateMBps} before it sends; {@code +∞} makes aggregation free. Sizes are in MB (the
 * paper's unit flow, §III-B). O(N) for N tree servers.
 *
 * @param linkGbps bandwidth of every cable
 * @param reduceMBps rate at which the receiver's reduce function consumes its input
 * @param aggregateMBps rate at which an in-network aggregating server processes its input
 */
public record ShuffleDelayModel(double linkGbps, double reduceMBps, double aggregateMBps) {
  /** Aggregation is free; only cables and the receiver's reduce take time. */
  public ShuffleDelayModel(double linkGbps, double reduceMBps) {
    this(linkGbps, reduceMBps, Double.POSITIVE_INFINITY);
  }

  public ShuffleDelayModel {
    if (!(aggregateMBps > 0)) {
      throw new InvalidParameterException("aggregateMBps", aggregateMBps, "> 0");
    }
    if (!(linkGbps > 0)) {
      throw new InvalidParameterException("linkGbps", linkGbps, "> 0");
    }
    if (!(reduceMBps > 0)) {
      throw new InvalidParameterException("reduceMBps", reduceMBps, "> 0");
    }
  }

  /** Shuffle-phase delay in seconds (until the receiver holds all its input). */
  public double shuffleSeconds(IncastTree tree, double alpha) {
    IncastTree.TreeMetrics m = tree.metrics(alpha);
    int[] parent = tree.parent();
    double[] ready = new double[tree.size()];
    int dims = tree.labels().dims();
    // per (parent, level) cable: latest child-ready time and the summed traffic
    Long2DoubleOpenHashMap latest = new Long2DoubleOpenHashMap();
    Long2DoubleOpenHashMap bytes = new Long2DoubleOpenHashMap();
    double secondsPerMB = 8e6 / (linkGbps * 1e9);
    // input of each server (own data plus its children's outputs), for the aggregation time
    double[] input = tree.ownSize().clone();
    int[] inputs = new int[tree.size()];
    for (int v = 0; v < tree.size(); v++) {
      inputs[v] += tree.ownSize()[v] > 0 ? 1 : 0;
      if (parent[v] >= 0) {
        input[parent[v]] += m.edgeTraffic()[v];
        inputs[parent[v]]++;
      }
    }
    boolean charged = tree.inNetworkAggregation() && aggregateMBps != Double.POSITIVE_INFINITY;
    for (int v : tree.bottomUpOrder()) {
      // all children of v are done: v's ready time is the max over its cables
      if (parent[v] < 0) {
        continue;
      }
      int p = parent[v];
      long cable = (long) tree.nodes()[p] * dims + tree.labels().differingDigit(tree.nodes()[v], tree.nodes()[p]);
      double readyV = readyOf(tree, v, latest, bytes, dims, secondsPerMB)
          + (charged && inputs[v] >= 2 ? input[v] / aggregateMBps : 0);
      ready[v] = readyV;
      latest.put(cable, Math.max(latest.getOrDefault(cable, 0.0), readyV));
      bytes.addTo(cable, m.edgeTraffic()[v]);
    }
    return readyOf(tree, 0, latest, bytes, dims, secondsPerMB);
  }

  private static double readyOf(
      IncastTree tree, int v, Long2DoubleOpenHashMap latest, Long2DoubleOpenHashMap bytes, int dims,
      double secondsPerMB) {
    double r = 0;
    long base = (long) tree.nodes()[v] * dims;
    for (int level = 0; level < dims; level++) {
      long cable = base + level;
      if (bytes.containsKey(cable)) {
        r = Math.max(r, latest.get(cable) + bytes.get(cable) * secondsPerMB);
      }
    }
    return r;
  }

  /** Shuffle plus reduce, in seconds. */
  public double totalSeconds(IncastTree tree, double alpha) {
    return shuffleSeconds(tree, alpha) + tree.metrics(alpha).receiverInput() / reduceMBps;
  }
}
