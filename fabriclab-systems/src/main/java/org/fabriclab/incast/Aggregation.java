package org.fabriclab.incast;

/**
 * The aggregated size of §VI-D of seed 004: {@code β} flows of sizes {@code c_i} merge into one of
 * size {@code max c_i + α·(Σ c_i − max c_i)}; α = 0 (the paper's main assumption, §III-B) keeps
 * the largest, α = 1 gives no gain. O(1).
 */
public final class Aggregation {
  private Aggregation() {}

  /** Size of the merged flow from the inputs' maximum and sum. */
  public static double size(double max, double sum, double alpha) {
    return max + alpha * (sum - max);
  }

  /** Checks α ∈ [0,1]. */
  public static double requireAlpha(double alpha) {
    if (!(alpha >= 0 && alpha <= 1)) {
      throw new org.fabriclab.error.InvalidParameterException("--alpha", alpha, "0..1");
    }
    return alpha;
  }
}
