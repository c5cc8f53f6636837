package org.fabriclab.shoal;

/**
 * Decomposition of the fabric schedule into contention-free per-switch schedules (seed 003 §3.2,
 * Fig. 4). A cell i → j sent in a slot crosses spine σ = j mod (k/2) — the destination's port on its
 * leaf: leaf(i) maps input port i mod (k/2) to uplink k/2+σ, spine σ maps port leaf(i) to
 * leaf(j), leaf(j) maps uplink k/2+σ to port j mod (k/2). For a cyclic-shift column the k/2 nodes
 * of a leaf send to k/2 consecutive nodes, whose residues mod k/2 are distinct, so no two cells of
 * a slot share a leaf uplink, a spine port or a leaf downlink (tests check it by brute force).
 *
 * <p>Fig. 4 (switch 1 of the 8-node fabric) is reproduced on its node-port rows a, b: node 1 uses
 * uplinks d, c, d, c, … and node 2 c, d, c, …. Its uplink rows c, d cannot come from any
 * decomposition aligned in time with a schedule that serves the pair of nodes on switch 1: a cell
 * 1 → 2 must leave on an uplink and come back on the same one in the same slot, and in Fig. 4 every
 * uplink returns to the node that used it. Ours are static downlinks (c → a, d → b).
 *
 * <p>Complexity: {@link #table} is O(columns · N) for all switches of a plane.
 */
public final class SwitchSchedules {
  private final ClosFabric clos;
  private final FabricSchedule schedule;

  public SwitchSchedules(ClosFabric clos, FabricSchedule schedule) {
    if (clos.nodes() != schedule.nodes()) {
      throw new IllegalArgumentException("fabric and schedule disagree on N");
    }
    this.clos = clos;
    this.schedule = schedule;
  }

  /** Spine that carries a cell to node j (any slot). */
  public int spineFor(int dst) {
    return dst % clos.half();
  }

  /**
   * Per-switch schedules of channel plane c: [switch][slot][input port] → output port (-1 idle).
   * Switches 0..k−1 are leaves, k..k+k/2−1 spines.
   */
  public int[][][] table(int channel) {
    int e = schedule.epochSlots();
    int k = clos.switchPorts();
    int h = clos.half();
    int[][][] sw = new int[clos.switchesPerPlane()][e][k];
    for (int[][] s : sw) {
      for (int[] row : s) {
        java.util.Arrays.fill(row, -1);
      }
    }
    for (int t = 0; t < e; t++) {
      for (int i = 0; i < clos.nodes(); i++) {
        int j = schedule.peer(t, channel, i);
        if (j < 0) {
          continue;
        }
        int s = spineFor(j);
        sw[clos.leafOf(i)][t][clos.portOf(i)] = h + s;
        sw[k + s][t][clos.leafOf(i)] = clos.leafOf(j);
        sw[clos.leafOf(j)][t][h + s] = clos.portOf(j);
      }
    }
    return sw;
  }

  /** Name of switch index {@code w} of a plane: leaf-ℓ or spine-s. */
  public String switchName(int w) {
    return w < clos.leaves() ? "leaf-" + w : "spine-" + (w - clos.leaves());
  }
}
