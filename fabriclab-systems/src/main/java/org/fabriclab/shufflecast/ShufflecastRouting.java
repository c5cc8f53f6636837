package org.fabriclab.shufflecast;

import java.util.Arrays;

/**
 * Multicast-aware routing of Shufflecast: Algorithm 1 ("next-hop relay computation", seed
 * 000_9b2589b0d55d7b52.txt §III-A3, Fig. 3, Appendix A-A2). For source {@code s}, current ToR
 * {@code cur} and destination {@code d}: {@code X = k} when {@code d} is in {@code cur}'s column,
 * else {@code (k + c_d − c_cur) mod k}; if {@code X = k} or the top {@code k−X} row digits of
 * {@code d} equal the low {@code k−X} digits of {@code cur}, the next hop shifts {@code cur}'s
 * row left and appends {@code r^d_{X−1}}, otherwise it appends {@code r^s_{k−X'−1}} with
 * {@code X' = (k + c_cur − c_s) mod k}.
 *
 * <p>Complexity: {@link #nextHop} O(1) (powers of p are tabled); {@link #route} O(k) (Lemma 1:
 * at most 2k−1 hops); {@link #routes}, {@link #relaySet} and {@link #maxHops} O(N·k) for one
 * source; {@link #rules()} O(N²·k) time and N²/8 bytes — 1,024 or 1,536 ToRs in well under a
 * second. Stateless apart from the topology; thread-safe.
 */
public final class ShufflecastRouting {
  private final ShufflecastTopology t;
  private final int k;
  private final int p;
  private final int rows;

  public ShufflecastRouting(ShufflecastTopology topology) {
    this.t = topology;
    this.k = topology.k();
    this.p = topology.p();
    this.rows = topology.rows();
  }

  public ShufflecastTopology topology() {
    return t;
  }

  /** Algorithm 1: the next relay from {@code cur} towards {@code dest} for source {@code src}. */
  public int nextHop(int src, int cur, int dest) {
    int cc = cur / rows;
    int cd = dest / rows;
    int rc = cur % rows;
    int rd = dest % rows;
    int x = cd == cc ? k : (k + cd - cc) % k;
    int shifted = (rc * p) % rows;
    int digit;
    if (x == k || rd / t.pow(x) == rc % t.pow(k - x)) {
      digit = rd / t.pow(x - 1) % p; // r^d_{X-1}
    } else {
      int xs = (k + cc - src / rows) % k;
      digit = (src % rows) / t.pow(k - xs - 1) % p; // r^s_{k-X'-1}
    }
    return ((cc + 1) % k) * rows + shifted + digit;
  }

  /** The ToR path from {@code src} to {@code dest}, both included ({@code [src]} if equal). */
  public int[] route(int src, int dest) {
    t.requireTor("source", src);
    t.requireTor("destination", dest);
    int[] path = new int[2 * k + 1];
    int len = 0;
    int cur = src;
    path[len++] = cur;
    while (cur != dest) {
      if (len == path.length) {
        throw new IllegalStateException(
            "Algorithm 1 did not reach " + dest + " from " + src + " within " + (2 * k) + " hops");
      }
      cur = nextHop(src, cur, dest);
      path[len++] = cur;
    }
    return Arrays.copyOf(path, len);
  }

  /** Routes from {@code src} to every destination, indexed by destination. */
  public int[][] routes(int src) {
    int[][] out = new int[t.tors()][];
    for (int d = 0; d < out.length; d++) {
      out[d] = route(src, d);
    }
    return out;
  }

  /** Hops from {@code src} to every destination (0 for itself), indexed by destination. */
  public int[] hops(int src) {
    t.requireTor("source", src);
    int[] h = new int[t.tors()];
    for (int d = 0; d < h.length; d++) {
      int cur = src;
      while (cur != d) {
        cur = nextHop(src, cur, d);
        if (++h[d] > 2 * k) {
          throw new IllegalStateException("Algorithm 1 loops from " + src + " to " + d);
        }
      }
    }
    return h;
  }

  /** The largest hop count from {@code src} (Lemma 1: at most 2k−1). */
  public int maxHops(int src) {
    return Arrays.stream(hops(src)).max().orElse(0);
  }

  /** Lemma 1's bound {@code 2k − 1}. */
  public int hopBound() {
    return 2 * k - 1;
  }

  /** Relays of {@code src}'s one-to-all multicast: every ToR with a next hop, the source included. */
  public int[] relaySet(int src) {
    t.requireTor("source", src);
    boolean[] relay = new boolean[t.tors()];
    markRelays(src, relay);
    int[] out = new int[t.tors()];
    int m = 0;
    for (int i = 0; i < relay.length; i++) {
      if (relay[i]) {
        out[m++] = i;
      }
    }
    return Arrays.copyOf(out, m);
  }

  private void markRelays(int src, boolean[] relay) {
    for (int d = 0; d < relay.length; d++) {
      int cur = src;
      int steps = 0;
      while (cur != d) {
        relay[cur] = true;
        cur = nextHop(src, cur, d);
        if (++steps > 2 * k) {
          throw new IllegalStateException("Algorithm 1 loops from " + src + " to " + d);
        }
      }
    }
  }

  /**
   * The static relay rules of every ToR (§III-B1): ToR {@code r} relays for source {@code s}
   * iff {@code r} is in {@code s}'s relay set. Each ToR holds {@code k·p^(k−1)} of them.
   */
  public RelayRules rules() {
    if (t.tors() > 16_384) {
      throw new org.fabriclab.error.InvalidParameterException(
          "shufflecast --k",
          "complete relay tables are built for at most 16384 ToRs (got " + t.tors() + ")");
    }
    RelayRules.Builder b = new RelayRules.Builder(t.tors());
    boolean[] relay = new boolean[t.tors()];
    for (int s = 0; s < t.tors(); s++) {
      Arrays.fill(relay, false);
      markRelays(s, relay);
      for (int r = 0; r < relay.length; r++) {
        if (relay[r]) {
          b.add(r, s);
        }
      }
    }
    return b.build();
  }
}
