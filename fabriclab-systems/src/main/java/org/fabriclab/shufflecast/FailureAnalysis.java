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
  /** Largest instance analysed (6·N² bytes of healthy-tree data: 100 MB at 4,096 ToRs). */
  public static final int MAX_TORS = 4_096;
  private final ShufflecastTopology t;
  private final RelayRules rules;
  private final MulticastDelivery delivery;
  private final RelayFailureRecovery recovery;
  private final int[] healthyMax;
  private final int[] countAtMax;
  private final int[] secondMax;
  private final byte[] hops; // healthy hops, row-major by source: N² bytes
  // healthy delivery tree of each source in DFS order: entry/exit positions of every ToR, and the
  // largest depth before / after each position (row-major by source)
  private final short[] tin;
  private final short[] tout;
  private final byte[] prefixMax;
  private final byte[] suffixMax;

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
    tin = new short[n * n];
    tout = new short[n * n];
    prefixMax = new byte[n * n];
    suffixMax = new byte[n * n];
    for (int s = 0; s < n; s++) {
      int[] h = delivery.follow(rules, s, null).hops();
      for (int v = 0; v < n; v++) {
        hops[s * n + v] = (byte) h[v];
      }
      tour(s, h);
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

  /** Euler tour of source s's healthy delivery tree (each ToR has one relay predecessor). O(N·p). */
  private void tour(int s, int[] h) {
    int n = t.tors();
    int p = t.p();
    int[] childCount = new int[n + 1];
    int[] parent = new int[n];
    for (int v = 0; v < n; v++) {
      parent[v] = -1;
      if (v == s || h[v] < 0) {
        continue;
      }
      for (int q = 0; q < p; q++) {
        int u = t.predecessor(v, q);
        if (h[u] == h[v] - 1 && (u == s || rules.has(u, s))) {
          parent[v] = u;
          break;
        }
      }
      if (parent[v] < 0) {
        throw new IllegalStateException("no relay predecessor of " + v + " for source " + s);
      }
      childCount[parent[v] + 1]++;
    }
    for (int v = 0; v < n; v++) {
      childCount[v + 1] += childCount[v];
    }
    int[] children = new int[n];
    int[] fill = java.util.Arrays.copyOf(childCount, n);
    for (int v = 0; v < n; v++) {
      if (parent[v] >= 0) {
        children[fill[parent[v]]++] = v;
      }
    }
    int[] stack = new int[n];
    int[] next = new int[n];
    int[] order = new int[n];
    int top = 0;
    int pos = 0;
    stack[top++] = s;
    next[s] = childCount[s];
    tin[s * n + s] = (short) pos;
    order[pos++] = s;
    while (top > 0) {
      int u = stack[top - 1];
      if (next[u] < childCount[u + 1]) {
        int c = children[next[u]++];
        next[c] = childCount[c];
        tin[s * n + c] = (short) pos;
        order[pos++] = c;
        stack[top++] = c;
      } else {
        tout[s * n + u] = (short) (pos - 1);
        top--;
      }
    }
    int m = 0;
    for (int i = 0; i < pos; i++) {
      m = Math.max(m, h[order[i]]);
      prefixMax[s * n + i] = (byte) m;
    }
    m = 0;
    for (int i = pos - 1; i >= 0; i--) {
      m = Math.max(m, h[order[i]]);
      suffixMax[s * n + i] = (byte) m;
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
    int[] hopBuf = new int[n];
    int[] queueBuf = new int[n];
    for (int s = 0; s < n; s++) {
      if (!affected[s]) {
        // the failed ToR is a leaf of s's tree: it alone is lost, and it is not unreachable
        int h = hops[s * n + failed];
        int max = h == healthyMax[s] && countAtMax[s] == 1 ? secondMax[s] : healthyMax[s];
        hb[s] = max;
        ha[s] = max;
        continue;
      }
      if (s == failed) {
        ub[s] = n - 1;
        ua[s] = n - 1;
        continue;
      }
      // without recovery: the failed relay's subtree of s's healthy tree is lost
      int a = tin[s * n + failed];
      int b = tout[s * n + failed];
      ub[s] = b - a;
      int left = a > 0 ? prefixMax[s * n + a - 1] : 0;
      int right = b + 1 < n ? suffixMax[s * n + b + 1] : 0;
      hb[s] = Math.max(left, right);
      long r = delivery.countUnreachable(out.rules(), s, mask, hopBuf, queueBuf);
      ua[s] = (int) (r >>> 32);
      ha[s] = (int) r;
    }
    return new Impact(failed, ub, hb, ua, ha, healthyMax.clone(), out);
  }
}
