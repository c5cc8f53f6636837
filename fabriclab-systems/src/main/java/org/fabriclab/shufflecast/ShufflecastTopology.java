package org.fabriclab.shufflecast;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.topology.SizeEstimate;

/**
 * The p,k-Shufflecast splitter fabric (seed 000_9b2589b0d55d7b52.txt, §III-A1, Fig. 2, Fig. 9):
 * {@code N = k·p^k} logical ToRs in {@code k} columns of {@code p^k} rows; logical ToR {@code i}
 * is (column {@code c = i / p^k}, row = the k-digit base-p number {@code i mod p^k}); ToR
 * {@code (c, r_{k-1}..r_0)} drives a 1:p splitter whose outputs reach
 * {@code (c+1 mod k, r_{k-2}..r_0 m)} for every digit {@code m}. The partition of a ToR is its
 * most significant row digit {@code r_{k-1}}.
 *
 * <p>All queries are arithmetic on ids (O(k) or O(1)); nothing is materialised until
 * {@link #build}. An arbitrary physical ToR count {@code T ≤ N} (§III-A1, the T = 15 example) is
 * wired as the p,k instance with logical node {@code i} hosted by physical ToR {@code i mod T}:
 * the first {@code N − T} physical ToRs then carry two (or more) splitters and act as several
 * logical nodes. Choosing {@code k} is the caller's: {@link #smallestFor(int, int)} gives the
 * nearest larger instance for a given p.
 *
 * <p>Built topology: servers first ({@code s} per physical ToR, server {@code i} on ToR
 * {@code i/s}), then the {@code T} physical ToRs (packet switches), then the {@code N} splitters
 * ({@link NodeRole#OPTICAL_SPLITTER}, splitter {@code j} belongs to logical ToR {@code j}).
 * Links: a server–ToR cable each, a one-way link from each logical ToR's host to its splitter
 * and p one-way links from the splitter to the hosts of its logical successors. Labels
 * {@code tier} (0 server, 1 ToR, 2 splitter), {@code logical} (ToR: its first logical id;
 * splitter: its logical ToR), {@code column}, {@code row}, {@code partition}.
 */
public final class ShufflecastTopology {
  /** Largest logical ToR count handled (arrays of N×N bits stay small). */
  public static final int MAX_TORS = 1 << 16;

  private final int p;
  private final int k;
  private final int rows;
  private final int n;
  private final int physical;
  private final int[] pow;

  /** The full instance: {@code T = N}. */
  public ShufflecastTopology(int p, int k) {
    this(p, k, -1);
  }

  /**
   * @param p splitter fan-out, ≥ 2
   * @param k columns, ≥ 1
   * @param physicalTors physical ToR count {@code T} in {@code 1..N}, or −1 for {@code N}
   * @throws InvalidParameterException naming the parameter and its valid range
   */
  public ShufflecastTopology(int p, int k, int physicalTors) {
    InvalidParameterException.requireRange("shufflecast --p", p, 2, 256);
    InvalidParameterException.requireRange("shufflecast --k", k, 1, 16);
    long n = tors(p, k);
    if (n > MAX_TORS) {
      throw new InvalidParameterException(
          "shufflecast --k",
          "shufflecast --p " + p + " --k " + k + " has k·p^k = " + n + " ToRs; at most "
              + MAX_TORS + " are supported");
    }
    this.p = p;
    this.k = k;
    this.n = (int) n;
    this.rows = this.n / k;
    this.physical = physicalTors < 0 ? this.n : physicalTors;
    InvalidParameterException.requireRange("shufflecast --tors", physical, 1, this.n);
    pow = new int[k + 1];
    pow[0] = 1;
    for (int i = 1; i <= k; i++) {
      pow[i] = pow[i - 1] * p;
    }
  }

  /** {@code k·p^k}, saturating at {@code Long.MAX_VALUE / 2}. */
  public static long tors(int p, int k) {
    long r = k;
    for (int i = 0; i < k; i++) {
      r *= p;
      if (r > Long.MAX_VALUE / 512) {
        return Long.MAX_VALUE / 2;
      }
    }
    return r;
  }

  /**
   * The instance that hosts {@code physicalTors} ToRs with {@code 2 ≤ p ≤ maxP} (§III-A1, §VI-A):
   * for each p its smallest k with {@code k·p^k ≥ T}; of those the fewest logical ToRs, ties to
   * the smaller k. An exact instance ({@code k·p^k = T}) is chosen when one exists. O(maxP·k).
   *
   * @return {@code {p, k}}
   * @throws InvalidParameterException when T exceeds {@link #largestInstance(int)}
   */
  public static int[] nearestInstance(int physicalTors, int maxP) {
    InvalidParameterException.requireRange("shufflecast --tors", physicalTors, 1, largestInstance(maxP));
    int[] best = null;
    long bestN = Long.MAX_VALUE;
    for (int p = 2; p <= maxP; p++) {
      int k = smallestFor(p, physicalTors);
      long n = tors(p, k);
      if (n <= MAX_TORS && (n < bestN || (n == bestN && k < best[1]))) {
        bestN = n;
        best = new int[] {p, k};
      }
    }
    return best;
  }

  /** The largest supported instance size {@code k·p^k ≤ MAX_TORS} over {@code 2 ≤ p ≤ maxP}. */
  public static long largestInstance(int maxP) {
    InvalidParameterException.requireRange("shufflecast --p", maxP, 2, 256);
    long best = 0;
    for (int p = 2; p <= maxP; p++) {
      for (int k = 1; tors(p, k) <= MAX_TORS; k++) {
        best = Math.max(best, tors(p, k));
      }
    }
    return best;
  }

  /** The smallest k with {@code k·p^k ≥ T}: the nearest larger instance (§III-A1). */
  public static int smallestFor(int p, int physicalTors) {
    InvalidParameterException.requireRange("shufflecast --p", p, 2, 256);
    InvalidParameterException.requireRange("shufflecast --tors", physicalTors, 1, MAX_TORS);
    int k = 1;
    while (tors(p, k) < physicalTors) {
      k++;
    }
    return k;
  }

  public int p() {
    return p;
  }

  public int k() {
    return k;
  }

  /** Logical ToR count {@code N = k·p^k}. */
  public int tors() {
    return n;
  }

  /** Physical ToR count {@code T}. */
  public int physicalTors() {
    return physical;
  }

  /** ToRs per column, {@code p^k}. */
  public int rows() {
    return rows;
  }

  /** {@code p^e} for {@code 0 ≤ e ≤ k}. */
  public int pow(int e) {
    return pow[e];
  }

  /** The physical ToR hosting logical ToR {@code i}. */
  public int host(int logical) {
    return logical % physical;
  }

  public int column(int tor) {
    return tor / rows;
  }

  public int row(int tor) {
    return tor % rows;
  }

  /** Row digit {@code r_j} of a ToR (j = 0 is least significant). */
  public int digit(int tor, int j) {
    return (tor % rows) / pow[j] % p;
  }

  /** The partition: the most significant row digit. */
  public int partition(int tor) {
    return (tor % rows) / pow[k - 1];
  }

  /** The ToR at (column, row). */
  public int id(int column, int row) {
    return column * rows + row;
  }

  /** Successor {@code m} of {@code tor} on its splitter: {@code (c+1, r_{k-2}..r_0 m)}. */
  public int successor(int tor, int m) {
    int c = column(tor);
    return id((c + 1) % k, (row(tor) * p) % rows + m);
  }

  /** {@code successor(tor, 0)}; successor {@code m} is this plus {@code m}. */
  public int successorBase(int tor) {
    int c = tor / rows;
    return (c + 1 == k ? 0 : (c + 1) * rows) + (tor - c * rows) * p % rows;
  }

  /** Predecessor in partition {@code q}: {@code (c−1, q r_{k-1}..r_1)}. */
  public int predecessor(int tor, int q) {
    int c = column(tor);
    return id((c + k - 1) % k, q * pow[k - 1] + row(tor) / p);
  }

  /** Whether {@code to} is on the splitter of {@code from}. */
  public boolean isSplitterLink(int from, int to) {
    return column(to) == (column(from) + 1) % k && row(to) / p == row(from) % pow[k - 1];
  }

  /** Checks that {@code tor} is a logical ToR id. */
  public int requireTor(String parameter, int tor) {
    InvalidParameterException.requireRange(parameter, tor, 0, n - 1);
    return tor;
  }

  /** "(c, r_{k-1}..r_0)" as in the paper. */
  public String label(int tor) {
    StringBuilder b = new StringBuilder().append('(').append(column(tor)).append(", ");
    for (int j = k - 1; j >= 0; j--) {
      b.append(digit(tor, j));
    }
    return b.append(')').toString();
  }

  public static SizeEstimate estimate(int p, int k, int physicalTors, int serversPerTor) {
    long n = tors(p, k);
    long t = physicalTors < 0 ? n : physicalTors;
    long servers = t * serversPerTor;
    return new SizeEstimate(servers + t + n, 2 * servers + n + n * p);
  }

  /** Builds the physical topology (servers, ToRs, splitters) with a fresh builder. */
  public Topology build(int serversPerTor) {
    SizeEstimate e = estimate(p, k, physical, serversPerTor);
    return build(
        new TopologyBuilder(
            "shufflecast", "p=" + p + ", k=" + k + ", tors=" + physical, (int) e.nodes(),
            (int) e.directedLinks()),
        serversPerTor);
  }

  /** Adds the fabric to an empty builder (its link defaults apply) and builds it. */
  public Topology build(TopologyBuilder b, int serversPerTor) {
    InvalidParameterException.requireRange("shufflecast --servers-per-tor", serversPerTor, 0, 1 << 16);
    if (b.nodeCount() != 0) {
      throw new IllegalStateException("builder must be empty");
    }
    b.labelFields("tier", "logical", "column", "row", "partition");
    int servers = physical * serversPerTor;
    for (int i = 0; i < servers; i++) {
      int tor = i / serversPerTor;
      b.addNode(NodeRole.SERVER, 0, tor, column(tor), row(tor), partition(tor));
    }
    for (int t = 0; t < physical; t++) {
      b.addNode(NodeRole.PACKET_SWITCH, 1, t, column(t), row(t), partition(t));
    }
    int firstSplitter = servers + physical;
    for (int j = 0; j < n; j++) {
      b.addNode(NodeRole.OPTICAL_SPLITTER, 2, j, column(j), row(j), partition(j));
    }
    for (int i = 0; i < servers; i++) {
      b.addCable(i, servers + i / serversPerTor);
    }
    for (int j = 0; j < n; j++) {
      b.addLink(servers + host(j), firstSplitter + j);
      for (int m = 0; m < p; m++) {
        b.addLink(firstSplitter + j, servers + host(successor(j, m)));
      }
    }
    return b.build();
  }
}
