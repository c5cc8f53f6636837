package org.fabriclab.cli.report;

import java.util.Arrays;

/**
 * The points of an empirical CDF drawn as a step function: for sorted distinct values
 * x1 < x2 < ... with cumulative fractions F1 < F2 < ... the polyline
 * (x1, 0) (x1, F1) (x2, F1) (x2, F2) ... (xk, 1): a vertical riser at every value, flat in
 * between, so whole hop counts never appear joined by slopes. Ties collapse into one riser.
 * O(n log n) for n values.
 */
public final class StepCdf {
  /** The polyline: x and y of each corner, in drawing order. */
  public record Points(double[] x, double[] y) {}

  private StepCdf() {}

  /** The step CDF of a sample (NaN ignored; every value weighs the same). */
  public static Points of(double[] sample) {
    double[] v = Arrays.stream(sample).filter(d -> !Double.isNaN(d)).sorted().toArray();
    double[] w = new double[v.length];
    Arrays.fill(w, 1);
    return build(v, w);
  }

  /**
   * The step CDF of values with weights (a histogram: hop count and number of pairs), values in
   * any order; zero weights are skipped.
   */
  public static Points weighted(double[] values, double[] weights) {
    Integer[] order = new Integer[values.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Double.compare(values[a], values[b]));
    double[] v = new double[values.length];
    double[] w = new double[values.length];
    for (int i = 0; i < order.length; i++) {
      v[i] = values[order[i]];
      w[i] = weights[order[i]];
    }
    return build(v, w);
  }

  private static Points build(double[] v, double[] w) {
    double total = 0;
    for (double x : w) {
      total += x;
    }
    double[] xs = new double[2 * v.length];
    double[] ys = new double[2 * v.length];
    int n = 0;
    double cum = 0;
    for (int i = 0; i < v.length; i++) {
      if (w[i] <= 0) {
        continue;
      }
      cum += w[i];
      boolean tie = n > 0 && xs[n - 1] == v[i];
      if (tie) {
        ys[n - 1] = cum / total; // the same riser, taller
        continue;
      }
      xs[n] = v[i];
      ys[n] = n == 0 ? 0 : ys[n - 1];
      n++;
      xs[n] = v[i];
      ys[n] = cum / total;
      n++;
    }
    if (n > 0) {
      ys[n - 1] = 1; // the last riser reaches 1 exactly, whatever the rounding of the sum
    }
    return new Points(Arrays.copyOf(xs, n), Arrays.copyOf(ys, n));
  }
}
