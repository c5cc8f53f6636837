package org.fabriclab.flattree;

import org.fabriclab.analysis.Bfs;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.Topology;

/**
 * Average path length of server pairs in the same Pod (seed 001_5e703544cea19579.txt, §3.2,
 * Fig. 6). A server's Pod is its {@code pod} label when the topology has one (fat-tree, flat-tree,
 * two-stage random graph); otherwise (Jellyfish) servers are cut into {@code pods} consecutive
 * groups of equal size by their order, as the paper's random graph has no Pods of its own.
 *
 * <p>Servers must be single-homed (degree 1): a pair on one switch is 2 hops apart, on switches
 * {@code a ≠ b} it is {@code d(a,b) + 2}. One BFS per distinct attachment switch of each Pod:
 * O(A·(n+m)) for A attachment switches, pairs summed by counts per switch.
 */
public final class InPodPathLength {
  private final Topology t;
  private final int pods;

  /**
   * @param pods number of Pods (used when the topology has no pod label), >= 1
   * @throws InvalidParameterException when a server is not single-homed
   */
  public InPodPathLength(Topology t, int pods) {
    for (int s : t.servers()) {
      if (t.degree(s) != 1) {
        throw new InvalidParameterException("topology", "in-Pod path length needs single-homed servers");
      }
    }
    this.t = t;
    this.pods = Math.max(1, pods);
  }

  private int podOf(int serverIndex, int server) {
    Labels l = t.labels();
    if (l.fieldIndex("pod") >= 0) {
      return l.get(server, "pod");
    }
    long per = ((long) t.serverCount() + pods - 1) / pods;
    return (int) (serverIndex / per);
  }

  /** The average over ordered pairs of distinct servers in the same Pod. */
  public double average() {
    int[] servers = t.servers();
    int podCount = 0;
    for (int i = 0; i < servers.length; i++) {
      podCount = Math.max(podCount, podOf(i, servers[i]) + 1);
    }
    int[] count = new int[t.nodeCount()];
    int[][] attach = new int[podCount][];
    int[] sizes = new int[podCount];
    for (int i = 0; i < servers.length; i++) {
      sizes[podOf(i, servers[i])]++;
    }
    for (int p = 0; p < podCount; p++) {
      attach[p] = new int[sizes[p]];
      sizes[p] = 0;
    }
    for (int i = 0; i < servers.length; i++) {
      int p = podOf(i, servers[i]);
      attach[p][sizes[p]++] = t.neighbor(servers[i], 0);
    }
    Bfs bfs = new Bfs(t);
    double sum = 0;
    double pairs = 0;
    for (int p = 0; p < podCount; p++) {
      int[] a = attach[p];
      for (int sw : a) {
        count[sw]++;
      }
      for (int sw : a) {
        if (count[sw] == 0) {
          continue; // already used as a source
        }
        int c = count[sw];
        bfs.run(sw);
        for (int other : a) {
          if (other == sw) {
            continue;
          }
          int d = bfs.distance(other);
          sum += (double) c * (d + 2);
          pairs += c;
        }
        sum += 2.0 * c * (c - 1);
        pairs += (double) c * (c - 1);
        count[sw] = 0;
      }
    }
    return pairs == 0 ? 0 : sum / pairs;
  }
}
