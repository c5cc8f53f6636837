package org.fabriclab.sim.transport.tcp;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.units.Time;

/**
 * TCP sender/receiver settings (segment-granular TCP: sequence numbers count segments).
 *
 * @param mssBytes payload per data packet
 * @param headerBytes header bytes added to every packet (a SYN, SYN-ACK or ACK is header only)
 * @param initialCwnd initial congestion window in segments
 * @param initialSsthresh initial slow-start threshold in segments
 * @param minRtoPs lower bound of the retransmission timeout; RTO = max(min, 2·SRTT + 4·RTTVAR)
 * @param maxRtoPs upper bound after exponential backoff
 * @param dctcpG DCTCP's EWMA gain g
 * @param dctcpInitialAlpha DCTCP's alpha before the first estimate
 * @param cutEveryEce compatibility switch: DCTCP cuts the window on every ECN-echo ACK instead of
 *     once per window of data
 */
public record TcpConfig(int mssBytes, int headerBytes, int initialCwnd, int initialSsthresh,
    long minRtoPs, long maxRtoPs, double dctcpG, double dctcpInitialAlpha, boolean cutEveryEce) {

  public TcpConfig {
    InvalidParameterException.requireRange("mssBytes", mssBytes, 1, 1 << 20);
    InvalidParameterException.requireRange("headerBytes", headerBytes, 1, 1 << 20);
    InvalidParameterException.requireRange("initialCwnd", initialCwnd, 1, 1 << 20);
    InvalidParameterException.requireRange("initialSsthresh", initialSsthresh, 2, 1 << 30);
    InvalidParameterException.requireRange("minRtoPs", minRtoPs, 1, Long.MAX_VALUE);
    if (!(dctcpG > 0 && dctcpG <= 1)) {
      throw new InvalidParameterException("dctcpG", dctcpG, "valid range (0, 1]");
    }
  }

  /**
   * The benchmark's DCTCP profile: 1380 B payload + 120 B headers, initial window 3, ssthresh 30,
   * g = 1/16, RTO floor 1 ms (backoff capped at 64 ms), alpha starting at 1 (Linux's default).
   */
  public static TcpConfig benchmark(boolean cutEveryEce) {
    return new TcpConfig(1380, 120, 3, 30, Time.ms(1), Time.ms(64), 1.0 / 16, 1.0, cutEveryEce);
  }

  /**
   * These settings with {@code mtuBytes} packets (MSS = MTU − headers); a long, so that
   * any integer out of range is refused naming its valid range.
   */
  public TcpConfig withMtu(long mtuBytes) {
    InvalidParameterException.requireRange("--mtu-bytes", mtuBytes, headerBytes + 1, 1 << 20);
    return new TcpConfig((int) mtuBytes - headerBytes, headerBytes, initialCwnd, initialSsthresh,
        minRtoPs, maxRtoPs, dctcpG, dctcpInitialAlpha, cutEveryEce);
  }

  /** These settings with another initial window (segments). */
  public TcpConfig withInitialCwnd(int segments) {
    return new TcpConfig(mssBytes, headerBytes, segments, initialSsthresh, minRtoPs, maxRtoPs,
        dctcpG, dctcpInitialAlpha, cutEveryEce);
  }

  /** These settings with another RTO floor (the backoff cap rises to at least 64 times it). */
  public TcpConfig withMinRto(long ps) {
    return new TcpConfig(mssBytes, headerBytes, initialCwnd, initialSsthresh, ps,
        Math.max(maxRtoPs, ps > Long.MAX_VALUE / 64 ? Long.MAX_VALUE : ps * 64), dctcpG,
        dctcpInitialAlpha, cutEveryEce);
  }
}
