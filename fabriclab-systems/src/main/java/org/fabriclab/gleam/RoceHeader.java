package org.fabriclab.gleam;

/**
 * The header fields of a RoCEv2 packet that Gleam's switches read or rewrite (seed 002, §3.3,
 * Fig. 6): Ethernet destination and source MAC, IP source and destination, the BTH destination QPN
 * and PSN and, on the first packet of a WRITE request, the RETH memory region (VA, R_key). A
 * minimal immutable value for the standalone models and tests; the engine adapter applies the same
 * rewrites to its own typed header fields.
 *
 * @param hasReth whether the packet carries a RETH (first packet of a WRITE request)
 */
public record RoceHeader(
    long dstMac, long srcMac, int srcIp, int dstIp, int dstQpn, int psn, boolean hasReth, long rethVa, int rethRkey) {

  /** A packet without RETH. */
  public static RoceHeader of(long dstMac, long srcMac, int srcIp, int dstIp, int dstQpn, int psn) {
    return new RoceHeader(dstMac, srcMac, srcIp, dstIp, dstQpn, psn, false, 0, 0);
  }

  /**
   * The copy for a connected entry (Alg. 1 lines 9-11, Fig. 6): destination IP and QPN become the
   * receiver's, the source IP becomes the GroupIP (so the receiver's feedback is addressed to the
   * group), the destination MAC the receiver's; with a RETH, the receiver's memory region.
   */
  public RoceHeader toReceiver(int receiverIp, int receiverQpn, int groupIp, long receiverMac, long va, int rkey) {
    return new RoceHeader(receiverMac, srcMac, groupIp, receiverIp, receiverQpn, psn, hasReth,
        hasReth ? va : rethVa, hasReth ? rkey : rethRkey);
  }

  @Override
  public String toString() {
    return "dstMac=" + GleamAddresses.mac(dstMac) + " srcMac=" + GleamAddresses.mac(srcMac)
        + " srcIp=" + GleamAddresses.ip(srcIp) + " dstIp=" + GleamAddresses.ip(dstIp)
        + " dstQpn=0x" + Integer.toHexString(dstQpn) + " psn=" + psn
        + (hasReth ? " va=0x" + Long.toHexString(rethVa) + " rkey=0x" + Integer.toHexString(rethRkey) : "");
  }
}
