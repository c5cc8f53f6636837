package org.fabriclab.units;

import org.fabriclab.error.InvalidParameterException;

/**
 * Simulated time is a {@code long} count of picoseconds (about 106 days fit in a long). These
 * helpers convert from human units without allocating; every conversion is overflow-checked and
 * throws a one-line {@link InvalidParameterException} (never wraps) when the result does not fit.
 */
public final class Time {
  public static final long PS_PER_NS = 1_000L;
  public static final long PS_PER_US = 1_000_000L;
  public static final long PS_PER_MS = 1_000_000_000L;
  public static final long PS_PER_S = 1_000_000_000_000L;

  /** The latest representable time, {@link Long#MAX_VALUE} ps ≈ 9.22e6 s. */
  public static final long MAX_PS = Long.MAX_VALUE;

  private Time() {}

  public static long ps(long v) {
    return v;
  }

  public static long ns(long v) {
    return scale(v, PS_PER_NS, "ns");
  }

  public static long us(long v) {
    return scale(v, PS_PER_US, "us");
  }

  public static long ms(long v) {
    return scale(v, PS_PER_MS, "ms");
  }

  /** {@code v} seconds rounded to a picosecond; refused when not finite or beyond ±9.22e6 s. */
  public static long seconds(double v) {
    double ps = v * PS_PER_S;
    if (!(Math.abs(ps) < 0x1p63)) {
      throw new InvalidParameterException("time", v + " s",
          "valid range about ±9.2e6 s (picoseconds in a 64-bit integer)");
    }
    return Math.round(ps);
  }

  public static double toSeconds(long ps) {
    return ps / (double) PS_PER_S;
  }

  public static double toMicros(long ps) {
    return ps / (double) PS_PER_US;
  }

  /**
   * Serialization time of {@code bytes} at {@code bitsPerSecond}, rounded up to a picosecond;
   * refused (not wrapped) when it exceeds {@link #MAX_PS}.
   */
  public static long serialization(long bytes, long bitsPerSecond) {
    if (bytes < 0 || bitsPerSecond <= 0) {
      throw new InvalidParameterException("serialization", bytes + " bytes at " + bitsPerSecond
          + " bit/s", "bytes must be >= 0 and the rate > 0");
    }
    double ps = Math.ceil(bytes * 8.0 * PS_PER_S / bitsPerSecond);
    if (!(ps < 0x1p63)) {
      throw new InvalidParameterException("serialization", bytes + " bytes at " + bitsPerSecond
          + " bit/s", "takes longer than the 9.2e6 s a 64-bit picosecond clock holds");
    }
    return (long) ps;
  }

  /** {@code a + b} for times; refused on overflow. */
  public static long add(long a, long b) {
    try {
      return Math.addExact(a, b);
    } catch (ArithmeticException e) {
      throw new InvalidParameterException("time", a + " ps + " + b + " ps",
          "beyond the 9.22e6 s a 64-bit picosecond clock holds");
    }
  }

  private static long scale(long v, long factor, String unit) {
    try {
      return Math.multiplyExact(v, factor);
    } catch (ArithmeticException e) {
      throw new InvalidParameterException("time", v + " " + unit,
          "valid range ±" + Long.MAX_VALUE / factor + " " + unit
              + " (picoseconds in a 64-bit integer)");
    }
  }
}
