package org.fabriclab.cli.report;

/**
 * What the values on a plot axis measure, and in which unit the data are given: tick labels are
 * written in that quantity's SI unit with the prefix that suits each value ({@code 500 µs},
 * {@code 1.5 ms}; {@code 64 KB}, {@code 2 MB}, decimal as SI defines them). {@link #NUMBER} is a
 * plain number (counts, fractions, ratios): no unit, {@code k}/{@code M}/{@code G} from 10,000 up.
 */
public enum Quantity {
  TIME_NS(1e-9, "s"),
  TIME_US(1e-6, "s"),
  TIME_MS(1e-3, "s"),
  TIME_S(1, "s"),
  BYTES(1, "B"),
  BITS_PER_S(1, "b/s"),
  GBPS(1e9, "b/s"),
  NUMBER(1, "");

  /** Multiply a data value by this to get the value in the SI unit. */
  final double toBase;
  /** The SI unit ("s", "B", "b/s"), empty for a plain number. */
  final String unit;

  Quantity(double toBase, String unit) {
    this.toBase = toBase;
    this.unit = unit;
  }
}
