package org.fabriclab.cli.report;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Tick locator and formatter for plot axes: a handful of ticks at multiples of 1, 2 or 5 × 10^e
 * on a linear axis (the step whose tick count is nearest {@link #TARGET}, more on ties), decades
 * on a logarithmic one (every second decade beyond {@link #MAX_DECADES}), labels in SI units
 * ({@link Quantity}): {@code 0, 2 ms, 4 ms} rather than {@code 0, 2E6, 4E6}. Pure functions; each
 * is O(number of ticks).
 */
public final class Ticks {
  /** Ticks wanted on an axis. */
  public static final int TARGET = 5;
  /** Decades labelled one by one on a log axis; beyond, every second one. */
  public static final int MAX_DECADES = 7;

  private static final double[] TIME = {1e-12, 1e-9, 1e-6, 1e-3, 1};
  private static final String[] TIME_PREFIX = {"p", "n", "µ", "m", ""};
  private static final double[] DECIMAL = {1, 1e3, 1e6, 1e9, 1e12, 1e15};
  private static final String[] BYTE_PREFIX = {"", "K", "M", "G", "T", "P"};
  private static final String[] RATE_PREFIX = {"", "k", "M", "G", "T", "P"};

  private Ticks() {}

  /** The step between ticks on a linear axis over [lo, hi] (lo < hi, finite). */
  public static double step(double lo, double hi) {
    double span = hi - lo;
    int e = (int) Math.floor(Math.log10(span / TARGET));
    double best = Double.NaN;
    int bestMiss = Integer.MAX_VALUE;
    for (int k = e - 1; k <= e + 1; k++) {
      for (double m : new double[] {1, 2, 5}) {
        double s = m * Math.pow(10, k);
        int miss = Math.abs(count(lo, hi, s) - TARGET);
        if (miss < bestMiss) { // steps tried smallest first: on a tie the first (more ticks) stays
          best = s;
          bestMiss = miss;
        }
      }
    }
    return best;
  }

  /** The tick values of a linear axis over [lo, hi]: every multiple of {@link #step} in it. */
  public static double[] linear(double lo, double hi) {
    double s = step(lo, hi);
    long first = (long) Math.ceil(lo / s - 1e-9);
    int n = count(lo, hi, s);
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      t[i] = clean((first + i) * s);
    }
    return t;
  }

  /**
   * The exponents of the decade ticks of a log axis over [lo, hi] (0 < lo < hi): from the decade
   * at or below lo to the one at or above hi, every second one when there are more than
   * {@link #MAX_DECADES}.
   */
  public static int[] decades(double lo, double hi) {
    int a = (int) Math.floor(Math.log10(lo) + 1e-9);
    int b = (int) Math.ceil(Math.log10(hi) - 1e-9);
    if (b == a) {
      b++;
    }
    int stride = b - a + 1 > MAX_DECADES ? 2 : 1;
    int n = (b - a) / stride + 1;
    int[] d = new int[n];
    for (int i = 0; i < n; i++) {
      d[i] = a + i * stride;
    }
    return d;
  }

  /** A tick label: {@code value} (in the data unit of {@code q}) in SI units, or "0". */
  public static String label(double value, Quantity q) {
    double v = value * q.toBase;
    if (v == 0 || !Double.isFinite(v)) {
      return v == 0 ? "0" : String.valueOf(v);
    }
    double a = Math.abs(v);
    return switch (q) {
      case NUMBER -> a < 1e4 ? plain(v) : prefixed(v, DECIMAL, RATE_PREFIX, "");
      case BYTES -> prefixed(v, DECIMAL, BYTE_PREFIX, " B");
      case BITS_PER_S, GBPS -> prefixed(v, DECIMAL, RATE_PREFIX, " b/s");
      default -> prefixed(v, TIME, TIME_PREFIX, " s");
    };
  }

  private static String prefixed(double v, double[] scale, String[] prefix, String unit) {
    double a = Math.abs(v) * (1 + 1e-12);
    int i = 0;
    while (i + 1 < scale.length && a >= scale[i + 1]) {
      i++;
    }
    String p = prefix[i];
    String u = unit.isEmpty() ? p : unit.charAt(0) + p + unit.substring(1);
    return plain(v / scale[i]) + u;
  }

  /** A number with at most six significant digits and no trailing zeros, never in E notation. */
  static String plain(double v) {
    return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
  }

  private static int count(double lo, double hi, double s) {
    long first = (long) Math.ceil(lo / s - 1e-9);
    long last = (long) Math.floor(hi / s + 1e-9);
    return (int) Math.max(0, last - first + 1);
  }

  private static double clean(double v) {
    return new BigDecimal(v).round(new MathContext(12)).doubleValue();
  }
}
