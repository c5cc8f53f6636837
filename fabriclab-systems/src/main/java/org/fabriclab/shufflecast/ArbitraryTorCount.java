package org.fabriclab.shufflecast;

/**
 * Routing and cost of Shufflecast for a physical ToR count T that is not k·p^k (seed 000
 * §III-A1): the fabric is wired as the p,k instance with N ≥ T logical ToRs, logical ToR i hosted
 * by physical ToR {@code i mod T}, so N − T physical ToRs carry two splitters (T = 15, p = 2: the
 * 2,3 instance, 9 ToRs with two). Routing is Algorithm 1 on the logical instance, unchanged; a
 * physical source uses its first logical id, and a physical ToR is reached when the first of its
 * logical nodes is. Decision (cost): each logical node keeps its own p ports, transceivers and
 * splitter; in one one-to-all tree every logical node but the source receives on one port and
 * every logical relay transmits on one, so the tree lights N + relays ports as for N physical
 * ToRs (a ToR with two logical nodes receives the data twice). O(T·N) per analysis.
 */
public final class ArbitraryTorCount {
  private final ShufflecastTopology t;

  /** The p,k instance wired for {@code physicalTors} ToRs. */
  public ArbitraryTorCount(int p, int k, int physicalTors) {
    this.t = new ShufflecastTopology(p, k, physicalTors);
  }

  /**
   * One-to-all multicasts from every physical ToR.
   *
   * @param physical T
   * @param logical N = k·p^k
   * @param doubled physical ToRs hosting two or more logical ToRs
   * @param allReached every multicast reaches every other physical ToR
   * @param maxHops most hops to a physical ToR over all sources
   * @param averageHops mean hops to the other physical ToRs over all sources
   * @param treePorts active ports of one one-to-all tree (N + relays)
   * @param splitters splitters of the deployment (N)
   */
  public record Result(int physical, int logical, int doubled, boolean allReached, int maxHops,
      double averageHops, long treePorts, long splitters) {}

  public Result analyse() {
    int n = t.tors();
    int tp = t.physicalTors();
    ShufflecastRouting r = new ShufflecastRouting(t);
    MulticastDelivery d = new MulticastDelivery(t);
    RelayRules rules = r.rules();
    boolean[] none = new boolean[n];
    boolean all = true;
    int max = 0;
    double sum = 0;
    int[] best = new int[tp];
    for (int src = 0; src < tp; src++) {
      MulticastDelivery.Reach reach = d.follow(rules, src, none);
      java.util.Arrays.fill(best, Integer.MAX_VALUE);
      best[src] = 0;
      for (int i = 0; i < n; i++) {
        if (reach.hops()[i] >= 0) {
          best[t.host(i)] = Math.min(best[t.host(i)], reach.hops()[i]);
        }
      }
      for (int x = 0; x < tp; x++) {
        if (best[x] == Integer.MAX_VALUE) {
          all = false;
        } else if (x != src) {
          max = Math.max(max, best[x]);
          sum += best[x];
        }
      }
    }
    long relays = (long) t.k() * t.pow(t.k() - 1);
    return new Result(tp, n, Math.min(n - tp, tp), all, max, tp < 2 ? 0 : sum / ((double) tp * (tp - 1)),
        n + relays, n);
  }
}
