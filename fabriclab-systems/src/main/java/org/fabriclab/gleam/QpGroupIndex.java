package org.fabriclab.gleam;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.util.Arrays;

/**
 * QPN → group, dense: the lookup every {@link GleamSwitchElement} makes per packet ("is this
 * packet's destination a GroupIP", see the element's javadoc), as one array read instead of a hash
 * lookup. A group gets a dense <em>group number</em> {@code 0, 1, …} the first time one of its QPs
 * is bound; the switch elements keep their per-group state in arrays indexed by it. The engine's
 * QPNs are dense ({@code 0 .. queue pairs − 1}), so {@code groupOf} is an {@code int[]} indexed by
 * QPN.
 *
 * <p>One index may be shared by every switch element of a network (a QPN belongs to one group in
 * the whole network): the array then exists once, not once per switch, and stays in cache. Each
 * element still records which QPNs were bound <em>at it</em> ({@link GleamSwitchElement#bindQp}),
 * so sharing does not change which packets a switch treats as group packets. A shared index
 * refuses a QPN bound to two different groups; a private one (an element built without an index)
 * lets the later binding win, as a per-switch map would.
 *
 * <p>Cost: {@link #groupOf} O(1), one array read; binding amortised O(1) (arrays double, and one
 * hash lookup per binding to number the group). Not thread-safe; no static state.
 */
public final class QpGroupIndex {
  /** {@link #groupOf} of a QPN that is bound to no group. */
  public static final int NONE = -1;

  private final boolean shared;
  private int[] groupOfQp = new int[0];
  private int[] groupIpOf = new int[16];
  private int groups;
  private final Int2IntOpenHashMap numberOfGroupIp = new Int2IntOpenHashMap();

  /** An index to share among the switch elements of one network. */
  public QpGroupIndex() {
    this(true);
  }

  QpGroupIndex(boolean shared) {
    this.shared = shared;
    numberOfGroupIp.defaultReturnValue(NONE);
  }

  /** Whether this index is shared among elements (a conflicting binding is refused). */
  public boolean shared() {
    return shared;
  }

  /**
   * Binds QPN {@code qpn} (≥ 0) to {@code groupIp} (≠ 0) and returns the group's number.
   *
   * @throws IllegalStateException in a shared index, when {@code qpn} is bound to another group
   */
  public int bind(int qpn, int groupIp) {
    if (qpn < 0) {
      throw new IllegalArgumentException("QPN must be >= 0, got " + qpn);
    }
    if (groupIp == 0) {
      throw new IllegalArgumentException("GroupIP 0 is not a group");
    }
    int number = numberOfGroupIp.get(groupIp);
    if (number == NONE) {
      number = groups++;
      numberOfGroupIp.put(groupIp, number);
      if (number == groupIpOf.length) {
        groupIpOf = Arrays.copyOf(groupIpOf, 2 * number);
      }
      groupIpOf[number] = groupIp;
    }
    if (qpn >= groupOfQp.length) {
      int old = groupOfQp.length;
      groupOfQp = Arrays.copyOf(groupOfQp, Math.max(qpn + 1, 2 * old));
      Arrays.fill(groupOfQp, old, groupOfQp.length, NONE);
    }
    int was = groupOfQp[qpn];
    if (shared && was != NONE && was != number) {
      throw new IllegalStateException("QPN " + qpn + " is bound to group " + GleamAddresses.ip(groupIpOf[was])
          + " and to " + GleamAddresses.ip(groupIp));
    }
    groupOfQp[qpn] = number;
    return number;
  }

  /** The group number of QPN {@code qpn}, or {@link #NONE}. O(1). */
  public int groupOf(int qpn) {
    return qpn >= 0 && qpn < groupOfQp.length ? groupOfQp[qpn] : NONE;
  }

  /** The GroupIP of group number {@code number}. */
  public int groupIp(int number) {
    return groupIpOf[number];
  }

  /** Groups numbered so far. */
  public int groupCount() {
    return groups;
  }
}
