package org.fabriclab.traffic;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.fabriclab.analysis.DemandMatrix;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;

/**
 * Clustered traffic of Flat-tree's evaluation (seed 001_5e703544cea19579.txt, §3.1, §3.3): servers
 * are split into disjoint clusters of {@code clusterSize} (each server in at most one cluster;
 * fewer than {@code clusterSize} left-over servers stay idle), and each cluster carries broadcast
 * (a random member sends one unit to every other member), incast (every other member sends one
 * unit to a random member) or all-to-all (one unit per ordered pair) traffic.
 *
 * <p>Placement: strong locality packs clusters contiguously over the servers in id order (Pod by
 * Pod for fat-tree-like numberings); weak locality fills each cluster from a random Pod that still
 * has free servers, taking random free servers of it and moving on to another random Pod when it
 * runs out ("packed randomly in Pods as long as there are remaining servers"); no locality takes
 * random servers of the whole network. A server's Pod is its {@code pod} label, or, without one,
 * its rank divided by {@code serversPerPod}. O(servers + demands).
 */
public final class ClusterTraffic {
  /** Traffic inside a cluster. */
  public enum Pattern {
    BROADCAST,
    INCAST,
    ALL_TO_ALL;

    public static Pattern parse(String s) {
      for (Pattern p : values()) {
        if (p.name().replace('_', '-').equalsIgnoreCase(s.trim())) {
          return p;
        }
      }
      throw new InvalidParameterException("--traffic", s, "one of broadcast|incast|all-to-all");
    }

    public String id() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /** Workload placement. */
  public enum Locality {
    STRONG,
    WEAK,
    NONE;

    public static Locality parse(String s) {
      for (Locality l : values()) {
        if (l.name().equalsIgnoreCase(s.trim())) {
          return l;
        }
      }
      throw new InvalidParameterException("--locality", s, "one of strong|weak|none");
    }

    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final Topology t;
  private final int[] servers;
  private final int clusterSize;
  private final Pattern pattern;
  private final Locality locality;
  private final int serversPerPod;

  /**
   * @param servers the servers that may take part (e.g. all, or those of a zone), node ids
   * @param clusterSize servers per cluster, 2..servers
   * @param serversPerPod Pod size used when the topology has no {@code pod} label
   * @throws InvalidParameterException when the cluster size is out of range
   */
  public ClusterTraffic(Topology t, int[] servers, int clusterSize, Pattern pattern, Locality locality, int serversPerPod) {
    if (clusterSize < 2 || clusterSize > servers.length) {
      throw new InvalidParameterException("--cluster-size", clusterSize, "must be 2.." + servers.length + " (servers)");
    }
    this.t = t;
    this.servers = servers.clone();
    this.clusterSize = clusterSize;
    this.pattern = pattern;
    this.locality = locality;
    this.serversPerPod = Math.max(1, serversPerPod);
  }

  /** Over all servers of {@code t}. */
  public ClusterTraffic(Topology t, int clusterSize, Pattern pattern, Locality locality, int serversPerPod) {
    this(t, t.servers(), clusterSize, pattern, locality, serversPerPod);
  }

  private int pod(int rank) {
    int s = servers[rank];
    if (t.labels().fieldIndex("pod") >= 0) {
      return t.labels().get(s, "pod");
    }
    return rank / serversPerPod;
  }

  /** The clusters (node ids), drawn with {@code rnd}. */
  public List<int[]> clusters(SplittableRandom rnd) {
    int count = servers.length / clusterSize;
    int[] order;
    switch (locality) {
      case STRONG -> order = servers.clone();
      case NONE -> {
        order = servers.clone();
        shuffle(order, rnd);
      }
      default -> order = weakOrder(rnd, count);
    }
    List<int[]> out = new ArrayList<>(count);
    for (int c = 0; c < count; c++) {
      out.add(Arrays.copyOfRange(order, c * clusterSize, (c + 1) * clusterSize));
    }
    return out;
  }

  private int[] weakOrder(SplittableRandom rnd, int count) {
    int pods = 0;
    for (int i = 0; i < servers.length; i++) {
      pods = Math.max(pods, pod(i) + 1);
    }
    int[][] free = new int[pods][];
    int[] size = new int[pods];
    for (int i = 0; i < servers.length; i++) {
      size[pod(i)]++;
    }
    for (int p = 0; p < pods; p++) {
      free[p] = new int[size[p]];
      size[p] = 0;
    }
    for (int i = 0; i < servers.length; i++) {
      int p = pod(i);
      free[p][size[p]++] = servers[i];
    }
    for (int[] f : free) {
      shuffle(f, rnd);
    }
    int[] used = new int[pods];
    int[] order = new int[count * clusterSize];
    int x = 0;
    for (int c = 0; c < count; c++) {
      int need = clusterSize;
      while (need > 0) {
        int p = randomPodWithFreeServers(rnd, free, used);
        while (need > 0 && used[p] < free[p].length) {
          order[x++] = free[p][used[p]++];
          need--;
        }
      }
    }
    return order;
  }

  private static int randomPodWithFreeServers(SplittableRandom rnd, int[][] free, int[] used) {
    int open = 0;
    for (int p = 0; p < free.length; p++) {
      if (used[p] < free[p].length) {
        open++;
      }
    }
    int pick = rnd.nextInt(open);
    for (int p = 0; p < free.length; p++) {
      if (used[p] < free[p].length && pick-- == 0) {
        return p;
      }
    }
    throw new IllegalStateException("no free server");
  }

  private static void shuffle(int[] a, SplittableRandom rnd) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int tmp = a[i];
      a[i] = a[j];
      a[j] = tmp;
    }
  }

  /** The demands of the clusters drawn with {@code rnd} (one unit per sender–receiver pair). */
  public DemandMatrix demands(SplittableRandom rnd) {
    DemandMatrix.Builder b = DemandMatrix.builder();
    for (int[] c : clusters(rnd)) {
      if (pattern == Pattern.ALL_TO_ALL) {
        for (int u : c) {
          for (int v : c) {
            if (u != v) {
              b.add(u, v, 1);
            }
          }
        }
        continue;
      }
      int hot = c[rnd.nextInt(c.length)];
      for (int v : c) {
        if (v != hot) {
          if (pattern == Pattern.BROADCAST) {
            b.add(hot, v, 1);
          } else {
            b.add(v, hot, 1);
          }
        }
      }
    }
    return b.build();
  }
}
