package org.fabriclab.gleam;

import java.util.Arrays;

/**
 * Which packets a {@link GleamSwitchElement} treats as a group's: the QPNs bound at the switch
 * ({@link #bindQp}), each group's source QP and host, and the cache from a group number to the
 * switch's table slot.
 *
 * <p>Storage (per-packet lookups without hashing): a packet's QPN → group number goes through a
 * {@link QpGroupIndex} (an array read; one index may serve every switch of a network), whether
 * the QPN was bound at this switch is a bit of this element, and the group number → table slot,
 * the group's source QP / host and its last source PSN are arrays of this element indexed by the
 * group number; the repeat and NACK-suppression state are arrays indexed by table slot. The slot
 * of a group number is looked up in the table once and cached (the cache is dropped when the
 * table gains a group).
 *
 * <p>The lowest of the layers of {@link GleamSwitchElement}, split by file for size: its fields are
 * read directly by the per-packet path in {@link GleamSwitchElement} (no indirection); only
 * {@link GleamSwitchElement} is instantiated.
 */
abstract sealed class GleamSwitchGroups permits GleamSwitchSettings {
  private static final int SLOT_UNKNOWN = -2;
  final MulticastForwardingTable table;
  final QpGroupIndex index;
  // QPNs bound at this switch, one bit each
  private long[] boundQps = new long[0];
  // per group number (QpGroupIndex), grown on bindQp
  private int[] slotOfGroup = new int[0];
  int[] sourceQpOfGroup = new int[0];
  int[] sourceHostOfGroup = new int[0];
  int[] lastSourcePsn = new int[0];
  // per table slot: the group number it was reached by (set with the slot cache)
  final int[] groupOfSlot;
  private int cachedTableGroups = -1;

  GleamSwitchGroups(MulticastForwardingTable table, QpGroupIndex index) {
    this.table = table;
    this.index = index;
    groupOfSlot = new int[table.maxGroups()];
  }

  /**
   * Declares QPN {@code qpn} a member QP of {@code groupIp}; {@code source} marks the source's QP
   * (on {@code sourceHost}), to which aggregated feedback is addressed.
   */
  public void bindQp(int qpn, int groupIp, boolean source, int sourceHost) {
    if (groupIp == 0) { // no group: the QPN is not a group QP here
      if (qpn >= 0 && (qpn >>> 6) < boundQps.length) {
        boundQps[qpn >>> 6] &= ~(1L << qpn);
      }
      return;
    }
    int gn = index.bind(qpn, groupIp);
    if ((qpn >>> 6) >= boundQps.length) {
      boundQps = Arrays.copyOf(boundQps, Math.max((qpn >>> 6) + 1, 2 * boundQps.length));
    }
    boundQps[qpn >>> 6] |= 1L << qpn;
    if (gn >= slotOfGroup.length) {
      int old = slotOfGroup.length;
      int len = Math.max(gn + 1, 2 * old);
      slotOfGroup = Arrays.copyOf(slotOfGroup, len);
      Arrays.fill(slotOfGroup, old, len, SLOT_UNKNOWN);
      sourceQpOfGroup = Arrays.copyOf(sourceQpOfGroup, len);
      Arrays.fill(sourceQpOfGroup, old, len, -1);
      sourceHostOfGroup = Arrays.copyOf(sourceHostOfGroup, len);
      lastSourcePsn = Arrays.copyOf(lastSourcePsn, len);
      Arrays.fill(lastSourcePsn, old, len, -1);
    }
    if (source) {
      sourceQpOfGroup[gn] = qpn;
      sourceHostOfGroup[gn] = sourceHost;
    }
  }

  /** The group number of a packet's QPN if it was bound at this switch, else -1. */
  final int boundGroup(int qpn) {
    int gn = index.groupOf(qpn);
    if (gn < 0 || (qpn >>> 6) >= boundQps.length || (boundQps[qpn >>> 6] & (1L << qpn)) == 0) {
      return -1;
    }
    return gn;
  }

  /** This switch's table slot of group number {@code gn}, or -1 (cached; see the class javadoc). */
  final int slotOf(int gn) {
    int groups = table.groupCount();
    if (groups != cachedTableGroups) {
      Arrays.fill(slotOfGroup, SLOT_UNKNOWN);
      cachedTableGroups = groups;
    }
    int g = slotOfGroup[gn];
    if (g == SLOT_UNKNOWN) {
      g = table.slot(index.groupIp(gn));
      slotOfGroup[gn] = g;
      if (g >= 0) {
        groupOfSlot[g] = gn;
      }
    }
    return g;
  }
}
