package org.fabriclab.gleam;

/**
 * Receives the copies {@link OneToManyForwarding#forward} makes of one data packet (Alg. 1), with
 * the header fields a real switch rewrites; {@link HeaderCopies} implements it over {@link
 * RoceHeader} values. The packet engine's {@link GleamSwitchElement} takes the same copies from
 * {@link OneToManyForwarding#copies} and maps them onto its packets' fields.
 */
public interface CopySink {
  /** A copy leaves by {@code outPort} unchanged (a forwarded entry, Alg. 1 lines 5-7). */
  void forwarded(int outPort);

  /**
   * A copy leaves by {@code outPort} rewritten for a receiver's QP (a connected entry, Alg. 1 lines
   * 8-12): destination IP/QPN/MAC, source IP = GroupIP and, when the packet carries a RETH, the
   * receiver's memory region ({@code mrVa}, {@code mrRkey}).
   */
  void connected(int outPort, int dstIp, int dstQpn, int srcIp, long dstMac, long mrVa, int mrRkey);
}
