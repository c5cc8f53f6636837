package org.fabriclab.topology;

import java.util.function.LongFunction;
import org.fabriclab.error.InvalidParameterException;

/**
 * Size limits shared by the structured families: every topology keeps its node count and its
 * directed-link count at most {@link #MAX_NODES} and {@link #MAX_DIRECTED_LINKS} (2^30), so node
 * ids, link ids and the products generators compute stay comfortably inside {@code int}. Also
 * saturating arithmetic, so an estimate for absurd parameters is a huge number, never a negative
 * one. Stateless.
 */
public final class SizeLimits {
  /** Largest node count a structured family builds. */
  public static final long MAX_NODES = 1L << 30;

  /** Largest directed-link count a structured family builds. */
  public static final long MAX_DIRECTED_LINKS = 1L << 30;

  private SizeLimits() {}

  /** Whether {@code e} is within both limits. */
  public static boolean fits(SizeEstimate e) {
    return e.nodes() <= MAX_NODES && e.directedLinks() <= MAX_DIRECTED_LINKS;
  }

  /** {@code a * b}, or {@link Long#MAX_VALUE} on overflow (operands are non-negative). */
  public static long mul(long a, long b) {
    long hi = Math.multiplyHigh(a, b);
    long lo = a * b;
    return hi != 0 || lo < 0 ? Long.MAX_VALUE : lo;
  }

  /** {@code a + b}, or {@link Long#MAX_VALUE} on overflow (operands are non-negative). */
  public static long add(long a, long b) {
    long s = a + b;
    return s < 0 ? Long.MAX_VALUE : s;
  }

  /** {@code base^exp}, saturating at {@link Long#MAX_VALUE}; O(exp). */
  public static long pow(long base, int exp) {
    long r = 1;
    for (int i = 0; i < exp; i++) {
      r = mul(r, base);
    }
    return r;
  }

  /**
   * Largest {@code v} in {@code [min, max]} whose estimate fits, assuming size grows with
   * {@code v}; {@code min - 1} when none does. Binary search: O(log(max - min)) estimates.
   */
  public static long largestFitting(long min, long max, LongFunction<SizeEstimate> estimate) {
    if (!fits(estimate.apply(min))) {
      return min - 1;
    }
    long lo = min;
    long hi = max;
    while (lo < hi) {
      long mid = lo + (hi - lo + 1) / 2;
      if (fits(estimate.apply(mid))) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /**
   * Throws unless the topology with {@code parameter = value} fits, with a one-line message that
   * gives the valid range of {@code parameter} for the other parameters' values.
   *
   * @param family family name, e.g. {@code bcube}
   * @param parameter the parameter to blame, e.g. {@code k}
   * @param value its current value
   * @param min its smallest valid value
   * @param max its largest valid value on its own
   * @param others the other parameters as people read them, e.g. {@code "--n 64"}
   * @param estimate the size for a value of {@code parameter}, the others fixed
   */
  /**
   * Throws, blaming {@code parameter} (whose text value is {@code valueText}), when even the
   * smallest values of the other parameters ({@code smallest}) exceed the limits.
   */
  public static void requireFitsAlone(
      String family, String parameter, String valueText, SizeEstimate smallest) {
    if (!fits(smallest)) {
      String name = family + " --" + parameter;
      throw new InvalidParameterException(
          name,
          name + " = " + valueText + " is too large: even with the smallest other parameters it"
              + " exceeds 2^30 nodes or directed links (" + smallest.nodes() + " nodes, "
              + smallest.directedLinks() + " directed links)");
    }
  }

  public static void requireFits(
      String family,
      String parameter,
      long value,
      long min,
      long max,
      String others,
      LongFunction<SizeEstimate> estimate) {
    if (fits(estimate.apply(value))) {
      return;
    }
    long best = largestFitting(min, max, estimate);
    String name = family + " --" + parameter;
    if (best < min) {
      throw new InvalidParameterException(
          name,
          name + " = " + value + " is too large with " + others
              + ": even --" + parameter + " " + min
              + " exceeds 2^30 nodes or directed links; reduce the other parameters");
    }
    throw new InvalidParameterException(
        name,
        name + " must be at most " + best + " with " + others
            + " (at most 2^30 nodes and directed links), valid range " + min + ".." + best);
  }
}
