package org.fabriclab.units;

/**
 * Simulated time is a {@code long} count of picoseconds (about 106 days fit in a long). These
 * helpers convert from human units; they never allocate.
 */
public final class Time {
  public static final long PS_PER_NS = 1_000L;
  public static final long PS_PER_US = 1_000_000L;
  public static final long PS_PER_MS = 1_000_000_000L;
  public static final long PS_PER_S = 1_000_000_000_000L;

  private Time() {}

  public static long ps(long v) {
    return v;
  }

  public static long ns(long v) {
    return v * PS_PER_NS;
  }

  public static long us(long v) {
    return v * PS_PER_US;
  }

  public static long ms(long v) {
    return v * PS_PER_MS;
  }

  public static long seconds(double v) {
    return Math.round(v * PS_PER_S);
  }

  public static double toSeconds(long ps) {
    return ps / (double) PS_PER_S;
  }

  public static double toMicros(long ps) {
    return ps / (double) PS_PER_US;
  }

  /** Serialization time of {@code bytes} at {@code bitsPerSecond}, rounded up to a picosecond. */
  public static long serialization(long bytes, long bitsPerSecond) {
    // bytes * 8 * 1e12 / rate, computed without overflow for realistic sizes
    double ps = bytes * 8.0 * PS_PER_S / bitsPerSecond;
    return (long) Math.ceil(ps);
  }
}
