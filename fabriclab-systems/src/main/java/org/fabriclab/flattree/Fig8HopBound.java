package org.fabriclab.flattree;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import org.fabriclab.analysis.DemandMatrix;
import org.fabriclab.analysis.ThroughputProblem;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.traffic.ClusterTraffic;
import org.fabriclab.traffic.ClusterTraffic.Locality;
import org.fabriclab.traffic.ClusterTraffic.Pattern;

/**
 * The hop-count (volume) bound behind Fig. 8 of Flat-tree (seed 001_5e703544cea19579.txt, §3.3),
 * for explaining the measured λ: with unit link capacities every unit of demand routed over h hops
 * uses h units of capacity, so λ ≤ C / Σ_i d_i·h_i, with C the number of directed switch links and
 * h_i the hop distance of demand i (the weak-duality bound of the all-ones length function). It is
 * computed on exactly the reproduction's problems (same topologies, streams {@code fig8/<k>/<LOCALITY>},
 * servers relaxed) by one BFS per group, in milliseconds, and printed with the demand-weighted mean
 * hop count; the ratio of two topologies' bounds shows how much of their λ gap path length alone
 * explains.
 *
 * <p>Usage: {@code java -cp fabriclab.jar org.fabriclab.flattree.Fig8HopBound K...}; prints one
 * CSV line per (k, locality, topology). O(groups·(n + m)) per problem.
 */
public final class Fig8HopBound {
  private Fig8HopBound() {}

  public static void main(String[] args) {
    ReproductionContext ctx = new ReproductionContext(false, 1, 1, Progress.NONE, true);
    ThroughputExperiments tp = new ThroughputExperiments(ctx);
    System.out.println("k,locality,topology,groups,links,totalDemand,meanHops,hopBound,portBound,coreDetourShare");
    for (String a : args) {
      int k;
      try {
        k = Integer.parseInt(a);
      } catch (NumberFormatException e) {
        k = -1;
      }
      if (k < 4 || k > 64 || k % 2 != 0) {
        System.err.println("K: '" + a + "' must be an even integer in 4..64");
        System.exit(2);
      }
      for (Locality loc : AllToAllExperiment.localities()) {
        for (int ti = 0; ti < AllToAllExperiment.topologyCount() + 2; ti++) {
          String name = ti < AllToAllExperiment.topologyCount() ? AllToAllExperiment.topology(ti)
              : ti == AllToAllExperiment.topologyCount() ? ThroughputExperiments.FLAT_CORES_REWIRED
              : ThroughputExperiments.TWO_ONE_PER_POD;
          Topology t = tp.topology(name, k);
          SplittableRandom rnd = new RandomStreams(ctx.seed()).stream("fig8/" + k + "/" + loc);
          DemandMatrix d = new ClusterTraffic(t, 20, Pattern.ALL_TO_ALL, loc, k * k / 4).demands(rnd);
          ThroughputProblem p = new ThroughputProblem(t, d, true, true);
          double[] r = hopBound(p);
          System.out.printf(Locale.ROOT, "%d,%s,%s,%d,%d,%.0f,%.4f,%.6f,%.6f,%.4f%n", k, loc.name().toLowerCase(Locale.ROOT),
              name, p.groupCount(), p.linkCount(), r[0], r[1] / r[0], r[2], portBound(p), coreDetourShare(t));
        }
      }
    }
  }

  /**
   * The port (cut) bound: every switch must send its outgoing demand over its own network links and
   * receive its incoming demand over the links into it, so λ ≤ min over switches of link capacity /
   * demand, on each side. O(n + m + demands).
   */
  static double portBound(ThroughputProblem p) {
    int n = p.nodeCount();
    double[] out = new double[n];
    double[] in = new double[n];
    double[] outCap = new double[n];
    double[] inCap = new double[n];
    for (int v = 0; v < n; v++) {
      for (int e = p.firstLink(v); e < p.firstLink(v + 1); e++) {
        outCap[v] += p.capacity(e);
        inCap[p.head(e)] += p.capacity(e);
      }
    }
    for (int g = 0; g < p.groupCount(); g++) {
      for (int i = p.groupStart(g); i < p.groupStart(g + 1); i++) {
        out[p.root(g)] += p.demand(i);
        in[p.sink(i)] += p.demand(i);
      }
    }
    double bound = Double.POSITIVE_INFINITY;
    for (int v = 0; v < n; v++) {
      if (out[v] > 0) {
        bound = Math.min(bound, outCap[v] / out[v]);
      }
      if (in[v] > 0) {
        bound = Math.min(bound, inCap[v] / in[v]);
      }
    }
    return bound;
  }

  /**
   * Share of the links between a core (a switch without servers) and a Pod switch (one with
   * servers, its Pod the servers' {@code pod} label) whose core has another link into the same
   * Pod: only those let traffic inside a Pod detour over a core in two hops (Pod switch, core, Pod
   * switch). Meaningful where every Pod switch holds servers (flat-tree local, two-stage graphs);
   * in fat-tree the serverless aggregation switches count as cores; NaN without Pod labels
   * (random graph). O(n + m).
   */
  static double coreDetourShare(Topology t) {
    if (!t.labels().fields().contains("pod")) {
      return Double.NaN; // no Pods (random graph)
    }
    int n = t.nodeCount();
    int[] pod = new int[n];
    Arrays.fill(pod, -1);
    for (int v = 0; v < n; v++) {
      for (int x = 0; !t.isServer(v) && x < t.degree(v); x++) {
        if (t.isServer(t.neighbor(v, x))) {
          pod[v] = t.labels().get(t.neighbor(v, x), "pod");
        }
      }
    }
    long links = 0;
    long shared = 0;
    java.util.Map<Integer, Integer> perPod = new java.util.HashMap<>();
    for (int v = 0; v < n; v++) {
      if (t.isServer(v) || pod[v] >= 0) {
        continue;
      }
      perPod.clear();
      for (int x = 0; x < t.degree(v); x++) {
        int u = t.neighbor(v, x);
        if (!t.isServer(u) && pod[u] >= 0) {
          perPod.merge(pod[u], 1, Integer::sum);
        }
      }
      for (int c : perPod.values()) {
        links += c;
        shared += c > 1 ? c : 0;
      }
    }
    return links == 0 ? 0 : (double) shared / links;
  }

  /** {total demand, Σ demand × hops, capacity / Σ demand × hops}. */
  static double[] hopBound(ThroughputProblem p) {
    int n = p.nodeCount();
    int[] hop = new int[n];
    int[] queue = new int[n];
    double capacity = 0;
    for (int e = 0; e < p.linkCount(); e++) {
      capacity += p.capacity(e);
    }
    double total = 0;
    double weighted = 0;
    for (int g = 0; g < p.groupCount(); g++) {
      Arrays.fill(hop, -1);
      int root = p.root(g);
      hop[root] = 0;
      queue[0] = root;
      int tail = 1;
      for (int head = 0; head < tail; head++) {
        int v = queue[head];
        for (int e = p.firstLink(v); e < p.firstLink(v + 1); e++) {
          int h = p.head(e);
          if (hop[h] < 0) {
            hop[h] = hop[v] + 1;
            queue[tail++] = h;
          }
        }
      }
      for (int i = p.groupStart(g); i < p.groupStart(g + 1); i++) {
        total += p.demand(i);
        weighted += p.demand(i) * (hop[p.sink(i)] < 0 ? Double.POSITIVE_INFINITY : hop[p.sink(i)]);
      }
    }
    return new double[] {total, weighted, capacity / weighted};
  }
}
