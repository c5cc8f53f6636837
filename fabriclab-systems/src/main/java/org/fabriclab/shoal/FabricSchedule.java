package org.fabriclab.shoal;

import org.fabriclab.error.InvalidParameterException;

/**
 * Shoal's static fabric schedule (seed 003_b196c7dae7adec63.txt §3.2, Fig. 3; §3.4; Appendix A).
 *
 * <p>Decision (Fig. 3 is an image, not in the text): the schedule is the cyclic permutation
 * schedule that Appendix A names — in schedule column q (1..N−1) node i sends to node
 * (i + q) mod N, so every ordered pair is connected exactly once per N−1 columns. With C channels
 * (§3.4) channel c plays columns c·E .. c·E+E−1 in parallel, E = ⌈(N−1)/C⌉ slots per epoch; when C
 * does not divide N−1 the last channel idles in the remaining slots (the paper's 512 nodes on 4
 * channels: 511/4 → 128 slots = 2.98 µs at 23.25 ns, "2.9 µs" in §7.1).
 *
 * <p>Propagation-aware variant (Appendix A, Fig. 19): for odd N the last (N−1)/2 columns are played
 * in reverse, so node j sends to i exactly (N−1)/2 columns after i sent to j. For even N the shift
 * N/2 (its own inverse) is split into two half columns — nodes i &lt; N/2 send in column N/2,
 * nodes i ≥ N/2 in column N — giving N columns with one idle slot per node (throughput ×(1−1/N)),
 * and a gap of exactly N/2 columns between i→j and j→i.
 *
 * <p>Each column is a shift s plus a half filter (0: every node, 1: nodes below N/2, 2: nodes at
 * or above N/2). Immutable; peer lookups are O(1).
 */
public final class FabricSchedule {
  private final int nodes;
  private final int channels;
  private final int epochSlots;
  private final boolean propagationAware;
  /** shift of (channel c, slot t) at c*epochSlots + t; 0 = idle. */
  private final int[] shift;
  private final byte[] half;
  /** for shift s and half h (0 or 1: sender below / at-or-above N/2): the column index. */
  private final int[] columnOfShift;
  /** columnOfShift modulo the epoch: the slot of the epoch in which that column plays. */
  private final int[] epochSlotOf;

  public FabricSchedule(int nodes, int channels, boolean propagationAware) {
    InvalidParameterException.requireRange("--nodes", nodes, 2, 1 << 20);
    InvalidParameterException.requireRange("--channels", channels, 1, Math.max(1, nodes - 1));
    this.nodes = nodes;
    this.channels = channels;
    this.propagationAware = propagationAware;
    int columns = propagationAware && nodes % 2 == 0 ? nodes : nodes - 1;
    this.epochSlots = (columns + channels - 1) / channels;
    this.shift = new int[channels * epochSlots];
    this.half = new byte[channels * epochSlots];
    this.columnOfShift = new int[2 * nodes];
    java.util.Arrays.fill(columnOfShift, -1);
    int q = 0;
    if (!propagationAware) {
      for (int s = 1; s < nodes; s++) {
        put(q++, s, 0);
      }
    } else if (nodes % 2 == 1) {
      int m = (nodes - 1) / 2;
      for (int s = 1; s <= m; s++) {
        put(q++, s, 0);
      }
      for (int s = nodes - 1; s > m; s--) {
        put(q++, s, 0);
      }
    } else {
      int m = nodes / 2;
      for (int s = 1; s < m; s++) {
        put(q++, s, 0);
      }
      put(q++, m, 1);
      for (int s = nodes - 1; s > m; s--) {
        put(q++, s, 0);
      }
      put(q++, m, 2);
    }
    this.epochSlotOf = new int[2 * nodes];
    for (int x = 0; x < 2 * nodes; x++) {
      epochSlotOf[x] = columnOfShift[x] < 0 ? -1 : columnOfShift[x] % epochSlots;
    }
  }

  private void put(int column, int s, int h) {
    shift[column] = s;
    half[column] = (byte) h;
    if (h == 0 || h == 1) {
      columnOfShift[2 * s] = column;
    }
    if (h == 0 || h == 2) {
      columnOfShift[2 * s + 1] = column;
    }
  }

  public int nodes() {
    return nodes;
  }

  public int channels() {
    return channels;
  }

  /** Slots per epoch, E = ⌈columns / channels⌉ (§3.4). */
  public int epochSlots() {
    return epochSlots;
  }

  public boolean propagationAware() {
    return propagationAware;
  }

  /** Columns of the schedule (N−1, or N for the even propagation-aware variant). */
  public int columns() {
    return shift.length;
  }

  /** Shift of column {@code c·E + t}; 0 when the channel idles in that slot. */
  public int shiftOf(int column) {
    return shift[column];
  }

  /** Half filter of a column: 0 all nodes, 1 nodes below N/2, 2 nodes at or above N/2. */
  public int halfOf(int column) {
    return half[column];
  }

  /** Whether node i sends in column {@code column}. */
  public boolean sends(int column, int node) {
    int h = half[column];
    return shift[column] != 0 && (h == 0 || (h == 1) == (node < nodes / 2));
  }

  /** The peer node i sends to on channel c in epoch slot t, or -1 if it idles. O(1). */
  public int peer(int t, int c, int node) {
    int column = c * epochSlots + t;
    return sends(column, node) ? (node + shift[column]) % nodes : -1;
  }

  /** The column in which {@code from} sends to {@code to} (from ≠ to, both in 0..N−1). O(1). */
  public int columnOf(int from, int to) {
    int s = to - from;
    if (s < 0) {
      s += nodes;
    }
    return columnOfShift[2 * s + (from < nodes / 2 ? 0 : 1)];
  }

  /** The column in which {@code from} sends to {@code (from + s) mod N} (shift s in 1..N−1). O(1). */
  public int columnOfShift(int s, int from) {
    return columnOfShift[2 * s + (from < nodes / 2 ? 0 : 1)];
  }

  /** The first slot ≥ {@code slot} in which {@code from} sends to {@code to}. O(1). */
  public long nextSlot(int from, int to, long slot) {
    return nextSlot(from, to, slot, (int) Math.floorMod(slot, (long) epochSlots));
  }

  /**
   * As {@link #nextSlot(int, int, long)} when the caller knows {@code slotInEpoch = slot mod E}
   * (saves the divisions on a hot path). O(1).
   */
  public long nextSlot(int from, int to, long slot, int slotInEpoch) {
    int d = epochSlotOf[2 * (to - from < 0 ? to - from + nodes : to - from) + (from < nodes / 2 ? 0 : 1)]
        - slotInEpoch;
    return slot + (d < 0 ? d + epochSlots : d);
  }

  /** The fabric as slot-column × node → peer (-1 idle): the shape of Fig. 3 (columns channel-major). */
  public int[][] table() {
    int[][] f = new int[columns()][nodes];
    for (int q = 0; q < columns(); q++) {
      for (int i = 0; i < nodes; i++) {
        f[q][i] = sends(q, i) ? (i + shift[q]) % nodes : -1;
      }
    }
    return f;
  }
}
