package org.fabriclab.gleam;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.util.Arrays;

/**
 * One switch's extended multicast forwarding table (seed 002, §3.3, Fig. 5), indexed by GroupIP.
 * Each group has group-level state (last aggregated ACK PSN, {@code ack_out_port},
 * {@code min_port}, the NACK register, the time of the last congestion-counter aging) and at most
 * one port-level entry per switch port, <em>connected</em> (receiver IP, QPN, ACK PSN; a receiver
 * on that port) or <em>forwarded</em> (ACK PSN; the next hop is a switch). Every entry also holds a
 * congestion counter (§3.5) and a pending-NACK bit (see {@link AckAggregation}).
 *
 * <p>Storage: one record of a few ints per group (group-level state) and parallel primitive arrays
 * of {@code maxGroups × portCount} port slots, allocated once;
 * a group is a slot number {@code g} found through {@link #slot(int)} (one hash lookup); entry
 * {@code k} of group {@code g} lives at index {@code g·portCount + k}, and
 * {@link #entryOfPort(int, int)} maps a port to its entry in O(1). Nothing is allocated per packet.
 * The hardware byte layout is {@link TableLayout}; {@link #layoutBytes()} is this table's size in
 * it.
 *
 * <p>PSNs are plain non-wrapping {@code int}s (the layout counts 24-bit fields; a run sending more
 * than 2^31 packets per group is out of scope). An entry's ACK PSN starts at {@code startPsn − 1}
 * ("nothing acknowledged"). Not thread-safe.
 */
public final class MulticastForwardingTable {
  /** Entry type: the port's neighbour is a member host. */
  public static final byte CONNECTED = 1;
  /** Entry type: the port's neighbour is a switch of the tree. */
  public static final byte FORWARDED = 2;
  /** No NACK pending in the group's register. */
  public static final int NO_NACK = Integer.MAX_VALUE;

  private final int portCount;
  private final int maxGroups;
  private final Int2IntOpenHashMap slotOfGroup;
  private int groups;
  // group-level state: one record of G_FIELDS ints per group at G_FIELDS·g (one cache line: the
  // feedback and data paths read several of these fields per packet)
  static final int G_FIELDS = 8;
  static final int G_IP = 0;
  static final int G_LAST_ACK = 1;
  static final int G_ACK_OUT = 2;
  static final int G_MIN_PORT = 3;
  static final int G_NACK_EPSN = 4;
  static final int G_ENTRIES = 5;
  /** Entries of the group whose nackPending bit is set (kept by AckAggregation). */
  static final int G_PENDING = 6;
  final int[] grp;
  final long[] agedAtPs;
  // port-level state, index g*portCount + k
  final int[] entryPort;
  final byte[] entryType;
  final int[] ackPsn;
  final boolean[] nackPending;
  final int[] receiverIp;
  final int[] receiverQpn;
  final int[] congestion;
  final long[] mrVa;
  final int[] mrRkey;
  // g*portCount + port -> k, or -1
  private final int[] entryOfPort;

  /**
   * @param portCount ports of the switch, 1..256 (one byte per port number in the layout)
   * @param maxGroups groups the table can hold, >= 1
   */
  public MulticastForwardingTable(int portCount, int maxGroups) {
    if (portCount < 1 || portCount > 256) {
      throw new IllegalArgumentException("portCount must be 1..256, got " + portCount);
    }
    if (maxGroups < 1 || (long) maxGroups * portCount > 1 << 28 || maxGroups > (1 << 28) / G_FIELDS) {
      throw new IllegalArgumentException("maxGroups must be 1..2^25 and maxGroups*portCount <= 2^28, got "
          + maxGroups + " groups of " + portCount + " ports");
    }
    this.portCount = portCount;
    this.maxGroups = maxGroups;
    slotOfGroup = new Int2IntOpenHashMap();
    slotOfGroup.defaultReturnValue(-1);
    grp = new int[G_FIELDS * maxGroups];
    agedAtPs = new long[maxGroups];
    int slots = maxGroups * portCount;
    entryPort = new int[slots];
    entryType = new byte[slots];
    ackPsn = new int[slots];
    nackPending = new boolean[slots];
    receiverIp = new int[slots];
    receiverQpn = new int[slots];
    congestion = new int[slots];
    mrVa = new long[slots];
    mrRkey = new int[slots];
    entryOfPort = new int[slots];
    Arrays.fill(entryOfPort, -1);
  }

  public int portCount() {
    return portCount;
  }

  public int groupCount() {
    return groups;
  }

  /** Groups this table can hold (slots {@code 0 .. maxGroups − 1}). */
  public int maxGroups() {
    return maxGroups;
  }

  /**
   * Creates the table of {@code groupIp} (Alg. 4 line 3); PSNs of the group start at
   * {@code startPsn}.
   *
   * @return the group's slot
   * @throws IllegalStateException when the group exists or the table is full
   */
  public int addGroup(int groupIp, int startPsn) {
    if (slotOfGroup.containsKey(groupIp)) {
      throw new IllegalStateException("group " + GleamAddresses.ip(groupIp) + " already registered");
    }
    if (groups == maxGroups) {
      throw new IllegalStateException("table full: " + maxGroups + " groups");
    }
    int g = groups++;
    slotOfGroup.put(groupIp, g);
    int r = G_FIELDS * g;
    grp[r + G_IP] = groupIp;
    grp[r + G_LAST_ACK] = startPsn - 1;
    grp[r + G_ACK_OUT] = -1;
    grp[r + G_MIN_PORT] = -1;
    grp[r + G_NACK_EPSN] = NO_NACK;
    grp[r + G_ENTRIES] = 0;
    grp[r + G_PENDING] = 0;
    agedAtPs[g] = 0;
    return g;
  }

  /** The slot of {@code groupIp}, or -1 when this switch has no table for it. O(1). */
  public int slot(int groupIp) {
    return slotOfGroup.get(groupIp);
  }

  /** Adds a connected entry on {@code port} (Alg. 4 lines 8-12); returns its index k. */
  public int addConnected(int g, int port, int receiverIp, int receiverQpn) {
    int k = addEntry(g, port, CONNECTED);
    this.receiverIp[g * portCount + k] = receiverIp;
    this.receiverQpn[g * portCount + k] = receiverQpn;
    return k;
  }

  /** Adds a forwarded entry on {@code port} (Alg. 4 lines 19-22); returns its index k. */
  public int addForwarded(int g, int port) {
    return addEntry(g, port, FORWARDED);
  }

  private int addEntry(int g, int port, byte type) {
    checkGroup(g);
    if (port < 0 || port >= portCount) {
      throw new IllegalArgumentException("port " + port + " outside 0.." + (portCount - 1));
    }
    if (entryOfPort[g * portCount + port] >= 0) {
      throw new IllegalStateException("port " + port + " already has an entry");
    }
    int k = grp[G_FIELDS * g + G_ENTRIES]++;
    int i = g * portCount + k;
    entryPort[i] = port;
    entryType[i] = type;
    ackPsn[i] = grp[G_FIELDS * g + G_LAST_ACK];
    nackPending[i] = false;
    congestion[i] = 0;
    entryOfPort[g * portCount + port] = k;
    return k;
  }

  private void checkGroup(int g) {
    if (g < 0 || g >= groups) {
      throw new IllegalArgumentException("no group slot " + g);
    }
  }

  /** Entries of group {@code g}. */
  public int entryCount(int g) {
    return grp[G_FIELDS * g + G_ENTRIES];
  }

  /** The entry index of {@code port} in group {@code g}, or -1. O(1). */
  public int entryOfPort(int g, int port) {
    return port < 0 || port >= portCount ? -1 : entryOfPort[g * portCount + port];
  }

  public int entryPort(int g, int k) {
    return entryPort[g * portCount + k];
  }

  public byte entryType(int g, int k) {
    return entryType[g * portCount + k];
  }

  public int ackPsn(int g, int k) {
    return ackPsn[g * portCount + k];
  }

  public int receiverIp(int g, int k) {
    return receiverIp[g * portCount + k];
  }

  public int receiverQpn(int g, int k) {
    return receiverQpn[g * portCount + k];
  }

  public int congestion(int g, int k) {
    return congestion[g * portCount + k];
  }

  public int groupIp(int g) {
    return grp[G_FIELDS * g + G_IP];
  }

  public int lastAckPsn(int g) {
    return grp[G_FIELDS * g + G_LAST_ACK];
  }

  /** The port data packets of the group enter by (ACKs leave by it), or -1 before any data. */
  public int ackOutPort(int g) {
    return grp[G_FIELDS * g + G_ACK_OUT];
  }

  /**
   * Records the port data enters by (Alg. 3 line 3); a change is a source switch (Appendix B):
   * {@code min_port} is forgotten so the next feedback recomputes it.
   */
  public void setAckOutPort(int g, int port) {
    if (grp[G_FIELDS * g + G_ACK_OUT] != port) {
      grp[G_FIELDS * g + G_ACK_OUT] = port;
      grp[G_FIELDS * g + G_MIN_PORT] = -1;
    }
  }

  public int minPort(int g) {
    return grp[G_FIELDS * g + G_MIN_PORT];
  }

  /** The smallest expected PSN of a NACK waiting in the group's register, or {@link #NO_NACK}. */
  public int nackEpsn(int g) {
    return grp[G_FIELDS * g + G_NACK_EPSN];
  }

  /** Stores the WRITE memory region of connected entry {@code k} (§3.3 MR update). */
  public void setMemoryRegion(int g, int k, long va, int rkey) {
    mrVa[g * portCount + k] = va;
    mrRkey[g * portCount + k] = rkey;
  }

  public long mrVa(int g, int k) {
    return mrVa[g * portCount + k];
  }

  public int mrRkey(int g, int k) {
    return mrRkey[g * portCount + k];
  }

  /** This table's size in the {@link TableLayout} (group headers plus used slots). O(groups). */
  public long layoutBytes() {
    long b = 0;
    for (int g = 0; g < groups; g++) {
      b += TableLayout.groupBytes(grp[G_FIELDS * g + G_ENTRIES]);
    }
    return b;
  }
}
