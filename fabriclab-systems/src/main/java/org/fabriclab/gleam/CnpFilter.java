package org.fabriclab.gleam;

/**
 * Congestion-signal filtering (seed 002, §3.5): a congestion counter per link of the tree at each
 * switch, counting the CNPs (or ECN-echo feedback) that arrive from the receivers or downstream
 * switches on it; a CNP passes towards the source only when it comes from the most congested
 * link, so the source's unmodified DCQCN follows the bottleneck path of the tree; the counters age
 * periodically so the choice follows the network's changes.
 *
 * <p>Decisions (the paper gives no formula): a CNP from port {@code i} first ages the group's
 * counters, then adds 1 to {@code i}'s counter (saturating at 65,535, the layout's 16 bits), and
 * passes iff {@code i}'s counter is then ≥ every other entry's and no other entry with an equal
 * counter is the group's <em>leader</em> (the link whose CNP passed last; none before the first
 * CNP, so the first CNP of an idle group passes); a passing CNP makes its link the leader. Ties
 * therefore pass from one link only: links congested alike (e.g. every receiver behind one
 * congested link above them, each echoing the same marks) give the source one CNP stream, not the
 * sum over receivers, which is what "only pass through the congestion signal from the most
 * congested link" asks (an earlier version let every tie pass, which doubles the signal of two
 * equally congested links). Aging halves every counter once per elapsed {@code agingPeriodPs},
 * applied lazily at the next CNP (no timer events). Counters live in the {@link
 * MulticastForwardingTable} entries, the leader in this filter. Cost O(entries) per CNP, no
 * allocation in steady state.
 */
public final class CnpFilter {
  private static final int MAX_COUNT = 65_535;
  private final MulticastForwardingTable t;
  private final int ports;
  private final long agingPeriodPs;
  private int[] leader = new int[0];
  private long passed;
  private long filtered;

  /** @param agingPeriodPs counters halve once per period, > 0 */
  public CnpFilter(MulticastForwardingTable table, long agingPeriodPs) {
    if (agingPeriodPs <= 0) {
      throw new IllegalArgumentException("agingPeriodPs must be > 0");
    }
    this.t = table;
    this.ports = table.portCount();
    this.agingPeriodPs = agingPeriodPs;
  }

  /**
   * A CNP of group slot {@code g} entered by {@code inPort} at {@code nowPs} (non-decreasing).
   *
   * @return true when it passes towards the source (through {@code ack_out_port})
   */
  public boolean onCnp(int g, int inPort, long nowPs) {
    age(g, nowPs);
    int k = t.entryOfPort(g, inPort);
    if (k < 0 || inPort == t.ackOutPort(g)) {
      filtered++;
      return false;
    }
    int base = g * ports;
    int i = base + k;
    if (t.congestion[i] < MAX_COUNT) {
      t.congestion[i]++;
    }
    int c = t.congestion[i];
    int n = t.entryCount(g);
    if (g >= leader.length) {
      int old = leader.length;
      leader = java.util.Arrays.copyOf(leader, Math.max(g + 1, old * 2));
      java.util.Arrays.fill(leader, old, leader.length, -1);
    }
    int lead = leader[g];
    for (int j = 0; j < n; j++) {
      int o = t.congestion[base + j];
      if (j != k && (o > c || (o == c && j == lead))) {
        filtered++;
        return false;
      }
    }
    leader[g] = k;
    passed++;
    return true;
  }

  /** Applies the halvings due by {@code nowPs}. */
  public void age(int g, long nowPs) {
    long periods = (nowPs - t.agedAtPs[g]) / agingPeriodPs;
    if (periods <= 0) {
      return;
    }
    t.agedAtPs[g] += periods * agingPeriodPs;
    int shift = (int) Math.min(periods, 31);
    int base = g * ports;
    int n = t.entryCount(g);
    for (int j = 0; j < n; j++) {
      t.congestion[base + j] >>= shift;
    }
  }

  /** The entry whose CNP passed last in group slot {@code g}, or −1. */
  public int leader(int g) {
    return g < leader.length ? leader[g] : -1;
  }

  public long passed() {
    return passed;
  }

  public long filtered() {
    return filtered;
  }
}
