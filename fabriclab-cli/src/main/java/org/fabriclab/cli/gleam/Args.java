package org.fabriclab.cli.gleam;

import org.fabriclab.error.InvalidParameterException;

/**
 * Parses the numeric options of the {@code gleam} commands from their text, so that a value that is
 * not a number is reported like one out of range: one line naming the option and its valid range.
 */
final class Args {
  private Args() {}

  /** An integer option in {@code min..max}. */
  static long longIn(String option, String text, long min, long max) {
    return longIn(option, text, min, max, "");
  }

  /** An integer option in {@code min..max}; {@code why} (may be empty) follows the range. */
  static long longIn(String option, String text, long min, long max, String why) {
    String range = "valid range " + min + ".." + max + (why.isEmpty() ? "" : " (" + why + ")");
    long v;
    try {
      v = org.fabriclab.units.AsciiNumbers.parseLong(text.strip());
    } catch (NumberFormatException e) {
      throw new InvalidParameterException(option, "'" + text + "'", "not an integer; " + range);
    }
    if (v < min || v > max) {
      throw new InvalidParameterException(option, v, range);
    }
    return v;
  }

  /** A real option in {@code [min, max]}, or {@code [min, max)} when {@code maxOpen}; never NaN. */
  static double doubleIn(String option, String text, double min, double max, boolean maxOpen) {
    String range = "valid range [" + fmt(min) + ", " + fmt(max) + (maxOpen ? ")" : "]");
    double v;
    try {
      v = org.fabriclab.units.AsciiNumbers.parseDouble(text.strip());
    } catch (NumberFormatException e) {
      throw new InvalidParameterException(option, "'" + text + "'", "not a number; " + range);
    }
    if (!(v >= min && (maxOpen ? v < max : v <= max))) {
      throw new InvalidParameterException(option, text.strip(), range);
    }
    return v;
  }

  private static String fmt(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }
}
