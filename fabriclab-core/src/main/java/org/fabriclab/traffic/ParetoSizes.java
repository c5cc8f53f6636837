package org.fabriclab.traffic;

import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.units.Limits;

/**
 * Pareto sizes with shape α &gt; 1 and a given mean: scale x_m = mean·(α−1)/α, sample
 * x_m / U^(1/α) for U uniform in (0, 1], rounded up to a whole byte and truncated at {@link
 * Limits#MAX_FLOW_BYTES} (the largest flow the engines represent; with α &gt; 1 and a mean of at
 * most 10^12 bytes, a sample that large has probability below (mean/10^12)^α). O(1) per sample.
 */
public final class ParetoSizes implements SizeDistribution {
  private final double shape;
  private final double scale;
  private final double mean;

  public ParetoSizes(double shape, double meanBytes) {
    if (!(shape > 1 && shape < 1e6)) {
      throw new InvalidParameterException("pareto shape", shape, "valid range (1, 1e6)");
    }
    if (!(meanBytes >= 1 && meanBytes <= Limits.MAX_FLOW_BYTES)) {
      throw new InvalidParameterException("pareto mean", meanBytes,
          "valid range [1, " + Limits.MAX_FLOW_BYTES + "] bytes");
    }
    this.shape = shape;
    this.mean = meanBytes;
    scale = meanBytes * (shape - 1) / shape;
  }

  @Override
  public long sample(SplittableRandom rnd) {
    double u = 1.0 - rnd.nextDouble();
    double x = Math.ceil(scale / Math.pow(u, 1 / shape));
    return x >= Limits.MAX_FLOW_BYTES ? Limits.MAX_FLOW_BYTES : Math.max(1, (long) x);
  }

  @Override
  public double meanBytes() {
    return mean;
  }
}
