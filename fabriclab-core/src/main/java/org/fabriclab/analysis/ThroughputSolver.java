package org.fabriclab.analysis;

import org.fabriclab.progress.Progress;

/**
 * Maximum concurrent multi-commodity flow: the largest λ such that λ times every demand can be
 * routed at once within link capacities (Leighton and Rao; the throughput metric of Flat-tree, seed
 * 001_5e703544cea19579.txt §3.1, and of Jellyfish). Implementations: {@link LpThroughputSolver}
 * (exact LP, OR-Tools) and {@link FleischerThroughputSolver} ((1+ε)-approximation).
 */
public interface ThroughputSolver {
  /** Short name ({@code lp}, {@code approx}). */
  String name();

  /** Solves the prepared problem. */
  ThroughputResult solve(ThroughputProblem problem);

  /**
   * Solves the prepared problem while reporting how far the solve is to {@code progress}, which
   * sees its own tasks begun and ended here. λ, the bound and the flow are those of
   * {@link #solve(ThroughputProblem)}, bit for bit: progress is only read off the computation.
   * This default, for a solver that tells nothing while it runs, is one task of one unit, done
   * when the solve ends, whose label says so.
   */
  default ThroughputResult solve(ThroughputProblem problem, Progress progress) {
    progress.begin("throughput " + name() + " (no progress until it ends)", 1);
    try {
      ThroughputResult r = solve(problem);
      progress.advance(1);
      return r;
    } finally {
      progress.end();
    }
  }
}
