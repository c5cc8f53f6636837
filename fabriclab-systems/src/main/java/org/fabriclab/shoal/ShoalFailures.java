package org.fabriclab.shoal;

import org.fabriclab.error.InvalidParameterException;

/**
 * Failed components of a Shoal rack as the nodes see them after detection (seed 003 §3.5): a node
 * that misses the cell of node j in their slot stops sending to j, tells the others to stop
 * forwarding to j through it, and the stop is symmetric — so a failure kills every ordered pair
 * (i, j) whose path i→j or j→i crosses the failed component, in both directions. The simulator
 * then wastes the dead pairs' slots and uses only subflows i→j→k whose two virtual links live.
 *
 * <p>Paths follow {@link SwitchSchedules}: a cell i→j crosses leaf(i), spine j mod (k/2), leaf(j)
 * of the Clos plane of the channel that plays pair (i, j)'s column (§3.4: one plane per channel).
 * Decision: a component other than a node (node, node–leaf link, leaf, leaf–spine link, spine)
 * fails in one plane; the failure is already detected at time 0 (as the node failures of Fig. 17),
 * so the transient — cells lost before detection and resent by the transport — is not simulated.
 * A node is live while it is not failed and has at least one live pair. Immutable; the dead-pair
 * set is N² bits, built in O(N²).
 */
public final class ShoalFailures {
  private final int n;
  private final boolean[] failedNodes;
  private final long[] dead;
  private final boolean anyDead;
  private final String label;

  private ShoalFailures(int n, boolean[] failedNodes, long[] dead, String label) {
    this.n = n;
    this.failedNodes = failedNodes;
    this.dead = dead;
    boolean any = false;
    for (long w : dead) {
      any |= w != 0;
    }
    this.anyDead = any;
    this.label = label;
  }

  /** Only the given nodes fail (Fig. 17); null means none. */
  public static ShoalFailures nodes(int n, boolean[] failed) {
    boolean[] f = failed == null ? new boolean[n] : failed.clone();
    if (f.length != n) {
      throw new IllegalArgumentException("failed[] must have one entry per node");
    }
    long[] d = new long[(n * n + 63) >>> 6];
    int m = 0;
    for (int i = 0; i < n; i++) {
      m += f[i] ? 1 : 0;
      for (int j = 0; j < n; j++) {
        if (i != j && (f[i] || f[j])) {
          d[(i * n + j) >>> 6] |= 1L << (i * n + j);
        }
      }
    }
    return new ShoalFailures(n, f, d, m == 0 ? "none" : m + " failed nodes");
  }

  /**
   * One failed component of kind {@code c} in the Clos plane of channel {@code plane}: node
   * {@code index} (every plane), node {@code index}'s link to its leaf, leaf {@code index},
   * the link between leaf {@code index} and spine {@code spine}, or spine {@code index}.
   */
  public static ShoalFailures component(ShoalConfig cfg, FailedSlots.Component c, int index, int spine,
      int plane) {
    int n = cfg.nodes();
    ClosFabric clos = new ClosFabric(n, cfg.switchPorts() > 0 ? cfg.switchPorts() : ClosFabric.portsFor(n));
    FabricSchedule s = cfg.schedule();
    InvalidParameterException.requireRange("--fail-plane", plane, 0, s.channels() - 1);
    int max = switch (c) {
      case NODE, NODE_LEAF_LINK -> n - 1;
      case LEAF, LEAF_SPINE_LINK -> clos.leaves() - 1;
      case SPINE -> clos.spines() - 1;
    };
    InvalidParameterException.requireRange("--fail-index", index, 0, max);
    InvalidParameterException.requireRange("--fail-spine", spine, 0, clos.spines() - 1);
    if (c == FailedSlots.Component.NODE) {
      boolean[] f = new boolean[n];
      f[index] = true;
      return nodes(n, f);
    }
    SwitchSchedules sw = new SwitchSchedules(clos, s);
    long[] d = new long[(n * n + 63) >>> 6];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        if (i != j && s.columnOf(i, j) / s.epochSlots() == plane && crosses(c, index, spine, clos, sw, i, j)) {
          d[(i * n + j) >>> 6] |= 1L << (i * n + j);
          d[(j * n + i) >>> 6] |= 1L << (j * n + i);
        }
      }
    }
    String what = switch (c) {
      case NODE_LEAF_LINK -> "node-leaf link of node " + index;
      case LEAF -> "leaf " + index;
      case LEAF_SPINE_LINK -> "link leaf " + index + "-spine " + spine;
      default -> "spine " + index;
    } + (s.channels() > 1 ? " (plane " + plane + ")" : "");
    return new ShoalFailures(n, new boolean[n], d, what);
  }

  private static boolean crosses(FailedSlots.Component c, int index, int spine, ClosFabric clos,
      SwitchSchedules sw, int i, int j) {
    return switch (c) {
      case NODE_LEAF_LINK -> i == index || j == index;
      case LEAF -> clos.leafOf(i) == index || clos.leafOf(j) == index;
      case LEAF_SPINE_LINK -> sw.spineFor(j) == spine && (clos.leafOf(i) == index || clos.leafOf(j) == index);
      case SPINE -> sw.spineFor(j) == index;
      case NODE -> i == index || j == index;
    };
  }

  public int nodes() {
    return n;
  }

  /** Whether pair (i, j) is dead (i ≠ j). O(1). */
  public boolean dead(int i, int j) {
    int b = i * n + j;
    return (dead[b >>> 6] & (1L << b)) != 0;
  }

  /** Whether any pair is dead. */
  public boolean anyDead() {
    return anyDead;
  }

  public boolean failed(int node) {
    return failedNodes[node];
  }

  /** Not failed and with at least one live pair. */
  public boolean live(int node) {
    if (failedNodes[node]) {
      return false;
    }
    for (int j = 0; j < n; j++) {
      if (j != node && !dead(node, j)) {
        return true;
      }
    }
    return false;
  }

  /** Live nodes as a failed-node mask (for workload generation). */
  public boolean[] notLive() {
    boolean[] f = new boolean[n];
    for (int i = 0; i < n; i++) {
      f[i] = !live(i);
    }
    return f;
  }

  /** Subflows of pair (i, k) whose virtual links i→j and j→k (j ≠ k) both live. O(N). */
  public int usableSubflows(int i, int k) {
    int u = 0;
    for (int j = 0; j < n; j++) {
      if (j != i && !dead(i, j) && (j == k || !dead(j, k))) {
        u++;
      }
    }
    return u;
  }

  /** Fraction of the send slots of live nodes (to other live nodes' slots) that are wasted. */
  public double deadSlotFraction() {
    long lost = 0;
    long total = 0;
    boolean[] notLive = notLive();
    for (int i = 0; i < n; i++) {
      if (notLive[i]) {
        continue;
      }
      for (int j = 0; j < n; j++) {
        if (j != i) {
          total++;
          lost += dead(i, j) ? 1 : 0;
        }
      }
    }
    return total == 0 ? 0 : lost / (double) total;
  }

  @Override
  public String toString() {
    return label;
  }
}
