package org.fabriclab.units;

import org.fabriclab.error.InvalidParameterException;

/**
 * Link rates are {@code long} bits per second. Conversions refuse (never wrap) a value that is
 * not finite, not positive or beyond the long range.
 */
public final class Rates {
  private Rates() {}

  public static long gbps(double v) {
    return checked(v * 1e9, v, "Gbit/s");
  }

  public static long mbps(double v) {
    return checked(v * 1e6, v, "Mbit/s");
  }

  public static double toGbps(long bitsPerSecond) {
    return bitsPerSecond / 1e9;
  }

  private static long checked(double bps, double v, String unit) {
    if (!(bps >= 0.5 && bps < 9.2e18)) {
      throw new InvalidParameterException("rate", v + " " + unit,
          "valid range 1 bit/s .. 9.2e18 bit/s (a positive 64-bit integer)");
    }
    return Math.round(bps);
  }
}
