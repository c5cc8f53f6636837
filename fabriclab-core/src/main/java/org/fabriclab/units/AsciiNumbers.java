package org.fabriclab.units;

import java.util.regex.Pattern;

/**
 * Strict number parsing for every number fabriclab reads from a command line or a file:
 * ASCII digits only ({@link Long#parseLong} also accepts {@code ١٠} and other Unicode
 * digits), an optional sign, no spaces, no {@code 0x}, no Java suffixes such as {@code 1.5d}, no
 * {@code NaN} or {@code Infinity}. Throws {@link NumberFormatException} with a short message
 * (callers add the parameter and its range). Stateless.
 */
public final class AsciiNumbers {
  private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]{1,19}");
  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]{1,4})?");

  private AsciiNumbers() {}

  /** Whether {@code s} is an integer in ASCII digits (possibly out of the long range). */
  public static boolean isInteger(String s) {
    return s != null && INTEGER.matcher(s).matches();
  }

  /** A decimal integer in ASCII digits that fits in a {@code long}. */
  public static long parseLong(String s) {
    if (s == null || !INTEGER.matcher(s).matches()) {
      throw new NumberFormatException("not an integer");
    }
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new NumberFormatException("outside the 64-bit integer range");
    }
  }

  /**
   * An integer written as an integer or in decimal or exponent form whose value is a whole number
   * ({@code 42}, {@code 8.0}, {@code 10e9}, {@code 1.5e3}), exactly (no rounding through a
   * {@code double}): {@code 1.5} and {@code 1e-3} are refused, as is a value outside the long range.
   */
  public static long parseIntegral(String s) {
    if (s != null && INTEGER.matcher(s).matches()) {
      return parseLong(s);
    }
    return integralValue(exact(s), s);
  }

  /** The exact value of a decimal number in ASCII ({@link #parseDouble}'s forms), without rounding. */
  static java.math.BigDecimal exact(String s) {
    if (s == null || !DECIMAL.matcher(s).matches()) {
      throw new NumberFormatException("not a number");
    }
    return new java.math.BigDecimal(s.startsWith("+") ? s.substring(1) : s);
  }

  /** {@code v} as a long, or a NumberFormatException saying why not. */
  static long integralValue(java.math.BigDecimal v, String text) {
    if (v.signum() != 0 && v.stripTrailingZeros().scale() > 0) {
      throw new NumberFormatException("not a whole number");
    }
    if (v.compareTo(java.math.BigDecimal.valueOf(Long.MAX_VALUE)) > 0
        || v.compareTo(java.math.BigDecimal.valueOf(Long.MIN_VALUE)) < 0) {
      throw new NumberFormatException("outside the 64-bit integer range");
    }
    return v.longValueExact();
  }

  /** A decimal integer in ASCII digits that fits in an {@code int}. */
  public static int parseInt(String s) {
    long v = parseLong(s);
    if (v != (int) v) {
      throw new NumberFormatException("outside the 32-bit integer range");
    }
    return (int) v;
  }

  /** A finite decimal number in ASCII ({@code 1}, {@code -2.5}, {@code .5}, {@code 1e-3}). */
  public static double parseDouble(String s) {
    if (s == null || !DECIMAL.matcher(s).matches()) {
      throw new NumberFormatException("not a number");
    }
    double v = Double.parseDouble(s);
    if (!Double.isFinite(v)) {
      throw new NumberFormatException("outside the finite number range");
    }
    return v;
  }
}
