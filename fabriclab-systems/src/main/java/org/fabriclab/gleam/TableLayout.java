package org.fabriclab.gleam;

import java.util.List;

/**
 * The byte layout of one switch's extended multicast forwarding table (seed 002
 * {@code 002_7587dd88b28338de.txt}, §3.3, Fig. 5), as a switch pipeline would store it: fixed-width
 * fields, one group header plus one port-level slot per port in use.
 *
 * <p>Fig. 5 itself is not in the paper's text, so the field widths are this project's decision,
 * taken from the protocol fields they hold (RoCEv2 BTH: PSN and QPN are 24 bits; IPv4 addresses
 * are 32 bits; a 64-port switch needs 1 byte per port number):
 *
 * <pre>
 * group header ({@value #GROUP_HEADER_BYTES} B): GroupIP 4 | last_ack_psn 3 | ack_out_port 1 |
 *                    min_port 1 | nack.ePSN 3 | nack valid 1 | entry count 1
 * port-level slot ({@value #ENTRY_BYTES} B):   port 1 | type 1 (connected / forwarded / NACK bit) |
 *                    ack_psn 3 | receiver IP 4 | receiver QPN 3 | congestion counter 2
 * </pre>
 *
 * A <em>forwarded</em> entry uses only port, type, ack_psn and the congestion counter (7 B) but
 * occupies a full slot, as fixed-width table memory does. The receiver's destination MAC is not
 * stored per group: it is the MAC of the neighbour on that port, which the switch's L2 table
 * already holds. One-to-many WRITE (§3.3) adds, on connected slots of leaf switches only, the
 * receiver's memory region: VA 8 B + R_key 4 B = {@value #WRITE_MR_BYTES} B (counted apart, as the
 * paper's 0.92 MB does not mention it).
 *
 * <p>With every port of a {@code P}-port switch in use, one group costs {@code 14 + 14·P} bytes:
 * 1,024 groups on 64-port switches take 1024 × 910 = 931,840 B = 0.93 MB (0.89 MiB), beside the
 * paper's "0.92 MB" (§3.3, §6).
 */
public final class TableLayout {
  /** Bytes of the group-level header. */
  public static final int GROUP_HEADER_BYTES = 14;
  /** Bytes of one port-level slot. */
  public static final int ENTRY_BYTES = 14;
  /** Extra bytes of a connected slot that keeps a WRITE memory region (VA + R_key). */
  public static final int WRITE_MR_BYTES = 12;
  /** The paper's figure for 1K groups with every entry used (§3.3), in bytes (0.92 MB). */
  public static final long PAPER_BYTES_1K_GROUPS = 920_000L;

  /** One field: name, owner ("group" or "port"), width in bits. */
  public record Field(String owner, String name, int bits) {}

  private TableLayout() {}

  /** The fields in table order; their widths add up to the two byte counts above. */
  public static List<Field> fields() {
    return List.of(
        new Field("group", "groupIp", 32),
        new Field("group", "lastAckPsn", 24),
        new Field("group", "ackOutPort", 8),
        new Field("group", "minPort", 8),
        new Field("group", "nackEpsn", 24),
        new Field("group", "nackValid", 8),
        new Field("group", "entryCount", 8),
        new Field("port", "port", 8),
        new Field("port", "type", 8),
        new Field("port", "ackPsn", 24),
        new Field("port", "receiverIp", 32),
        new Field("port", "receiverQpn", 24),
        new Field("port", "congestionCounter", 16));
  }

  /** Bytes of one group whose tree uses {@code portsInUse} ports. */
  public static long groupBytes(int portsInUse) {
    return GROUP_HEADER_BYTES + (long) ENTRY_BYTES * portsInUse;
  }

  /**
   * Bytes of {@code groups} groups that each use {@code portsInUse} ports, O(1).
   *
   * @throws IllegalArgumentException on a negative count
   */
  public static long tableBytes(long groups, int portsInUse) {
    if (groups < 0 || portsInUse < 0) {
      throw new IllegalArgumentException("groups and ports must be >= 0");
    }
    return groups * groupBytes(portsInUse);
  }

  /** Extra bytes when {@code connectedSlots} slots keep a WRITE memory region. */
  public static long writeMrBytes(long connectedSlots) {
    return connectedSlots * WRITE_MR_BYTES;
  }
}
