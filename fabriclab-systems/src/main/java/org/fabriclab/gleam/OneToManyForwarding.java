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
 *
 * <p>Alg. 1's loop (which entries get a copy) is {@link #copies} alone: the packet engine's {@link
 * GleamSwitchElement} calls it and maps each chosen entry onto its packet's fields, and {@link
 * #forward} calls it and applies lines 8-12's rewrites through a {@link CopySink}.
 */
public final class OneToManyForwarding {
  private final MulticastForwardingTable table;
  private final long[] portMac;
  // the entries chosen by copies() for forward(); one per port at most
  private final int[] chosen;

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
    this.chosen = new int[table.portCount()];
  }

  /**
   * Alg. 1 lines 2-4 for a caller that knows the group's slot {@code g}: records {@code ingressPort}
   * as the group's {@code ack_out_port} and writes to {@code outEntry} the index of every entry of
   * {@code g} that gets a copy (every entry but the one on the ingress port), in table order. Copy
   * {@code c} leaves by {@code table.entryPort(g, outEntry[c])}; a connected entry's copy is
   * rewritten to that entry's receiver (lines 8-12). {@code outEntry} needs room for the group's
   * entries ({@link MulticastForwardingTable#portCount} always suffices).
   *
   * @return the number of copies
   */
  public int copies(int g, int ingressPort, int[] outEntry) {
    table.setAckOutPort(g, ingressPort);
    int n = table.entryCount(g);
    int base = g * table.portCount();
    int[] ports = table.entryPort;
    int copies = 0;
    for (int k = 0; k < n; k++) {
      if (ports[base + k] != ingressPort) {
        outEntry[copies++] = k;
      }
    }
    return copies;
  }

  /**
   * Forwards one data packet of {@code groupIp} that entered by {@code ingressPort}: the copies of
   * {@link #copies}, each handed to {@code out} unchanged (forwarded entry, lines 5-7) or with the
   * receiver's header fields (connected entry, lines 8-12: destination IP and QPN, source IP =
   * GroupIP, destination MAC, memory region).
   *
   * @return the number of copies made, or -1 when this switch has no table for the group (the
   *     caller then routes the packet as unicast)
   */
  public int forward(int groupIp, int ingressPort, CopySink out) {
    int g = table.slot(groupIp);
    if (g < 0) {
      return -1;
    }
    int n = copies(g, ingressPort, chosen);
    for (int c = 0; c < n; c++) {
      int k = chosen[c];
      int port = table.entryPort(g, k);
      if (table.entryType(g, k) == MulticastForwardingTable.FORWARDED) {
        out.forwarded(port);
      } else {
        out.connected(port, table.receiverIp(g, k), table.receiverQpn(g, k), groupIp, portMac[port],
            table.mrVa(g, k), table.mrRkey(g, k));
      }
    }
    return n;
  }
}
