package org.fabriclab.analysis;

import java.util.Arrays;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.progress.FractionProgress;
import org.fabriclab.progress.Progress;

/**
 * (1+ε)-approximate maximum concurrent flow by the multiplicative-weights method of Garg and
 * Könemann (FOCS 1998) with Fleischer's single-source grouping (SIAM J. Discrete Math. 2000), on
 * the primitive CSR arrays of a {@link ThroughputProblem}.
 *
 * <p>Lengths start at {@code 1/c(e)} (the δ of the analysis is kept as a log-scale factor, so it
 * never underflows). A phase routes every group's full demands: per group, a Dijkstra tree from the
 * root, all remaining demands pushed down the tree at once, scaled so that no link receives more
 * than its capacity in one step, and every used link's length multiplied by {@code 1 + ε·f/c}.
 * After each complete phase P, the accumulated flow carries exactly P times every demand; divided
 * by its worst link congestion ρ it is feasible with λ = P/ρ (the primal value). Every length
 * function gives the dual bound {@code Σ l(e)c(e) / Σ_j d_j·dist_l(j)}; the run stops when the
 * primal value reaches the best dual bound divided by (1+ε) — a certified gap, checked after each
 * of the first 10 phases and every third phase after — or when
 * Garg–Könemann's own termination {@code D(l) >= 1} (with δ = (1+ε)((1+ε)m)^(-1/ε)) or the phase
 * limit is reached; {@link ThroughputResult#upperBound()} reports the bound either way.
 *
 * <p>Two practical changes that keep every guarantee (any sum of complete phases, each routing
 * every demand once, divided by its worst congestion is a feasible concurrent flow; any length
 * function gives a valid dual bound):
 *
 * <ul>
 *   <li>Demand scaling: demands are scaled by the dual bound of the initial lengths {@code 1/c}
 *       (one Dijkstra per group), so the scaled optimum is at most 1 and close to it; scaling by
 *       the λ of hop-shortest-path routing instead (the optimum at least 1) made the optimum up to
 *       5 times the scale on Flat-tree's all-to-all instances and the run needed that many times
 *       more phases (each phase costs at least one Dijkstra per group). If hop routing is
 *       infeasible (a demand cannot be routed) the result is λ = 0.
 *   <li>Restarts: the primal value also uses the flow of the phases since the last restart only
 *       (restarts after phase 1, 2, 4, 8, …), which drops the early phases routed along poor
 *       lengths; the result is the better of the whole run and the best finished epoch.
 * </ul>
 *
 * <p>Cost: O(ε⁻² log m) phases in the worst case, each O(G·(m + n) log n) for G groups plus the
 * steps in which a link saturates; memory 3·G·m doubles for the flow (none when built with
 * {@code keepFlow = false}: λ and the bound are the same, {@link ThroughputResult#flow()} is empty).
 *
 * <p>This class holds the phase loop and its Dijkstra; the hop-routing λ, the dual bound of a
 * length function, the scaled flow of the result and the fraction of the run reported to a
 * {@link Progress} after each phase (from the gap and D(l)) are {@code FleischerBounds}.
 */
public final class FleischerThroughputSolver implements ThroughputSolver {
  private final double epsilon;
  private final int maxPhases;
  private final boolean keepFlow;

  /**
   * @param epsilon accuracy, in (0, 1)
   * @throws InvalidParameterException for epsilon out of range
   */
  public FleischerThroughputSolver(double epsilon) {
    this(epsilon, 100_000);
  }

  public FleischerThroughputSolver(double epsilon, int maxPhases) {
    this(epsilon, maxPhases, true);
  }

  /**
   * @param keepFlow false: return λ and the bound only (an empty flow), without the 3·G·m doubles
   *     of flow the run otherwise keeps; λ and the bound are bit for bit the same
   */
  public FleischerThroughputSolver(double epsilon, int maxPhases, boolean keepFlow) {
    this.keepFlow = keepFlow;
    if (!(epsilon > 0 && epsilon < 1)) {
      throw new InvalidParameterException("epsilon", epsilon, "must be in (0, 1), e.g. 0.05");
    }
    this.epsilon = epsilon;
    this.maxPhases = Math.max(1, maxPhases);
  }

  @Override
  public String name() {
    return "approx";
  }

  @Override
  public ThroughputResult solve(ThroughputProblem p) {
    return solve(p, Progress.NONE);
  }

  /** As {@link #solve(ThroughputProblem)}, reporting the fraction estimated after every phase. */
  @Override
  public ThroughputResult solve(ThroughputProblem p, Progress progress) {
    return FractionProgress.run(progress, "throughput approx (progress estimated)", bar -> run(p, bar));
  }

  private ThroughputResult run(ThroughputProblem problem, FractionProgress bar) {
    long t0 = System.nanoTime();
    // run with the largest demand and capacity in [1, 2) (powers of two: exact), λ scaled back
    double capacityUnit = problem.capacityUnit();
    ThroughputProblem p = problem.scaled(1 / problem.demandUnit(), 1 / capacityUnit);
    double back = capacityUnit / problem.demandUnit();
    int groups = p.groupCount();
    int m = p.linkCount();
    int n = p.nodeCount();
    if (p.commodityCount() == 0) {
      return new ThroughputResult(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, "approx", 0, new double[0][]);
    }
    Work w = new Work(p);
    double lambda0 = FleischerBounds.hopRoutingLambda(w);
    if (lambda0 == 0) {
      return new ThroughputResult(0, 0, "approx", (System.nanoTime() - t0) / 1e9,
          keepFlow ? new double[groups][m] : new double[0][]);
    }
    double[] len = new double[m];
    for (int e = 0; e < m; e++) {
      len[e] = 1 / p.capacity(e);
    }
    double scale = FleischerBounds.dualBound(w, len, p, null);
    double[] dem = new double[p.commodityCount()];
    for (int i = 0; i < dem.length; i++) {
      dem[i] = p.demand(i) * scale;
    }
    double logDelta = Math.log1p(epsilon) - Math.log((1 + epsilon) * m) / epsilon;
    double logScale = logDelta; // actual length = exp(logScale) * len
    double logD0 = logDelta + Math.log(FleischerBounds.volume(len, p)); // log D(l) before phase 1
    double[][] flow = keepFlow ? new double[groups][m] : null;
    double[] load = new double[m];
    double[][] epochFlow = keepFlow ? new double[groups][m] : null;
    double[] epochLoad = new double[m];
    double[][] bestFlow = null;
    double bestEpoch = 0;
    int epochStart = 0;
    double[] rem = new double[dem.length];
    double bestBound = 1; // the scale is the dual bound of the initial lengths
    double primal = 0;
    int phases = 0;
    while (phases < maxPhases) {
      for (int g = 0; g < groups; g++) {
        int lo = p.groupStart(g);
        int hi = p.groupStart(g + 1);
        double total = 0;
        for (int i = lo; i < hi; i++) {
          rem[i] = dem[i];
          total += dem[i];
        }
        double left = total;
        while (left > 1e-12 * total) {
          w.dijkstra(p.root(g), len, lo, hi);
          double s = w.push(p, g, rem, lo, hi);
          left = w.apply(p, keepFlow ? flow[g] : null, load, keepFlow ? epochFlow[g] : null, epochLoad, len,
              epsilon, s, rem, lo, hi);
        }
      }
      phases++;
      double rho = 0;
      double rhoEpoch = 0;
      double d = 0;
      for (int e = 0; e < m; e++) {
        rho = Math.max(rho, load[e] / p.capacity(e));
        rhoEpoch = Math.max(rhoEpoch, epochLoad[e] / p.capacity(e));
        d += len[e] * p.capacity(e);
      }
      if (phases <= 10 || phases % 3 == 0) { // the dual bound costs one Dijkstra per group
        bestBound = Math.min(bestBound, FleischerBounds.dualBound(w, len, p, dem));
      }
      primal = phases / rho;
      double epochPrimal = (phases - epochStart) / rhoEpoch;
      if (epochPrimal > bestEpoch && epochPrimal > primal) {
        bestEpoch = epochPrimal;
        bestFlow = keepFlow ? FleischerBounds.copyScaled(epochFlow, 1 / rhoEpoch, bestFlow) : null;
      }
      if (Integer.bitCount(phases) == 1) { // restart the epoch after phase 1, 2, 4, 8, ...
        if (keepFlow) {
          for (double[] row : epochFlow) {
            Arrays.fill(row, 0);
          }
        }
        Arrays.fill(epochLoad, 0);
        epochStart = phases;
      }
      if (Math.max(primal, bestEpoch) * (1 + epsilon) >= bestBound || Math.log(d) + logScale >= 0) {
        break;
      }
      bar.reach(FleischerBounds.progress(epsilon, Math.max(primal, bestEpoch), bestBound,
          (Math.log(d) + logScale - logD0) / -logD0, phases, maxPhases));
      if (d > 1e100) {
        for (int e = 0; e < m; e++) {
          len[e] *= 1e-100;
        }
        logScale += 100 * Math.log(10);
      }
    }
    double[][] out;
    double best;
    if (bestEpoch > primal) {
      out = keepFlow ? bestFlow : new double[0][];
      best = bestEpoch;
    } else {
      out = keepFlow ? FleischerBounds.copyScaled(flow, primal / phases, flow) : new double[0][];
      best = primal;
    }
    for (double[] row : out) {
      for (int e = 0; e < row.length; e++) {
        row[e] *= capacityUnit;
      }
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    return new ThroughputResult(best * scale * back, bestBound * scale * back, "approx", seconds, out);
  }

  /** Scratch arrays of one run. */
  static final class Work {
    final double[] dist;
    final int[] parentLink;
    final int[] order;
    final double[] sub;
    final double[] heapKey;
    final int[] heapNode;
    final int[] tail;
    /** Nodes whose dist/parentLink the last Dijkstra set (reset by the next). */
    final int[] touched;
    final int[] sinkStamp;
    int touchedCount;
    int stamp;
    int reached;

    Work(ThroughputProblem p) {
      int n = p.nodeCount();
      int m = p.linkCount();
      dist = new double[n];
      parentLink = new int[n];
      order = new int[n];
      sub = new double[n];
      heapKey = new double[m + n + 1];
      heapNode = new int[m + n + 1];
      tail = new int[m];
      touched = new int[n];
      sinkStamp = new int[n];
      Arrays.fill(dist, Double.POSITIVE_INFINITY);
      Arrays.fill(parentLink, -1);
      for (int v = 0; v < n; v++) {
        for (int e = p.firstLink(v); e < p.firstLink(v + 1); e++) {
          tail[e] = v;
        }
      }
      this.p = p;
      this.off = p.offsets();
      this.head = p.heads();
    }

    final ThroughputProblem p;
    /** The problem's CSR arrays (read only). */
    final int[] off;
    final int[] head;

    /**
     * Dijkstra from {@code root} until every sink of commodities {@code lo..hi-1} is settled (the
     * whole reachable graph if one is unreachable); fills dist, parentLink and order (settle
     * order). Stopping there leaves the settle order, distances and tree of every settled node as
     * in a full run, so the routing and bounds built on them are the same; nodes settled after the
     * last sink would carry no demand. Only the nodes touched by the previous call are reset.
     */
    void dijkstra(int root, double[] len, int lo, int hi) {
      for (int x = 0; x < touchedCount; x++) {
        int v = touched[x];
        dist[v] = Double.POSITIVE_INFINITY;
        parentLink[v] = -1;
      }
      stamp++;
      int waiting = 0;
      for (int i = lo; i < hi; i++) {
        int s = p.sink(i);
        if (sinkStamp[s] != stamp) {
          sinkStamp[s] = stamp;
          waiting++;
        }
      }
      int size = 0;
      dist[root] = 0;
      touched[0] = root;
      touchedCount = 1;
      size = heapPush(size, 0, root);
      reached = 0;
      final int[] off = this.off;
      final int[] head = this.head;
      final double[] dist = this.dist;
      while (size > 0) {
        double k = heapKey[0];
        int v = heapNode[0];
        size = heapPop(size);
        if (k > dist[v]) {
          continue;
        }
        order[reached++] = v;
        if (sinkStamp[v] == stamp && --waiting == 0) {
          break;
        }
        for (int e = off[v], end = off[v + 1]; e < end; e++) {
          int h = head[e];
          double nd = k + len[e];
          if (nd < dist[h]) {
            if (dist[h] == Double.POSITIVE_INFINITY) {
              touched[touchedCount++] = h;
            }
            dist[h] = nd;
            parentLink[h] = e;
            size = heapPush(size, nd, h);
          }
        }
      }
    }

    /** Sums remaining demands up the tree; returns the step scale (<= 1). */
    double push(ThroughputProblem p, int g, double[] rem, int lo, int hi) {
      for (int x = 0; x < reached; x++) {
        sub[order[x]] = 0;
      }
      for (int i = lo; i < hi; i++) {
        sub[p.sink(i)] += rem[i];
      }
      double sigma = 0;
      for (int x = reached - 1; x > 0; x--) {
        int v = order[x];
        if (sub[v] > 0) {
          int e = parentLink[v];
          sub[tail[e]] += sub[v];
          sigma = Math.max(sigma, sub[v] / p.capacity(e));
        }
      }
      return sigma > 1 ? 1 / sigma : 1;
    }

    /** Routes the scaled step, updates lengths; returns the demand still remaining. */
    double apply(ThroughputProblem p, double[] flow, double[] load, double[] epochFlow, double[] epochLoad,
        double[] len, double eps, double s, double[] rem, int lo, int hi) {
      for (int x = reached - 1; x > 0; x--) {
        int v = order[x];
        if (sub[v] > 0) {
          int e = parentLink[v];
          double f = sub[v] * s;
          if (flow != null) {
            flow[e] += f;
            epochFlow[e] += f;
          }
          load[e] += f;
          epochLoad[e] += f;
          len[e] *= 1 + eps * f / p.capacity(e);
        }
      }
      double left = 0;
      for (int i = lo; i < hi; i++) {
        rem[i] = s >= 1 ? 0 : rem[i] * (1 - s);
        left += rem[i];
      }
      return left;
    }

    private int heapPush(int size, double key, int node) {
      int i = size++;
      while (i > 0) {
        int parent = (i - 1) >>> 1;
        if (heapKey[parent] <= key) {
          break;
        }
        heapKey[i] = heapKey[parent];
        heapNode[i] = heapNode[parent];
        i = parent;
      }
      heapKey[i] = key;
      heapNode[i] = node;
      return size;
    }

    /**
     * Removes the minimum. Bottom-up: the hole left at the root walks down the path of smaller
     * children (the right child only when strictly smaller) to a leaf, then the last entry moves up
     * that path past every key {@code >=} its own. The entry lands where the textbook sift-down
     * (stop at the first child {@code >=} the key) puts it, so the heap, and with it the pop order
     * of equal keys, is the same; it saves one comparison per level, since the last entry mostly
     * belongs near the bottom.
     */
    private int heapPop(int size) {
      size--;
      final double[] keys = heapKey;
      final int[] nodes = heapNode;
      double key = keys[size];
      int node = nodes[size];
      int i = 0;
      int c = 1;
      while (c < size) {
        if (c + 1 < size && keys[c + 1] < keys[c]) {
          c++;
        }
        keys[i] = keys[c];
        nodes[i] = nodes[c];
        i = c;
        c = 2 * i + 1;
      }
      while (i > 0) {
        int parent = (i - 1) >>> 1;
        if (keys[parent] < key) {
          break;
        }
        keys[i] = keys[parent];
        nodes[i] = nodes[parent];
        i = parent;
      }
      keys[i] = key;
      nodes[i] = node;
      return size;
    }
  }
}
