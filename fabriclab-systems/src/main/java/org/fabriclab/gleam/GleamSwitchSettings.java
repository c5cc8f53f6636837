package org.fabriclab.gleam;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

/**
 * The settings and counters of a {@link GleamSwitchElement}: the repeat interval, CNP filtering on
 * or off, the one-to-many WRITEs it recognises, the test hook {@link #dropAt}, and what the switch
 * counted (CNPs in and passed, repeated ACKs, suppressed NACKs, generated feedback, a source's
 * go-backs), with the switch's {@link AckAggregation} and {@link CnpFilter}.
 *
 * <p>Test hook {@link #dropAt}: the first copy of PSN {@code psn} leaving towards host {@code host}
 * is dropped at this switch (counted as dropped), a deterministic loss such as Fig. 7's.
 *
 * <p>The middle layer of {@link GleamSwitchElement} (above {@link GleamSwitchGroups}), split by
 * file for size: the settings and counters are fields read and written directly by the per-packet
 * path in {@link GleamSwitchElement}; only {@link GleamSwitchElement} is instantiated.
 */
abstract sealed class GleamSwitchSettings extends GleamSwitchGroups permits GleamSwitchElement {
  final int node;
  final AckAggregation aggregation;
  final CnpFilter cnpFilter;
  final LongOpenHashSet drops = new LongOpenHashSet();
  long repeatIntervalPs = org.fabriclab.units.Time.us(100);
  boolean cnpFiltering = true;
  WriteRequests writes;
  final IntArrayList goBacks = new IntArrayList();
  long feedbackGenerated;
  long repeatedAcks;
  long suppressedNacks;
  long cnpsIn;
  long cnpsPassed;

  GleamSwitchSettings(int node, MulticastForwardingTable table, QpGroupIndex index, long cnpAgingPs) {
    super(table, index);
    this.node = node;
    this.aggregation = new AckAggregation(table);
    this.cnpFilter = new CnpFilter(table, cnpAgingPs);
  }

  /** Drops the first copy of data PSN {@code psn} that leaves this switch towards host node {@code host}. */
  public void dropAt(int host, int psn) {
    drops.add(((long) host << 32) | (psn & 0xffffffffL));
  }

  /**
   * Minimum time between two repeated aggregated ACKs of a group (see {@link GleamSwitchElement}'s
   * class javadoc), ≥ 0.
   */
  public void setRepeatIntervalPs(long ps) {
    if (ps < 0) {
      throw new IllegalArgumentException("repeat interval must be >= 0");
    }
    repeatIntervalPs = ps;
  }

  /**
   * §3.5 CNP filtering on (default) or off: off, every CNP of a group is passed to the source (what
   * the source would see without the filter: the sum over receivers), for comparison runs only.
   */
  public void setCnpFiltering(boolean on) {
    cnpFiltering = on;
  }

  /** One-to-many WRITEs (§3.3): the MR updates and WRITE starts this switch recognises. */
  public void setWrites(WriteRequests w) {
    writes = w;
  }

  /** CNPs of a group that reached this switch from downstream, and those it passed to the source. */
  public long cnpsIn() {
    return cnpsIn;
  }

  public long cnpsPassed() {
    return cnpsPassed;
  }

  /** The switch this element is bound to. */
  public int node() {
    return node;
  }

  public AckAggregation aggregation() {
    return aggregation;
  }

  public CnpFilter cnpFilter() {
    return cnpFilter;
  }

  /**
   * Aggregated ACKs repeated on a receiver's duplicate ACK (see {@link GleamSwitchElement}'s class
   * javadoc).
   */
  public long repeatedAcks() {
    return repeatedAcks;
  }

  /**
   * The PSNs at which a source attached to this switch went back: a group DATA packet from a host
   * whose PSN is not above the previous one (first {@value GleamSwitchElement#MAX_GO_BACKS}), in
   * order.
   */
  public int[] sourceGoBacks() {
    return goBacks.toIntArray();
  }

  /** ACKs and NACKs this switch generated towards the source. */
  public long feedbackGenerated() {
    return feedbackGenerated;
  }

  /** NACKs suppressed as repeats of the last one within the repeat interval. */
  public long suppressedNacks() {
    return suppressedNacks;
  }
}
