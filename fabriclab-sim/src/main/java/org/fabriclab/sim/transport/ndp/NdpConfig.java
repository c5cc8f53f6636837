package org.fabriclab.sim.transport.ndp;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.units.Time;

/**
 * NDP end-host settings.
 *
 * @param mssBytes payload per data packet
 * @param headerBytes header of every packet; ACK, NACK, PULL and trimmed packets are header only
 * @param initialWindow packets a sender sends unsolicited at the start (then one per PULL)
 * @param rtoPs sender timeout without any ACK or NACK: resend what is unacknowledged
 */
public record NdpConfig(int mssBytes, int headerBytes, int initialWindow, long rtoPs) {
  public NdpConfig {
    InvalidParameterException.requireRange("mssBytes", mssBytes, 1, 1 << 20);
    InvalidParameterException.requireRange("headerBytes", headerBytes, 1, 1 << 20);
    InvalidParameterException.requireRange("initialWindow", initialWindow, 1, 1 << 20);
    InvalidParameterException.requireRange("rtoPs", rtoPs, 1, Long.MAX_VALUE);
  }

  /** The benchmark's NDP profile: 1500 B packets (1436 B payload + 64 B header), window 20, RTO 1 ms. */
  public static NdpConfig benchmark() {
    return new NdpConfig(1436, 64, 20, Time.ms(1));
  }

  /**
   * These settings with {@code mtuBytes} packets (payload = MTU − header); a long, so that
   * any integer out of range is refused naming its valid range.
   */
  public NdpConfig withMtu(long mtuBytes) {
    InvalidParameterException.requireRange("--mtu-bytes", mtuBytes, headerBytes + 1, 1 << 20);
    return new NdpConfig((int) mtuBytes - headerBytes, headerBytes, initialWindow, rtoPs);
  }

  /** These settings with another initial window (packets). */
  public NdpConfig withInitialWindow(int packets) {
    return new NdpConfig(mssBytes, headerBytes, packets, rtoPs);
  }

  /** These settings with another RTO. */
  public NdpConfig withRto(long ps) {
    return new NdpConfig(mssBytes, headerBytes, initialWindow, ps);
  }
}
