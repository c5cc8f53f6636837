package org.fabriclab.analysis;

import com.google.ortools.Loader;
import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPObjective;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.progress.Progress;

/**
 * Exact maximum concurrent flow by linear programming through OR-Tools: maximise λ subject to,
 * for every group g of {@link ThroughputProblem} and every node v other than its root,
 * {@code in_g(v) − out_g(v) = λ·d_g(v)}, and for every link {@code Σ_g f_g(e) <= c(e)}.
 * Variables: groups × links + 1; constraints: groups × nodes + links.
 *
 * <p>Backends: GLOP (simplex, exact to 1e-9) up to {@code glopLimit} variables, PDLP (first-order,
 * relative tolerance about 1e-6) above. PDLP's flow may violate constraints slightly; the reported
 * λ is then scaled down by the worst capacity excess so that the flow it reports is feasible up to
 * conservation residuals (see {@link ThroughputProblem#violation}).
 *
 * <p>Upper bound: GLOP's optimum is exact, so {@code upperBound = λ}. PDLP's primal value is not a
 * bound; instead its capacity duals are used as link lengths {@code l(e) >= 0} (absolute values)
 * and weak LP duality gives the proven bound {@code λ* <= Σ c(e)·l(e) / Σ_i d_i·dist_l(root_i,
 * sink_i)} (one Dijkstra per group, O(groups·m log n)); NaN when that ratio is not finite.
 */
public final class LpThroughputSolver implements ThroughputSolver {
  /** Default largest variable count given to GLOP. */
  public static final long DEFAULT_GLOP_LIMIT = 400_000;

  private final long glopLimit;

  public LpThroughputSolver() {
    this(DEFAULT_GLOP_LIMIT);
  }

  /** @param glopLimit problems with more variables go to PDLP */
  public LpThroughputSolver(long glopLimit) {
    this.glopLimit = glopLimit;
  }

  @Override
  public String name() {
    return "lp";
  }

  @Override
  public ThroughputResult solve(ThroughputProblem p) {
    return solve(p, Progress.NONE);
  }

  /**
   * As {@link #solve(ThroughputProblem)}, reporting its steps to {@code progress} as tasks one
   * after the other: building the LP (one unit per group), the LP solve itself (one unit, done
   * when OR-Tools returns: GLOP and PDLP report nothing while they run, and the task's label says
   * so) and, for PDLP, the dual bound (one unit per group).
   */
  @Override
  public ThroughputResult solve(ThroughputProblem problem, Progress progress) {
    long t0 = System.nanoTime();
    // solved with the largest demand and capacity in [1, 2): GLOP's tolerances are absolute, so a
    // λ of 1e-10 (a demand of 1e10 on unit links) read as 0 and a demand of 1e308 as ABNORMAL
    double demandUnit = problem.demandUnit();
    double capacityUnit = problem.capacityUnit();
    ThroughputProblem p = problem.scaled(1 / demandUnit, 1 / capacityUnit);
    double back = capacityUnit / demandUnit; // λ of the problem = back × λ of p
    int groups = p.groupCount();
    int m = p.linkCount();
    int n = p.nodeCount();
    if (p.commodityCount() == 0) {
      return new ThroughputResult(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, "lp", 0, new double[0][]);
    }
    Loader.loadNativeLibraries();
    long vars = (long) groups * m + 1;
    String backend = vars <= glopLimit ? "GLOP" : "PDLP";
    MPSolver solver = MPSolver.createSolver(backend);
    if (solver == null) {
      throw new FabriclabException("OR-Tools backend " + backend + " is not available");
    }
    String label = "throughput lp/" + backend.toLowerCase(java.util.Locale.ROOT);
    progress.begin(label + ": building the LP", groups);
    try {
      MPVariable lambda = solver.makeNumVar(0, MPSolver.infinity(), "lambda");
      MPVariable[][] f = new MPVariable[groups][m];
      MPConstraint[] capc = new MPConstraint[m];
      for (int e = 0; e < m; e++) {
        capc[e] = solver.makeConstraint(-MPSolver.infinity(), p.capacity(e));
      }
      double[] dem = new double[n];
      MPConstraint[] cons = new MPConstraint[n];
      for (int g = 0; g < groups; g++) {
        java.util.Arrays.fill(dem, 0);
        for (int i = p.groupStart(g); i < p.groupStart(g + 1); i++) {
          dem[p.sink(i)] += p.demand(i);
        }
        for (int v = 0; v < n; v++) {
          cons[v] = null;
          if (v != p.root(g)) {
            cons[v] = solver.makeConstraint(0, 0);
            if (dem[v] != 0) {
              cons[v].setCoefficient(lambda, -dem[v]);
            }
          }
        }
        for (int v = 0; v < n; v++) {
          for (int e = p.firstLink(v); e < p.firstLink(v + 1); e++) {
            MPVariable x = solver.makeNumVar(0, MPSolver.infinity(), "");
            f[g][e] = x;
            capc[e].setCoefficient(x, 1);
            if (cons[v] != null) {
              cons[v].setCoefficient(x, -1);
            }
            int h = p.head(e);
            if (cons[h] != null) {
              cons[h].setCoefficient(x, 1);
            }
          }
        }
        progress.advance(1);
      }
      MPObjective obj = solver.objective();
      obj.setCoefficient(lambda, 1);
      obj.setMaximization();
      progress.end();
      progress.begin(label + ": solving (no progress until it ends)", 1);
      MPSolver.ResultStatus status = solver.solve();
      if (status != MPSolver.ResultStatus.OPTIMAL && status != MPSolver.ResultStatus.FEASIBLE) {
        throw new FabriclabException("LP solver " + backend + " ended with status " + status + " on "
            + ThroughputScale.describe(problem) + "; " + ThroughputScale.RANGE);
      }
      double[][] flow = new double[groups][m];
      double worst = 1;
      double[] load = new double[m];
      for (int g = 0; g < groups; g++) {
        for (int e = 0; e < m; e++) {
          flow[g][e] = Math.max(0, f[g][e].solutionValue());
          load[e] += flow[g][e];
        }
      }
      for (int e = 0; e < m; e++) {
        worst = Math.max(worst, load[e] / p.capacity(e));
      }
      double lam = lambda.solutionValue();
      for (double[] row : flow) {
        for (int e = 0; e < m; e++) {
          row[e] = row[e] / worst * capacityUnit;
        }
      }
      double bound = lam;
      double[] len = null;
      if (backend.equals("PDLP")) {
        len = new double[m];
        for (int e = 0; e < m; e++) {
          len[e] = Math.abs(capc[e].dualValue());
        }
      }
      progress.advance(1);
      if (len != null) {
        progress.end();
        progress.begin(label + ": dual bound", groups);
        bound = dualBound(p, len, progress);
      }
      double seconds = (System.nanoTime() - t0) / 1e9;
      return new ThroughputResult(lam / worst * back, bound * back, "lp/" + backend.toLowerCase(java.util.Locale.ROOT),
          seconds, flow);
    } finally {
      progress.end();
      solver.delete();
    }
  }

  /**
   * Weak-duality bound on λ* for nonnegative link lengths: {@code Σ c·l / Σ d·dist_l}; NaN when
   * not finite (e.g. all lengths 0). O(groups · m log n).
   */
  static double dualBound(ThroughputProblem p, double[] len) {
    return dualBound(p, len, Progress.NONE);
  }

  /** {@link #dualBound(ThroughputProblem, double[])}, advancing {@code progress} by one per group. */
  static double dualBound(ThroughputProblem p, double[] len, Progress progress) {
    int n = p.nodeCount();
    double volume = 0;
    for (int e = 0; e < len.length; e++) {
      volume += p.capacity(e) * len[e];
    }
    double alpha = 0;
    double[] dist = new double[n];
    for (int g = 0; g < p.groupCount(); g++) {
      java.util.Arrays.fill(dist, Double.POSITIVE_INFINITY);
      dist[p.root(g)] = 0;
      java.util.PriorityQueue<double[]> q =
          new java.util.PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
      q.add(new double[] {0, p.root(g)});
      while (!q.isEmpty()) {
        double[] top = q.poll();
        int v = (int) top[1];
        if (top[0] > dist[v]) {
          continue;
        }
        for (int e = p.firstLink(v); e < p.firstLink(v + 1); e++) {
          double nd = top[0] + len[e];
          if (nd < dist[p.head(e)]) {
            dist[p.head(e)] = nd;
            q.add(new double[] {nd, p.head(e)});
          }
        }
      }
      for (int i = p.groupStart(g); i < p.groupStart(g + 1); i++) {
        alpha += p.demand(i) * dist[p.sink(i)];
      }
      progress.advance(1);
    }
    double b = volume / alpha;
    return Double.isFinite(b) ? b : Double.NaN;
  }
}
