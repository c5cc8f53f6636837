package org.fabriclab.incast;

import java.util.List;
import java.util.SplittableRandom;
import org.fabriclab.rng.RandomStreams;

/**
 * Averages of the metrics of §VI-A (traffic, active links, cache servers, receiver input) over
 * random incast transfers, per method — the unit of the Fig. 5–8 sweeps of seed 004. Trees that do
 * not depend on α (existing, unicast-driven, ARS, and ARS with the intra-stage step) are built
 * once per transfer and evaluated at every α asked for; ARS+intra at α is the cheaper of the two
 * ARS trees at that α ({@link IntraStageOptimization}). O(rounds × build cost + rounds × |α| × N).
 */
public final class IncastEvaluation {
  /** Methods compared in the evaluation, in this order. */
  public static final List<IncastMethod> METHODS =
      List.of(IncastMethod.EXISTING, IncastMethod.UNICAST, IncastMethod.ARS, IncastMethod.ARS_INTRA);

  private final long seed;

  public IncastEvaluation(long seed) {
    this.seed = seed;
  }

  /** Mean metrics of one method. */
  public record Mean(IncastMethod method, double traffic, double links, double cacheServers, double receiverInput) {}

  /** Means over {@code rounds} random transfers of {@code m} senders, one per method of {@link #METHODS}. */
  public Mean[] random(BCubeLabels L, int m, int rounds, double alpha, String stream) {
    return random(L, m, rounds, alpha, stream, MemberPlacement.WHOLE);
  }

  /** As {@link #random(BCubeLabels, int, int, double, String)}, members placed by {@code placement}. */
  public Mean[] random(
      BCubeLabels L, int m, int rounds, double alpha, String stream, MemberPlacement placement) {
    return random(L, m, rounds, new double[] {alpha}, stream, placement)[0];
  }

  /**
   * Means per α ({@code [alpha index][method]}) over the same {@code rounds} random transfers: the
   * sender sets do not change with α.
   */
  public Mean[][] random(
      BCubeLabels L, int m, int rounds, double[] alphas, String stream, MemberPlacement placement) {
    double[][][] acc = new double[alphas.length][METHODS.size()][4];
    RandomStreams rs = new RandomStreams(seed);
    for (int round = 0; round < rounds; round++) {
      SplittableRandom rnd = rs.stream(stream, round);
      IncastTransfer t = placement.incast(L, m, rnd);
      add(acc, t, alphas, seed * 1_000_003L + round);
    }
    return means(acc, rounds);
  }

  /** Sums over the incasts of shuffles (one per round), averaged over rounds. */
  public Mean[] shuffles(List<ShuffleTransfer> shuffles, double alpha) {
    return shuffles(shuffles, new double[] {alpha})[0];
  }

  /** As {@link #shuffles(List, double)} for several α at once ({@code [alpha index][method]}). */
  public Mean[][] shuffles(List<ShuffleTransfer> shuffles, double[] alphas) {
    double[][][] acc = new double[alphas.length][METHODS.size()][4];
    int round = 0;
    for (ShuffleTransfer s : shuffles) {
      for (IncastTransfer t : s.incasts()) {
        add(acc, t, alphas, seed * 1_000_003L + round++);
      }
    }
    return means(acc, shuffles.size());
  }

  private static void add(double[][][] acc, IncastTransfer t, double[] alphas, long pathSeed) {
    int dims = t.labels().dims();
    IncastTree existing = IncastMethod.EXISTING.builder(null, dims, pathSeed, 0).build(t);
    IncastTree unicast = IncastMethod.UNICAST.builder(null, dims, pathSeed, 0).build(t);
    IncastTree ars = new ArsTreeBuilder().build(t);
    IncastTree withStep = IntraStageOptimization.withStep(t);
    for (int a = 0; a < alphas.length; a++) {
      IncastTree.TreeMetrics arsM = ars.metrics(alphas[a]);
      IncastTree.TreeMetrics stepM = withStep.metrics(alphas[a]);
      IncastTree.TreeMetrics[] ms = {existing.metrics(alphas[a]), unicast.metrics(alphas[a]), arsM,
          stepM.cost() < arsM.cost() ? stepM : arsM};
      for (int i = 0; i < ms.length; i++) {
        acc[a][i][0] += ms[i].cost();
        acc[a][i][1] += ms[i].links();
        acc[a][i][2] += ms[i].aggregating().length;
        acc[a][i][3] += ms[i].receiverInput();
      }
    }
  }

  private static Mean[][] means(double[][][] acc, int rounds) {
    Mean[][] out = new Mean[acc.length][METHODS.size()];
    for (int a = 0; a < acc.length; a++) {
      for (int i = 0; i < METHODS.size(); i++) {
        double[] x = acc[a][i];
        out[a][i] = new Mean(METHODS.get(i), x[0] / rounds, x[1] / rounds, x[2] / rounds, x[3] / rounds);
      }
    }
    return out;
  }
}
