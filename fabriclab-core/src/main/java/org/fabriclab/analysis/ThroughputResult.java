package org.fabriclab.analysis;

/**
 * A throughput solution.
 *
 * @param lambda the concurrent-flow value achieved by {@link #flow} (feasible: a lower bound on the
 *     optimum; equal to it up to solver tolerance for the LP)
 * @param upperBound a proven upper bound on the optimum ({@code lambda} for the exact LP (GLOP); a
 *     weak-duality bound from the duals for PDLP, or NaN when none is available; the best dual
 *     bound for the approximation)
 * @param solver solver name, e.g. {@code lp/glop}, {@code approx}
 * @param seconds wall-clock solve time
 * @param flow per group (of {@link ThroughputProblem}) and per problem link, the flow carrying
 *     {@code lambda} times the group's demands
 */
public record ThroughputResult(
    double lambda, double upperBound, String solver, double seconds, double[][] flow) {}
