package org.fabriclab.analysis;

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
}
