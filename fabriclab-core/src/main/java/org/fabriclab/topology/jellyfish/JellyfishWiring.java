package org.fabriclab.topology.jellyfish;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Jellyfish's incremental random wiring (Singla et al., "Jellyfish: Networking Data Centers
 * Randomly", NSDI 2012, §3 "Construction"; cited by the Flat-tree seed,
 * /work/shared/seeds/001_*.txt ref. [23]): given how many network ports each node has, it
 * repeatedly joins a random pair of nodes that both have free ports and are not yet neighbours;
 * when no such pair is left but a node {@code v} still has two or more free ports, it removes a
 * random existing link {@code (x, y)} with neither end adjacent to {@code v} and adds
 * {@code (v, x)} and {@code (v, y)}. The result is a simple graph: no self-loops, no parallel links.
 *
 * <p>Two additions make the result exact. (1) When the only nodes with a free port are pairwise
 * adjacent and each has exactly one free port, two of them, {@code u} and {@code w}, take over a
 * link {@code (x, y)} with {@code x} not adjacent to {@code u} and {@code y} not adjacent to
 * {@code w}: it becomes {@code (u, x)} and {@code (w, y)}. (2) An optional group per node forbids
 * links inside a group (the Pods of the two-stage random graph).
 *
 * <p>Guarantee (no groups): when all degrees equal some {@code r <= n-1}, or differ by at most one
 * with {@code n >= 2 * max degree}, the wiring uses every port when the degree sum is even and all
 * but one when it is odd. Proof sketch: when stuck, every non-neighbour of {@code v} (or {@code u})
 * is full; a full non-neighbour {@code x} of {@code v} has more neighbours than {@code v}, so one,
 * {@code y}, lies outside {@code v}'s neighbourhood; for {@code u, w} a full non-neighbour
 * {@code x} of {@code u} has a neighbour outside {@code N[w]} unless {@code N(x) = N[w] - u}, and
 * not all of {@code u}'s {@code n-1-deg(u)} non-neighbours can be neighbours of {@code w}.
 * Otherwise (groups, skewed sequences) {@link #unusedPorts()} reports what was left; callers
 * check it.
 *
 * <p>Complexity: O(m) expected for m links while random pairs mostly succeed (adjacency is one
 * hash look-up); each time 16 consecutive random pairs fail, one O(f²) scan over the f nodes that
 * still have free ports, which joins a random greedy matching of the allowed pairs it finds (so
 * dense graphs need few scans); each repair samples random links, then scans all m links at worst. Memory:
 * primitive arrays and one {@code long→int} hash map of the links.
 */
public final class JellyfishWiring {
  /** How a random endpoint is drawn while free ports remain. */
  public enum Selection {
    /** Uniformly among nodes with a free port (the Jellyfish paper's rule). */
    NODE,
    /** Uniformly among free ports, i.e. a node with probability proportional to its free ports. */
    PORT
  }

  private final int[] from;
  private final int[] to;
  private final int unused;
  private final int nodes;

  JellyfishWiring(int[] from, int[] to, int unused, int nodes) {
    this.from = from;
    this.to = to;
    this.unused = unused;
    this.nodes = nodes;
  }

  /**
   * Wires nodes {@code 0..degree.length-1}.
   *
   * @param degree number of network ports of each node (≥ 0)
   * @param group group of each node (no link joins two nodes of one group), or {@code null} for
   *     none
   * @param selection how endpoints are drawn
   * @param rnd the random stream; the result depends only on its state and the arguments
   */
  public static JellyfishWiring wire(
      int[] degree, int[] group, Selection selection, SplittableRandom rnd) {
    return new WiringState(degree, group, selection, rnd).run();
  }

  /** Number of links. */
  public int linkCount() {
    return from.length;
  }

  /** Lower end of link {@code i}; links are sorted by (lower end, higher end). */
  public int from(int i) {
    return from[i];
  }

  /** Higher end of link {@code i}. */
  public int to(int i) {
    return to[i];
  }

  /**
   * The links after {@link ConnectingSwaps} made the graph connected (when it can), as
   * {@code (lower << 32) | higher}, sorted; the first {@code fixed} of {@code extra} links (given
   * the same way, e.g. the intra-Pod graphs of the two-stage random graph) are taken into account
   * for connectivity but never swapped and not returned.
   */
  public long[] connected(int nodes, long[] extra, SplittableRandom rnd) {
    int m = extra.length + from.length;
    int[] a = new int[m];
    int[] b = new int[m];
    for (int i = 0; i < extra.length; i++) {
      a[i] = (int) (extra[i] >>> 32);
      b[i] = (int) extra[i];
    }
    for (int i = 0; i < from.length; i++) {
      a[extra.length + i] = from[i];
      b[extra.length + i] = to[i];
    }
    ConnectingSwaps.connect(nodes, a, b, extra.length, rnd);
    long[] out = new long[from.length];
    for (int i = 0; i < from.length; i++) {
      int x = a[extra.length + i];
      int y = b[extra.length + i];
      out[i] = ((long) Math.min(x, y) << 32) | Math.max(x, y);
    }
    Arrays.sort(out);
    return out;
  }

  /** {@link #connected(int, long[], SplittableRandom)} with no extra links, over the wired nodes. */
  public long[] connected(SplittableRandom rnd) {
    return connected(nodes, new long[0], rnd);
  }

  /** Ports left free: 0, or 1 when the degree sum is odd (more only for extreme sequences). */
  public int unusedPorts() {
    return unused;
  }
}
