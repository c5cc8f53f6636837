package org.fabriclab.topology.bcube;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.ServerOrbits;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.SizeLimits;

/**
 * BCube(n, k), the server-centric structure of Guo et al. (SIGCOMM 2009) as used by the incast
 * aggregation-tree paper (seed 004, §II "BCube" and Fig. 1): {@code n^(k+1)} servers with
 * {@code k+1} ports, labelled by {@code k+1} base-{@code n} digits {@code d_k..d_0};
 * {@code (k+1)·n^k} switches of {@code n} ports in {@code k+1} levels, never connected to each
 * other. The level-{@code j} switch labelled {@code d_k..d_{j+1} d_{j-1}..d_0} connects the
 * {@code n} servers that agree on every digit but {@code d_j}.
 *
 * <p>Ids are arithmetic, so large-scale code goes from labels to ids without a look-up:
 * server id = {@code Σ d_i·n^i}; then the switches level by level, the level-{@code j} switch of
 * server {@code s} being {@code n^(k+1) + j·n^k + w} with {@code w} the base-{@code n} number of
 * the server's digits without digit {@code j} (see {@link #switchId}). Ports: server port
 * {@code j} leads to its level-{@code j} switch; a level-{@code j} switch's port {@code p} leads to
 * the server whose digit {@code j} is {@code p}.
 *
 * <p>Labels {@code level} (−1 for servers, {@code j} for a level-{@code j} switch) and
 * {@code d0..dk}; a level-{@code j} switch has digit {@code j} absent.
 *
 * <p>Server orbits: all servers are equivalent — adding a constant modulo {@code n} to one digit
 * maps servers to servers and level-{@code j} switches to level-{@code j} switches, so these
 * translations are automorphisms acting transitively on the servers.
 *
 * <p>Building is O((k+1)·n^(k+1)) time; BCube(8,5) (262,144 servers, 196,608 switches,
 * 1,572,864 cables) takes well under a second and about 200 MB at peak.
 */
public final class BCube {
  public static final int MAX_N = 64;
  /** Largest {@code k} accepted before the size check (which binds first for every n). */
  public static final int MAX_K = 30;

  private final int n;
  private final int k;
  private final int[] pow; // n^0 .. n^(k+1)

  /**
   * @param n switch port count, 2..64
   * @param k highest level, from 0 up to the largest that keeps the size under 2^30
   * @throws InvalidParameterException naming the parameter and its valid range
   */
  public BCube(int n, int k) {
    InvalidParameterException.requireRange("bcube --n", n, 2, MAX_N);
    InvalidParameterException.requireRange("bcube --k", k, 0, MAX_K);
    SizeLimits.requireFits("bcube", "k", k, 0, MAX_K, "--n " + n, kk -> estimate(n, (int) kk));
    this.n = n;
    this.k = k;
    pow = new int[k + 2];
    pow[0] = 1;
    for (int i = 1; i < pow.length; i++) {
      pow[i] = pow[i - 1] * n;
    }
  }

  /** Size of BCube(n, k), saturating: {@code n^(k+1) + (k+1)·n^k} nodes. */
  public static SizeEstimate estimate(int n, int k) {
    long servers = SizeLimits.pow(n, k + 1);
    long switches = SizeLimits.mul(k + 1, SizeLimits.pow(n, k));
    return new SizeEstimate(
        SizeLimits.add(servers, switches), SizeLimits.mul(2L * (k + 1), servers), k + 2);
  }

  public SizeEstimate estimate() {
    return estimate(n, k);
  }

  public int n() {
    return n;
  }

  public int k() {
    return k;
  }

  public int serverCount() {
    return pow[k + 1];
  }

  /** Switches per level, {@code n^k}. */
  public int switchesPerLevel() {
    return pow[k];
  }

  public int switchCount() {
    return (k + 1) * pow[k];
  }

  /** Digit {@code j} of server {@code server}; O(j). */
  public static int digit(int n, int server, int j) {
    int s = server;
    for (int i = 0; i < j; i++) {
      s /= n;
    }
    return s % n;
  }

  /** The {@code k+1} digits of a server, {@code digits[i] = d_i}; O(k). */
  public static int[] digits(int n, int k, int server) {
    int[] d = new int[k + 1];
    int s = server;
    for (int i = 0; i <= k; i++) {
      d[i] = s % n;
      s /= n;
    }
    return d;
  }

  /** Server id of digits {@code digits[i] = d_i}: {@code Σ d_i·n^i}; O(k). */
  public static int serverId(int n, int... digits) {
    int s = 0;
    for (int i = digits.length - 1; i >= 0; i--) {
      s = s * n + digits[i];
    }
    return s;
  }

  /** Index among the level-{@code level} switches of the one that {@code server} reaches; O(k). */
  public static int switchIndex(int n, int level, int server) {
    int low = 1;
    for (int i = 0; i < level; i++) {
      low *= n;
    }
    return server / (low * n) * low + server % low;
  }

  /** Node id of the level-{@code level} switch of {@code server} in BCube(n, k); O(k). */
  public static int switchId(int n, int k, int level, int server) {
    int perLevel = 1;
    for (int i = 0; i < k; i++) {
      perLevel *= n;
    }
    return perLevel * n + level * perLevel + switchIndex(n, level, server);
  }

  /** The server on port {@code port} (its digit {@code level}) of a switch, by level and index. */
  public static int serverOf(int n, int level, int switchIndex, int port) {
    int low = 1;
    for (int i = 0; i < level; i++) {
      low *= n;
    }
    return switchIndex / low * low * n + port * low + switchIndex % low;
  }

  /** Node id of the level-{@code level} switch of {@code server}. */
  public int switchOf(int level, int server) {
    int low = pow[level];
    return pow[k + 1] + level * pow[k] + server / (low * n) * low + server % low;
  }

  /** Builds with a fresh builder sized by {@link #estimate()}. */
  public Topology build() {
    SizeEstimate e = estimate();
    return build(
        new TopologyBuilder("bcube", "n=" + n + ", k=" + k, (int) e.nodes(), (int) e.directedLinks()));
  }

  /** Adds BCube(n, k) to an empty builder (its link defaults apply) and builds it. */
  public Topology build(TopologyBuilder b) {
    if (b.nodeCount() != 0) {
      throw new IllegalStateException("builder must be empty");
    }
    String[] fields = new String[k + 2];
    fields[0] = "level";
    for (int i = 0; i <= k; i++) {
      fields[i + 1] = "d" + i;
    }
    b.labelFields(fields);
    int servers = serverCount();
    int[] label = new int[k + 2];
    label[0] = -1;
    for (int s = 0; s < servers; s++) {
      int x = s;
      for (int i = 0; i <= k; i++) {
        label[i + 1] = x % n;
        x /= n;
      }
      b.addNode(NodeRole.SERVER, label);
    }
    for (int j = 0; j <= k; j++) {
      for (int w = 0; w < pow[k]; w++) {
        int x = serverOf(n, j, w, 0);
        label[0] = j;
        for (int i = 0; i <= k; i++) {
          label[i + 1] = i == j ? Labels.ABSENT : x % n;
          x /= n;
        }
        b.addNode(NodeRole.PACKET_SWITCH, label);
      }
    }
    for (int s = 0; s < servers; s++) {
      for (int j = 0; j <= k; j++) {
        b.addCable(s, switchOf(j, s));
      }
    }
    b.serverOrbits(ServerOrbits.transitive(0, servers));
    return b.build();
  }
}
