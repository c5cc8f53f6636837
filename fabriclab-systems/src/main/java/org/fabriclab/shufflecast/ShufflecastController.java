package org.fabriclab.shufflecast;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.error.InvalidParameterException;

/**
 * The logically centralised controller of Shufflecast (seed 000 §III-B, §III-C2, §VI-B(a)).
 * At construction it precomputes the static ToR-to-ToR relay rules of every ToR with
 * {@link ShufflecastRouting} (Algorithm 1, once per source) and installs them; afterwards only
 * application-directed ToR-to-server rules change: one multicast rule per (ToR, group) that
 * lists the group's servers under that ToR. Each update reports the rules changed and its latency:
 * 0.6 ms per switch update, all switches updated in parallel (§VI-B(a)), so one update costs
 * 0.6 ms whatever the number of ToRs touched (0 if none).
 *
 * <p>Failover (§III-C2): the controller runs as {@code replicas} instances, the lowest-numbered
 * live one is primary; when the primary fails the next live backup is elected. ToR-to-ToR
 * forwarding never depends on the controller; membership updates need a live primary.
 *
 * <p>A mutable object (not thread-safe). Complexity: construction O(N²·k); an update O(m log m)
 * for m servers named in it.
 */
public final class ShufflecastController {
  /** Measured rule update time on one switch (§VI-B(a)). */
  public static final double SWITCH_UPDATE_MS = 0.6;

  private final ShufflecastTopology t;
  private final int serversPerTor;
  private final RelayRules relayRules;
  private final boolean[] replicaUp;
  private final Map<Integer, Map<Integer, TreeSet<Integer>>> groups = new HashMap<>();

  /**
   * One membership update.
   *
   * @param group the multicast group
   * @param torsChanged ToRs whose ToR-to-server rule changed, ascending
   * @param rulesAdded rules created (first member under a ToR)
   * @param rulesModified rules whose server list changed
   * @param rulesRemoved rules removed (last member under a ToR left)
   * @param latencyMs update latency with switches updated in parallel
   * @param controller the replica that applied it
   */
  public record Update(
      int group, int[] torsChanged, int rulesAdded, int rulesModified, int rulesRemoved,
      double latencyMs, int controller) {
    public int rulesChanged() {
      return rulesAdded + rulesModified + rulesRemoved;
    }
  }

  public ShufflecastController(ShufflecastTopology topology, int serversPerTor, int replicas) {
    InvalidParameterException.requireRange("servers-per-tor", serversPerTor, 1, 1 << 16);
    InvalidParameterException.requireRange("controllers", replicas, 1, 64);
    this.t = topology;
    this.serversPerTor = serversPerTor;
    this.relayRules = new ShufflecastRouting(topology).rules();
    this.replicaUp = new boolean[replicas];
    Arrays.fill(replicaUp, true);
  }

  /** The pre-installed static ToR-to-ToR relay rules. */
  public RelayRules relayRules() {
    return relayRules;
  }

  /** The current primary replica, or −1 if every replica has failed. */
  public int primary() {
    for (int i = 0; i < replicaUp.length; i++) {
      if (replicaUp[i]) {
        return i;
      }
    }
    return -1;
  }

  /** Fails a replica; if it was the primary the next live backup becomes primary. Returns the new primary. */
  public int fail(int replica) {
    InvalidParameterException.requireRange("controller", replica, 0, replicaUp.length - 1);
    replicaUp[replica] = false;
    return primary();
  }

  public Update join(int group, int... servers) {
    return apply(group, servers, true);
  }

  public Update leave(int group, int... servers) {
    return apply(group, servers, false);
  }

  /** Servers of {@code group} under physical ToR {@code tor}, ascending. */
  public int[] members(int group, int tor) {
    TreeSet<Integer> s = groups.getOrDefault(group, Map.of()).get(tor);
    return s == null ? new int[0] : s.stream().mapToInt(Integer::intValue).toArray();
  }

  private Update apply(int group, int[] servers, boolean join) {
    int primary = primary();
    if (primary < 0) {
      throw new FabriclabException(
          "no live controller: membership of group " + group + " cannot change (ToR-to-ToR relaying"
              + " continues on the pre-installed rules)");
    }
    int totalServers = t.physicalTors() * serversPerTor;
    Map<Integer, TreeSet<Integer>> byTor = groups.computeIfAbsent(group, g -> new HashMap<>());
    Map<Integer, Integer> before = new HashMap<>();
    for (int s : servers) {
      InvalidParameterException.requireRange("server", s, 0, totalServers - 1);
      int tor = s / serversPerTor;
      TreeSet<Integer> set = byTor.computeIfAbsent(tor, x -> new TreeSet<>());
      before.putIfAbsent(tor, set.size());
      if (join) {
        set.add(s);
      } else {
        set.remove(s);
      }
    }
    int added = 0;
    int modified = 0;
    int removed = 0;
    List<Integer> changed = new ArrayList<>();
    for (Map.Entry<Integer, Integer> e : new java.util.TreeMap<>(before).entrySet()) {
      int tor = e.getKey();
      int was = e.getValue();
      TreeSet<Integer> set = byTor.get(tor);
      int now = set.size();
      if (set.isEmpty()) {
        byTor.remove(tor);
      }
      if (was == 0 && now > 0) {
        added++;
      } else if (was > 0 && now == 0) {
        removed++;
      } else if (was != now) {
        modified++;
      } else {
        continue;
      }
      changed.add(tor);
    }
    double latency = changed.isEmpty() ? 0 : SWITCH_UPDATE_MS;
    return new Update(group, changed.stream().mapToInt(Integer::intValue).toArray(), added,
        modified, removed, latency, primary);
  }
}
