package org.fabriclab.units;

/** Link rates are {@code long} bits per second. */
public final class Rates {
  private Rates() {}

  public static long gbps(double v) {
    return Math.round(v * 1e9);
  }

  public static long mbps(double v) {
    return Math.round(v * 1e6);
  }

  public static double toGbps(long bitsPerSecond) {
    return bitsPerSecond / 1e9;
  }
}
