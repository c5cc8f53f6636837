package org.fabriclab.cli.report;

/**
 * Mean and 95% confidence half-width of a small sample: Student's t with n−1 degrees of freedom
 * (two-sided 0.975 quantiles tabulated for 1..30, 1.96 beyond). Half-width is NaN for n &lt; 2.
 */
public final class Confidence {
  private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262,
    2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069,
    2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

  /** n, mean, sample standard deviation and 95% half-width. */
  public record Interval(int n, double mean, double sd, double halfWidth95) {}

  private Confidence() {}

  /** The interval of the finite values of {@code x} (NaN values are skipped). */
  public static Interval of(double[] x) {
    int n = 0;
    double sum = 0;
    for (double v : x) {
      if (!Double.isNaN(v)) {
        n++;
        sum += v;
      }
    }
    if (n == 0) {
      return new Interval(0, Double.NaN, Double.NaN, Double.NaN);
    }
    double mean = sum / n;
    double ss = 0;
    for (double v : x) {
      if (!Double.isNaN(v)) {
        ss += (v - mean) * (v - mean);
      }
    }
    if (n < 2) {
      return new Interval(n, mean, Double.NaN, Double.NaN);
    }
    double sd = Math.sqrt(ss / (n - 1));
    double t = n - 1 <= T975.length ? T975[n - 2] : 1.96;
    return new Interval(n, mean, sd, t * sd / Math.sqrt(n));
  }
}
