package org.fabriclab.shufflecast;

/**
 * Reachability and hop-count impact of one failed relay on every source, without and with
 * Algorithm 2 recovery (seed 000 §III-C1 Fig. 4, §VI-C Fig. 7(a)(b)). Every result comes from
 * {@link MulticastDelivery} following the installed rules; Algorithm 1 is only used to install the
 * healthy rules.
 *
 * <p>Complexity for one failed relay: a source whose rules Algorithm 2 leaves alone and for which
 * the failed ToR is not a relay only loses the failed ToR as a leaf, so its outcome comes from the
 * healthy hop counts in O(1); only the {@code k·p^(k−1) + k} affected sources are followed again,
 * each in O(N·p). One failure: O(N²) (dominated by those searches, {@code k·p^(k−1)·N·p = N²});
 * every (relay, source) pair: O(N³) — see docs/benchmarks-shufflecast.md for measured times.
 */
public final class FailureAnalysis {
  /** Largest instance analysed (N² bytes of healthy hop counts). */
  public static final int MAX_TORS = 16_384;
  private final ShufflecastTopology t;
  private final RelayRules rules;
  private final MulticastDelivery delivery;
  private final RelayFailureRecovery recovery;
  private final int[] healthyMax;
  private final int[] countAtMax;
  private final int[] secondMax;
  private final byte[] hops; // healthy hops, row-major by source: N² bytes

  /**
   * Per-source outcome of one failed relay.
   *
   * @param failed the failed relay
   * @param unreachableBefore unreachable ToRs per source without recovery (failed ToR excluded)
   * @param maxHopsBefore max hops per source without recovery (over reached ToRs)
   * @param unreachableAfter unreachable ToRs per source after Algorithm 2
   * @param maxHopsAfter max hops per source after Algorithm 2
   * @param healthyMaxHops max hops per source with no failure
   * @param recovered the recovered rules
   */
  public record Impact(
      int failed,
      int[] unreachableBefore,
      int[] maxHopsBefore,
      int[] unreachableAfter,
      int[] maxHopsAfter,
      int[] healthyMaxHops,
      RelayFailureRecovery.Outcome recovered) {}

  public FailureAnalysis(ShufflecastTopology topology) {
    this(topology, new ShufflecastRouting(topology).rules());
  }

  public FailureAnalysis(ShufflecastTopology topology, RelayRules healthyRules) {
    if (topology.tors() > MAX_TORS) {
      throw new org.fabriclab.error.InvalidParameterException(
          "shufflecast --k",
          "failure analysis handles at most " + MAX_TORS + " ToRs (got " + topology.tors() + ")");
    }
    this.t = topology;
    this.rules = healthyRules;
    this.delivery = new MulticastDelivery(topology);
    this.recovery = new RelayFailureRecovery(topology, healthyRules);
    int n = t.tors();
    healthyMax = new int[n];
    countAtMax = new int[n];
    secondMax = new int[n];
    hops = new byte[n * n];
    for (int s = 0; s < n; s++) {
      int[] h = delivery.follow(rules, s, null).hops();
      for (int v = 0; v < n; v++) {
        hops[s * n + v] = (byte) h[v];
      }
      int max = 0;
      int count = 0;
      int second = 0;
      for (int v = 0; v < n; v++) {
        if (h[v] > max) {
          second = max;
          max = h[v];
          count = 1;
        } else if (h[v] == max) {
          count++;
        } else if (h[v] > second) {
          second = h[v];
        }
      }
      healthyMax[s] = max;
      countAtMax[s] = count;
      secondMax[s] = second;
    }
  }

  public RelayRules healthyRules() {
    return rules;
  }

  /** Max hops per source in the healthy fabric (following the rules). */
  public int[] healthyMaxHops() {
    return healthyMax.clone();
  }

  /** The impact of relay {@code failed} on every source. */
  public Impact impact(int failed) {
    t.requireTor("--failed", failed);
    int n = t.tors();
    RelayFailureRecovery.Outcome out = recovery.recover(failed);
    boolean[] mask = out.failedMask(n);
    boolean[] affected = new boolean[n];
    affected[failed] = true;
    for (int s = 0; s < n; s++) {
      affected[s] |= rules.has(failed, s);
    }
    for (RelayFailureRecovery.Step st : out.steps()) {
      for (int s : st.movedSources()) {
        affected[s] = true;
      }
    }
    int[] ub = new int[n];
    int[] hb = new int[n];
    int[] ua = new int[n];
    int[] ha = new int[n];
    for (int s = 0; s < n; s++) {
      if (!affected[s]) {
        // the failed ToR is a leaf of s's tree: it alone is lost, and it is not unreachable
        int h = hops[s * n + failed];
        int max = h == healthyMax[s] && countAtMax[s] == 1 ? secondMax[s] : healthyMax[s];
        hb[s] = max;
        ha[s] = max;
        continue;
      }
      MulticastDelivery.Reach before = delivery.follow(rules, s, mask);
      MulticastDelivery.Reach after = delivery.follow(out.rules(), s, mask);
      ub[s] = before.unreachable().length;
      hb[s] = before.maxHops();
      ua[s] = after.unreachable().length;
      ha[s] = after.maxHops();
    }
    return new Impact(failed, ub, hb, ua, ha, healthyMax.clone(), out);
  }
}
