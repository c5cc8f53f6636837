package org.fabriclab.analysis;

import java.util.Arrays;

/**
 * The bounds on λ of {@link FleischerThroughputSolver} and the feasible flow behind its primal
 * value: the λ of hop-shortest-path routing (the feasibility check before a run), the
 * weak-duality bound of a length function (Garg and Könemann, FOCS 1998, §2: every length function
 * bounds the optimum from above), and a flow scaled by the inverse of its worst congestion. Each
 * bound runs the solver's own Dijkstra on its scratch arrays ({@code Work}); the method and the use
 * of the bounds are described in {@link FleischerThroughputSolver}.
 */
final class FleischerBounds {
  private FleischerBounds() {}

  /** λ of routing every demand on one hop-shortest path (BFS tree per group); 0 if unreachable. */
  static double hopRoutingLambda(FleischerThroughputSolver.Work w) {
    ThroughputProblem p = w.p;
    double[] unit = new double[p.linkCount()];
    Arrays.fill(unit, 1);
    double[] load = new double[p.linkCount()];
    for (int g = 0; g < p.groupCount(); g++) {
      w.dijkstra(p.root(g), unit, p.groupStart(g), p.groupStart(g + 1));
      Arrays.fill(w.sub, 0);
      for (int i = p.groupStart(g); i < p.groupStart(g + 1); i++) {
        if (w.dist[p.sink(i)] == Double.POSITIVE_INFINITY) {
          return 0;
        }
        w.sub[p.sink(i)] += p.demand(i);
      }
      for (int x = w.reached - 1; x > 0; x--) {
        int v = w.order[x];
        int e = w.parentLink[v];
        load[e] += w.sub[v];
        w.sub[w.tail[e]] += w.sub[v];
      }
    }
    double rho = 0;
    for (int e = 0; e < load.length; e++) {
      rho = Math.max(rho, load[e] / p.capacity(e));
    }
    return 1 / rho;
  }

  /**
   * Weak-duality bound {@code Σ l(e)c(e) / Σ_j d_j·dist_l(j)} for lengths {@code len}, with the
   * demands {@code dem} (the problem's own when null); one Dijkstra per group.
   */
  static double dualBound(
      FleischerThroughputSolver.Work w, double[] len, ThroughputProblem p, double[] dem) {
    double volume = volume(len, p);
    double alpha = 0;
    for (int g = 0; g < p.groupCount(); g++) {
      w.dijkstra(p.root(g), len, p.groupStart(g), p.groupStart(g + 1));
      for (int i = p.groupStart(g); i < p.groupStart(g + 1); i++) {
        alpha += (dem == null ? p.demand(i) : dem[i]) * w.dist[p.sink(i)];
      }
    }
    return volume / alpha;
  }

  /** {@code Σ l(e)c(e)}, the dual objective D(l) of lengths {@code len}. */
  static double volume(double[] len, ThroughputProblem p) {
    double volume = 0;
    for (int e = 0; e < len.length; e++) {
      volume += len[e] * p.capacity(e);
    }
    return volume;
  }

  /**
   * How far a run is after a phase, in [0, 1]: the largest of three fractions, each of which
   * reaches 1 when one of the run's stopping rules holds (the run stops at the first).
   *
   * <ul>
   *   <li>The certified gap, {@code log(1+ε) / log(bound/primal)}: 1 when {@code primal·(1+ε) >=
   *       bound}, the rule that stops runs in practice. If the gap closes as 1/phases it grows in
   *       proportion to the phases done (measured: docs/benchmarks-flattree.md).
   *   <li>Garg–Könemann's {@code D(l) >= 1}: {@code dualFraction = log(D/D0) / log(1/D0)} with D0
   *       = D before phase 1 (δ·m); log D grows by about ε/λ* per phase, so this one is linear in
   *       the phases, but it reaches 1 only in the worst case (thousands of phases at ε = 0.05).
   *   <li>The phase limit: {@code phases / maxPhases}.
   * </ul>
   *
   * O(1): computed once per phase from values the phase already has.
   */
  static double progress(double epsilon, double primal, double bound, double dualFraction,
      int phases, int maxPhases) {
    double gap = Math.log(bound / primal);
    double gapFraction = gap > 0 ? Math.log1p(epsilon) / gap : 0; // NaN or infinite gap: 0
    double f = Math.max(dualFraction, (double) phases / maxPhases);
    return gapFraction > f ? gapFraction : f;
  }

  /** {@code factor × src} into {@code into} (allocated when null). */
  static double[][] copyScaled(double[][] src, double factor, double[][] into) {
    double[][] out = into == null ? new double[src.length][] : into;
    for (int g = 0; g < src.length; g++) {
      if (out[g] == null) {
        out[g] = new double[src[g].length];
      }
      for (int e = 0; e < src[g].length; e++) {
        out[g][e] = src[g][e] * factor;
      }
    }
    return out;
  }
}
