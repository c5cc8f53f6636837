package org.fabriclab.gleam.baseline;

/**
 * The header bytes every RoCEv2 packet of the Gleam models carries (decision, seed 002 §3): Ethernet
 * 14 + IPv4 20 + UDP 8 + BTH 12 + ICRC 4 + FCS 4 = {@value #PACKET_OVERHEAD_BYTES} B. One constant
 * for the analytic baselines ({@link StarJctModel}) and the WRITE sizes of the Gleam package
 * ({@code gleam.WriteMrUpdate}), kept here so the baselines need nothing from the package above.
 */
public final class RoceHeaders {
  /** Header bytes per packet. */
  public static final int PACKET_OVERHEAD_BYTES = 62;

  private RoceHeaders() {}
}
