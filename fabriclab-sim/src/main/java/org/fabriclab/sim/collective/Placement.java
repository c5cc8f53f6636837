package org.fabriclab.sim.collective;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.rng.RandomStreams;

/**
 * Where the ranks run: a map from rank to host index (0 … servers − 1).
 *
 * <ul>
 *   <li>{@code contiguous}: rank {@code r} on host {@code r} (ranks fill a ToR, then the next);
 *   <li>{@code spread}: round-robin over the ToRs (a host's first neighbour), ToRs ordered so that
 *       consecutive ranks are also in different pods where the topology labels pods — rank 0 on
 *       the first host of the first ToR of pod 0, rank 1 on the first host of the first ToR of
 *       pod 1, …;
 *   <li>{@code random}: a uniformly random set and order of hosts, from the seed's stream
 *       {@code collective.placement}.
 * </ul>
 */
public enum Placement {
  CONTIGUOUS,
  SPREAD,
  RANDOM;

  /** The name on the command line. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Placement parse(String s) {
    for (Placement p : values()) {
      if (p.cliName().equals(s.strip().toLowerCase(Locale.ROOT))) {
        return p;
      }
    }
    throw new InvalidParameterException("placement", s, "valid: contiguous, spread, random");
  }

  /** Host index of each of {@code ranks} ranks on {@code topo}. O(servers log servers). */
  public int[] hosts(Topology topo, int ranks, long seed) {
    int servers = topo.serverCount();
    if (ranks > servers) {
      throw new InvalidParameterException("ranks", ranks, "valid range 2.." + servers
          + " (the hosts of " + topo.family() + ")");
    }
    int[] h = new int[ranks];
    switch (this) {
      case CONTIGUOUS -> {
        for (int r = 0; r < ranks; r++) {
          h[r] = r;
        }
      }
      case RANDOM -> {
        int[] perm = new int[servers];
        for (int i = 0; i < servers; i++) {
          perm[i] = i;
        }
        SplittableRandom rnd = new RandomStreams(seed).stream("collective.placement");
        for (int i = 0; i < ranks; i++) {
          int j = i + rnd.nextInt(servers - i);
          int x = perm[i];
          perm[i] = perm[j];
          perm[j] = x;
        }
        System.arraycopy(perm, 0, h, 0, ranks);
      }
      case SPREAD -> {
        int n = topo.nodeCount();
        List<List<Integer>> byTor = new ArrayList<>();
        int[] torSlot = new int[n];
        Arrays.fill(torSlot, -1);
        List<Integer> torNode = new ArrayList<>();
        for (int i = 0; i < servers; i++) {
          int s = topo.server(i);
          int tor = topo.degree(s) == 0 ? s : topo.neighbor(s, 0);
          if (torSlot[tor] < 0) {
            torSlot[tor] = byTor.size();
            byTor.add(new ArrayList<>());
            torNode.add(tor);
          }
          byTor.get(torSlot[tor]).add(i);
        }
        Integer[] order = new Integer[byTor.size()];
        int podField = topo.labels().isEmpty() ? -1 : topo.labels().fieldIndex("pod");
        int[] within = new int[order.length];
        int[] pod = new int[order.length];
        java.util.Map<Integer, Integer> seen = new java.util.HashMap<>();
        for (int t = 0; t < order.length; t++) {
          order[t] = t;
          pod[t] = podField < 0 ? 0 : topo.labels().get(torNode.get(t), podField);
          within[t] = seen.merge(pod[t], 1, Integer::sum) - 1;
        }
        // by index within the pod first, then by pod: consecutive ToRs sit in different pods
        Arrays.sort(order, (a, b) -> within[a] != within[b] ? Integer.compare(within[a], within[b])
            : pod[a] != pod[b] ? Integer.compare(pod[a], pod[b]) : Integer.compare(a, b));
        int r = 0;
        for (int round = 0; r < ranks; round++) {
          for (int t = 0; t < order.length && r < ranks; t++) {
            List<Integer> hs = byTor.get(order[t]);
            if (round < hs.size()) {
              h[r++] = hs.get(round);
            }
          }
        }
      }
      default -> throw new IllegalStateException();
    }
    return h;
  }
}
