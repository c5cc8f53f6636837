package org.fabriclab.shoal;

/**
 * Fraction of failed slots per failed component (seed 003 §3.5, Table 1), by enumeration over the
 * fabric schedule and {@link SwitchSchedules}' spine choice: a node stops sending to j when it
 * misses j's cell, and the stop is symmetric, so pair (i, j) is lost when the path i→j or j→i
 * crosses the component. The fraction counts the lost send slots of the nodes that remain
 * (a failed node, the node behind a failed node–leaf link and the nodes of a failed leaf are not
 * counted) over their N−1 slots per epoch. O(N²) per component.
 */
public final class FailedSlots {
  private final ClosFabric clos;
  private final SwitchSchedules sw;

  public FailedSlots(ClosFabric clos) {
    this.clos = clos;
    this.sw = new SwitchSchedules(clos, new FabricSchedule(clos.nodes(), 1, false));
  }

  /** Component kinds of Table 1. */
  public enum Component { NODE, NODE_LEAF_LINK, LEAF, LEAF_SPINE_LINK, SPINE }

  /** Failed-slot fraction when component 0 of its kind (node 0, leaf 0, spine 0, link leaf 0–spine 0) fails. */
  public double fraction(Component c) {
    int n = clos.nodes();
    long lost = 0;
    long total = 0;
    for (int i = 0; i < n; i++) {
      if (excluded(c, i)) {
        continue;
      }
      for (int j = 0; j < n; j++) {
        if (j == i) {
          continue;
        }
        total++;
        if (excluded(c, j) || crosses(c, i, j) || crosses(c, j, i)) {
          lost++;
        }
      }
    }
    return lost / (double) total;
  }

  private boolean excluded(Component c, int node) {
    return switch (c) {
      case NODE, NODE_LEAF_LINK -> node == 0;
      case LEAF -> clos.leafOf(node) == 0;
      default -> false;
    };
  }

  private boolean crosses(Component c, int i, int j) {
    int s = sw.spineFor(j);
    return switch (c) {
      case LEAF_SPINE_LINK -> s == 0 && (clos.leafOf(i) == 0 || clos.leafOf(j) == 0);
      case SPINE -> s == 0;
      default -> false;
    };
  }

  /** Table 1's approximations for N nodes. */
  public static double paper(Component c, int n) {
    return switch (c) {
      case NODE, NODE_LEAF_LINK -> 1.0 / n;
      case LEAF -> 1 / Math.sqrt(2.0 * n);
      case LEAF_SPINE_LINK -> 2.0 / n;
      case SPINE -> 2 * Math.sqrt(2) / Math.sqrt(n);
    };
  }
}
