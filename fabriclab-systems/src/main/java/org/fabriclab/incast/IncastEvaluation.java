package org.fabriclab.incast;

import java.util.List;
import java.util.SplittableRandom;
import org.fabriclab.rng.RandomStreams;

/**
 * Averages of the metrics of §VI-A (traffic, active links, cache servers, receiver input) over
 * random incast transfers, per method — the unit of the Fig. 5–7 sweeps of seed 004. O(rounds ×
 * build cost).
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
    double[][] acc = new double[METHODS.size()][4];
    RandomStreams rs = new RandomStreams(seed);
    for (int round = 0; round < rounds; round++) {
      SplittableRandom rnd = rs.stream(stream, round);
      IncastTransfer t = IncastTransfer.random(L, m, rnd);
      add(acc, t, alpha, seed * 1_000_003L + round);
    }
    return means(acc, rounds);
  }

  /** Sums over the incasts of shuffles (one per round), averaged over rounds. */
  public Mean[] shuffles(List<ShuffleTransfer> shuffles, double alpha) {
    double[][] acc = new double[METHODS.size()][4];
    int round = 0;
    for (ShuffleTransfer s : shuffles) {
      for (IncastTransfer t : s.incasts()) {
        add(acc, t, alpha, seed * 1_000_003L + round++);
      }
    }
    return means(acc, shuffles.size());
  }

  private void add(double[][] acc, IncastTransfer t, double alpha, long pathSeed) {
    for (int i = 0; i < METHODS.size(); i++) {
      IncastTree tree = METHODS.get(i).builder(null, t.labels().dims(), pathSeed, alpha).build(t);
      IncastTree.TreeMetrics x = tree.metrics(alpha);
      acc[i][0] += x.cost();
      acc[i][1] += x.links();
      acc[i][2] += x.aggregating().length;
      acc[i][3] += x.receiverInput();
    }
  }

  private static Mean[] means(double[][] acc, int rounds) {
    Mean[] out = new Mean[METHODS.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = new Mean(METHODS.get(i), acc[i][0] / rounds, acc[i][1] / rounds, acc[i][2] / rounds,
          acc[i][3] / rounds);
    }
    return out;
  }
}
