package org.fabriclab.gleam;

/**
 * Gleam's one-to-many data forwarding with header rewrite: Algorithm 1 of seed 002 (§3.3, Fig. 6).
 * A data packet addressed to a GroupIP is looked up in the switch's {@link
 * MulticastForwardingTable}; one copy leaves by every entry's port except the ingress port;
 * forwarded entries get the packet unchanged, connected entries get the receiver's destination IP
 * and QPN, the GroupIP as source IP (so the receiver's ACK/NACK/CNP is addressed to the group and
 * finds the table again) and the receiver's MAC as destination MAC (else the receiver's MAC layer
 * drops it). On the first packet of a WRITE the receiver's memory region (set by the per-request MR
 * update, {@link WriteMrUpdate}) replaces the RETH.
 *
 * <p>The ingress port is recorded as the group's {@code ack_out_port} (Alg. 3 line 3); a new ingress
 * port is a source switch (Appendix B). Cost: O(entries) per packet, no allocation.
 */
public final class OneToManyForwarding {
  private final MulticastForwardingTable table;
  private final long[] portMac;

  /**
   * @param table this switch's table
   * @param portMac the MAC of the neighbour on each port (the switch's L2 table), indexed by port;
   *     shared, not copied
   */
  public OneToManyForwarding(MulticastForwardingTable table, long[] portMac) {
    if (portMac.length < table.portCount()) {
      throw new IllegalArgumentException("portMac needs " + table.portCount() + " entries");
    }
    this.table = table;
    this.portMac = portMac;
  }

  /**
   * Forwards one data packet of {@code groupIp} that entered by {@code ingressPort}.
   *
   * @return the number of copies made, or -1 when this switch has no table for the group (the
   *     caller then routes the packet as unicast)
   */
  public int forward(int groupIp, int ingressPort, CopySink out) {
    int g = table.slot(groupIp);
    if (g < 0) {
      return -1;
    }
    return forwardSlot(g, groupIp, ingressPort, out);
  }

  /**
   * {@link #forward} for a caller that already knows the group's slot {@code g} in this switch's
   * table (no lookup); {@code groupIp} must be {@code table.groupIp(g)}.
   *
   * @return the number of copies made
   */
  public int forwardSlot(int g, int groupIp, int ingressPort, CopySink out) {
    table.setAckOutPort(g, ingressPort);
    int n = table.entryCount(g);
    int copies = 0;
    for (int k = 0; k < n; k++) {
      int port = table.entryPort(g, k);
      if (port == ingressPort) {
        continue;
      }
      if (table.entryType(g, k) == MulticastForwardingTable.FORWARDED) {
        out.forwarded(port);
      } else {
        out.connected(port, table.receiverIp(g, k), table.receiverQpn(g, k), groupIp, portMac[port],
            table.mrVa(g, k), table.mrRkey(g, k));
      }
      copies++;
    }
    return copies;
  }

  /**
   * {@link #forwardSlot} without the callback and without reading what a copy that only needs its
   * port and receiver QPN does not use (receiver IP, MAC, memory region): copy {@code c} leaves by
   * {@code outPort[c]}, is of entry type {@code outType[c]} and, when connected, goes to QPN
   * {@code outQpn[c]}. The same copies in the same order as {@link #forwardSlot}; the arrays need
   * room for the group's entries.
   *
   * @return the number of copies
   */
  public int copiesSlot(int g, int ingressPort, int[] outPort, byte[] outType, int[] outQpn) {
    table.setAckOutPort(g, ingressPort);
    int n = table.grp[MulticastForwardingTable.G_FIELDS * g + MulticastForwardingTable.G_ENTRIES];
    int base = g * table.portCount();
    int[] ports = table.entryPort;
    byte[] types = table.entryType;
    int[] qpns = table.receiverQpn;
    int copies = 0;
    for (int k = 0; k < n; k++) {
      int port = ports[base + k];
      if (port == ingressPort) {
        continue;
      }
      boolean forwarded = types[base + k] == MulticastForwardingTable.FORWARDED;
      outPort[copies] = port;
      outType[copies] = forwarded ? MulticastForwardingTable.FORWARDED : MulticastForwardingTable.CONNECTED;
      outQpn[copies] = forwarded ? -1 : qpns[base + k];
      copies++;
    }
    return copies;
  }
}
