package org.fabriclab.gleam;

/**
 * One-to-many WRITE support (seed 002, §3.3): before each WRITE request the source sends an extra
 * WRITE message to the group carrying every receiver's memory region (remote VA and R_key); the
 * leaf switches recognise it, store each connected receiver's region in their table and rewrite
 * the RETH of the real request's first packet per receiver ({@link OneToManyForwarding}). This
 * class counts the bytes that costs analytically and applies the update to a leaf switch's table;
 * on the packet engine the RETH's {@value #RETH_BYTES} B ride on each WRITE's first packet
 * ({@link PacketGroup#write}, {@link PacketGroup#unicastWrite}).
 *
 * <p>Sizes (decisions): one receiver's record is IPv4 4 + VA 8 + R_key 4 = {@value #RECORD_BYTES} B;
 * every RoCEv2 packet carries Ethernet 14 + IPv4 20 + UDP 8 + BTH 12 + ICRC 4 + FCS 4 = {@value
 * #PACKET_OVERHEAD_BYTES} B of headers, and the first packet of a WRITE a RETH of {@value
 * #RETH_BYTES} B; payload per packet is at most the RoCE path MTU. Appendix C's alternative (equal
 * VA and R_key on every receiver) needs RNIC changes and is not modelled. O(1) per size, O(entries ·
 * receivers) per table update.
 */
public final class WriteMrUpdate {
  public static final int RECORD_BYTES = 16;
  public static final int PACKET_OVERHEAD_BYTES = org.fabriclab.gleam.baseline.RoceHeaders.PACKET_OVERHEAD_BYTES;
  public static final int RETH_BYTES = 16;

  private WriteMrUpdate() {}

  /** Wire bytes of a WRITE message of {@code payloadBytes} (> 0) at RoCE path MTU {@code mtuBytes}. */
  public static long writeWireBytes(long payloadBytes, int mtuBytes) {
    if (payloadBytes <= 0 || mtuBytes <= 0) {
      throw new IllegalArgumentException("payloadBytes and mtuBytes must be > 0");
    }
    long packets = (payloadBytes + mtuBytes - 1) / mtuBytes;
    return payloadBytes + packets * PACKET_OVERHEAD_BYTES + RETH_BYTES;
  }

  /** Wire bytes of the MR-update message for {@code receivers} receivers. */
  public static long updateWireBytes(int receivers, int mtuBytes) {
    return writeWireBytes((long) receivers * RECORD_BYTES, mtuBytes);
  }

  /** The update's bytes as a fraction of the WRITE it precedes. */
  public static double overheadFraction(int receivers, long writeBytes, int mtuBytes) {
    return (double) updateWireBytes(receivers, mtuBytes) / writeWireBytes(writeBytes, mtuBytes);
  }

  /**
   * Applies an update at a leaf switch: each connected entry of group slot {@code g} whose receiver
   * IP is listed gets that receiver's region.
   *
   * @return entries updated
   */
  public static int apply(MulticastForwardingTable t, int g, int[] receiverIps, long[] va, int[] rkey) {
    int updated = 0;
    for (int k = 0; k < t.entryCount(g); k++) {
      if (t.entryType(g, k) != MulticastForwardingTable.CONNECTED) {
        continue;
      }
      for (int i = 0; i < receiverIps.length; i++) {
        if (receiverIps[i] == t.receiverIp(g, k)) {
          t.setMemoryRegion(g, k, va[i], rkey[i]);
          updated++;
          break;
        }
      }
    }
    return updated;
  }
}
