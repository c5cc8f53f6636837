package org.fabriclab.units;

/**
 * What the engines can represent, and so the valid range of every time and size read from a file
 * or the command line. Simulated time is a {@code long} of picoseconds: at most
 * {@link Long#MAX_VALUE} ps ≈ 9.22e6 s ≈ 106.75 days. Readers accept a flow start of at most
 * {@link #MAX_START_NS} (half of that, 2^62 ps ≈ 4.61e6 s), so a run can go on for as long again
 * after its last start without any clock overflowing; and a flow of at most {@link
 * #MAX_FLOW_BYTES} (10^12 bytes = 1 TB), so its serialisation time bytes·8·10^12/rate stays below
 * 2^63 ps (a long) at any link rate of at least {@link #MIN_RATE_BPS} (1 Mbit/s: 8·10^24/10^6 = 8·10^18 <
 * 9.22·10^18) and the packet count at a 64-byte segment (1.6e10) fits a long with room to spare.
 */
public final class Limits {
  /** Latest flow start: 2^62 ps expressed in whole nanoseconds (4,611,686,018,427,387 ns). */
  public static final long MAX_START_NS = (1L << 62) / Time.PS_PER_NS;

  /** Largest flow: 10^12 bytes. */
  public static final long MAX_FLOW_BYTES = 1_000_000_000_000L;

  /** Slowest link rate the size limit is derived for: 1 Mbit/s ({@code --link-gbps 0.001}). */
  public static final long MIN_RATE_BPS = 1_000_000L;

  /** Fastest link rate: 10^15 bit/s ({@code --link-gbps 1000000}). */
  public static final long MAX_RATE_BPS = 1_000_000_000_000_000L;

  /**
   * Longest link delay: 10^12 ps = 1 s ({@code --link-delay-ns 1000000000}); a path of a million
   * such links after the latest start still fits the clock (2^62 + 10^18 &lt; 2^63).
   */
  public static final long MAX_DELAY_PS = 1_000_000_000_000L;

  /** The valid range of a link capacity, as messages print it. */
  public static final String RATE_RANGE =
      "valid range " + MIN_RATE_BPS + ".." + MAX_RATE_BPS + " bit/s, as --link-gbps 0.001..1000000";

  /** The valid range of a link delay, as messages print it. */
  public static final String DELAY_RANGE =
      "valid range 0.." + MAX_DELAY_PS + " ps, as --link-delay-ns 0..1000000000";

  /** The valid range of a start time, as messages print it. */
  public static final String START_RANGE = "valid range 0.." + MAX_START_NS + " ns (about 4.6e6 s)";

  /** The valid range of a flow size, as messages print it. */
  public static final String SIZE_RANGE = "valid range 1.." + MAX_FLOW_BYTES + " bytes (1 TB)";

  private Limits() {}
}
