package org.fabriclab.topology.fbfly;

import java.util.Arrays;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.SizeLimits;
import org.fabriclab.topology.hyperx.HyperX;

/**
 * The k-ary n-flat flattened butterfly (Kim, Dally, Abts, ISCA 2007) as described in seed 004 §II
 * "FBFLY": {@code k^(n−1)} switches at the points of an {@code (n−1)}-dimensional lattice of side
 * {@code k}, each connected to the {@code k−1} others in each dimension, plus {@code c} servers per
 * switch; switch ports {@code c + (n−1)(k−1)}. Seed example: the 4-ary 3-flat with {@code c = 2}
 * has 32 servers and 16 switches of 8 ports.
 *
 * <p>It is the {@link HyperX} with {@code n−1} dimensions of size {@code k}, trunk 1 and {@code c}
 * servers per switch, and inherits its ids, ports, labels ({@code tier}, {@code x0..x(n-2)},
 * {@code index}) and server orbits (all servers equivalent: coordinate translations are
 * automorphisms). Building is O(k^(n−1)·(c + (n−1)(k−1))).
 */
public final class FlattenedButterfly {
  public static final int MAX_K = 65_536;
  public static final int MAX_N = 31;

  private final int k;
  private final int n;
  private final int c;
  private final HyperX hyperx;

  /**
   * @param k switches per dimension (radix), 2..65536
   * @param n the "n" of k-ary n-flat ({@code n−1} dimensions), 2..31, bounded by the size limit
   * @param c servers per switch, 1..1024
   * @throws InvalidParameterException naming the parameter and its valid range
   */
  public FlattenedButterfly(int k, int n, int c) {
    InvalidParameterException.requireRange("fbfly --k", k, 2, MAX_K);
    InvalidParameterException.requireRange("fbfly --n", n, 2, MAX_N);
    InvalidParameterException.requireRange("fbfly --c", c, 1, HyperX.MAX_SERVERS_PER_SWITCH);
    SizeLimits.requireFitsAlone("fbfly", "k", Integer.toString(k), estimate(k, 2, 1));
    SizeLimits.requireFits(
        "fbfly", "n", n, 2, MAX_N, "--k " + k + " --c " + c, nn -> estimate(k, (int) nn, c));
    this.k = k;
    this.n = n;
    this.c = c;
    this.hyperx = new HyperX(dims(k, n), 1, c);
  }

  private static int[] dims(int k, int n) {
    int[] d = new int[n - 1];
    Arrays.fill(d, k);
    return d;
  }

  /** Size, saturating. */
  public static SizeEstimate estimate(int k, int n, int c) {
    return HyperX.estimate(dims(k, n), 1, c);
  }

  public SizeEstimate estimate() {
    return hyperx.estimate();
  }

  public int k() {
    return k;
  }

  public int n() {
    return n;
  }

  public int c() {
    return c;
  }

  /** The same network seen as a HyperX (for coordinates and ids). */
  public HyperX asHyperX() {
    return hyperx;
  }

  public int switchCount() {
    return hyperx.switchCount();
  }

  public int serverCount() {
    return hyperx.serverCount();
  }

  /** {@code c + (n−1)(k−1)}. */
  public int switchPorts() {
    return hyperx.switchPorts();
  }

  /** Builds with a fresh builder sized by {@link #estimate()}. */
  public Topology build() {
    SizeEstimate e = estimate();
    return build(
        new TopologyBuilder(
            "fbfly", "k=" + k + ", n=" + n + ", c=" + c, (int) e.nodes(), (int) e.directedLinks()));
  }

  /** Adds the flattened butterfly to an empty builder and builds it. */
  public Topology build(TopologyBuilder b) {
    return hyperx.build(b);
  }
}
