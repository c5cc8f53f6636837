package org.fabriclab.shufflecast;

import java.util.Arrays;

/**
 * Where a one-to-all multicast actually goes when every ToR follows its installed
 * {@link RelayRules} over the splitter links (seed 000 §III-B1, §III-C1): the source transmits
 * into its splitter; every other ToR that receives a packet of source {@code s} delivers it and,
 * if it holds a rule for {@code s}, re-transmits it once into its own splitter. Failed ToRs
 * neither receive nor transmit (a relay failure is the failure of its transceiver, fibre or
 * splitter, §III-C1). Copies of its own packets that come back to the source are ignored, and a
 * ToR that receives a packet twice (possible after recovery) relays it only once. This is a
 * breadth-first search on the splitter graph: O(N·p) per source; it never consults Algorithm 1,
 * so it checks the rules independently of the routing that produced them.
 */
public final class MulticastDelivery {
  private final ShufflecastTopology t;

  /**
   * The outcome for one source.
   *
   * @param source the source ToR
   * @param hops splitter hops to each ToR, −1 if it is not reached (or failed); 0 for the source
   * @param maxHops largest hop count over reached ToRs
   * @param unreachable ToRs, other than failed ones and the source, that receive nothing
   * @param transmitters ToRs that transmit into their splitter for this source, ascending
   */
  public record Reach(int source, int[] hops, int maxHops, int[] unreachable, int[] transmitters) {
    public boolean reachesAll() {
      return unreachable.length == 0;
    }
  }

  public MulticastDelivery(ShufflecastTopology topology) {
    this.t = topology;
  }

  /**
   * The same search without allocation, for analyses that only need counts: returns
   * {@code unreachable << 32 | maxHops}. {@code hops} and {@code queue} are caller-owned buffers
   * of length N (overwritten).
   */
  public long countUnreachable(RelayRules rules, int source, boolean[] failed, int[] hops, int[] queue) {
    int n = t.tors();
    java.util.Arrays.fill(hops, 0, n, -1);
    int head = 0;
    int tail = 0;
    int max = 0;
    int reached = 0;
    int p = t.p();
    if (failed == null || !failed[source]) {
      hops[source] = 0;
      queue[tail++] = source;
    }
    while (head < tail) {
      int u = queue[head++];
      if (u != source && !rules.has(u, source)) {
        continue;
      }
      int base = t.successorBase(u);
      int hu = hops[u] + 1;
      for (int v = base; v < base + p; v++) {
        if (hops[v] >= 0 || (failed != null && failed[v])) {
          continue;
        }
        hops[v] = hu;
        max = Math.max(max, hu);
        reached++;
        queue[tail++] = v;
      }
    }
    int alive = 0;
    for (int v = 0; v < n; v++) {
      if (v != source && (failed == null || !failed[v])) {
        alive++;
      }
    }
    return (long) (alive - reached) << 32 | max;
  }

  /** Follows {@code rules} from {@code source}; {@code failed[i]} marks failed ToRs (may be null). */
  public Reach follow(RelayRules rules, int source, boolean[] failed) {
    int n = t.tors();
    t.requireTor("source", source);
    int[] hops = new int[n];
    Arrays.fill(hops, -1);
    int[] queue = new int[n];
    int[] tx = new int[n];
    int txCount = 0;
    int head = 0;
    int tail = 0;
    int max = 0;
    boolean sourceDown = failed != null && failed[source];
    if (!sourceDown) {
      hops[source] = 0;
      queue[tail++] = source;
    }
    while (head < tail) {
      int u = queue[head++];
      if (u != source && !rules.has(u, source)) {
        continue;
      }
      tx[txCount++] = u;
      for (int m = 0; m < t.p(); m++) {
        int v = t.successor(u, m);
        if (hops[v] >= 0 || (failed != null && failed[v])) {
          continue;
        }
        hops[v] = hops[u] + 1;
        max = Math.max(max, hops[v]);
        queue[tail++] = v;
      }
    }
    int[] un = new int[n];
    int m = 0;
    for (int v = 0; v < n; v++) {
      if (v != source && hops[v] < 0 && (failed == null || !failed[v])) {
        un[m++] = v;
      }
    }
    int[] transmitters = Arrays.copyOf(tx, txCount);
    Arrays.sort(transmitters);
    return new Reach(source, hops, max, Arrays.copyOf(un, m), transmitters);
  }
}
