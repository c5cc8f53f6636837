package org.fabriclab.shoal;

import java.util.Arrays;

/**
 * Application flows of one run as parallel primitive arrays, in start order: source, destination,
 * bytes, start (ps); the simulator fills end (ps, -1 while unfinished) and delivered cells.
 * {@link #triggered} flows have no start of their own: they start when a {@link
 * org.fabriclab.sim.slotted.SlotTriggers} says (their dependencies have ended), and their start
 * is that ready time.
 */
public final class ShoalFlows {
  final int[] src;
  final int[] dst;
  final long[] bytes;
  final long[] startPs;
  final long[] endPs;
  /**
   * Simulator state per flow, one record of 4 ints at f << 2 (one cache line touch per cell event):
   * cells, cells released at the source, cells delivered, pair slot.
   */
  final int[] state;
  /** The next flow of the same node pair, in start order (-1: none). */
  final int[] next;
  static final int CELLS = 0;
  static final int RELEASED = 1;
  static final int DELIVERED = 2;
  static final int PAIR = 3;

  /** Traffic class per flow (Appendix C), 0 = highest priority. */
  final int[] cls;
  private final int classes;
  /** Whether flows start by triggers instead of at startPs (then filled at their start). */
  final boolean triggered;

  /** Copies the arrays; flows must be sorted by start time, src ≠ dst, bytes ≥ 1. One traffic class. */
  public ShoalFlows(int[] src, int[] dst, long[] bytes, long[] startPs) {
    this(src, dst, bytes, startPs, new int[src.length]);
  }

  /**
   * As above with a traffic class per flow (Appendix C): 0..3, 0 the highest priority. A Shoal flow
   * (a node pair) then exists once per class.
   */
  public ShoalFlows(int[] src, int[] dst, long[] bytes, long[] startPs, int[] classes) {
    this(src, dst, bytes, startPs, classes, false);
  }

  /**
   * Flows that start when a {@link org.fabriclab.sim.slotted.SlotTriggers} releases them (flow f
   * is the triggers' flow f); src ≠ dst, bytes ≥ 1, one traffic class. Run them with {@link
   * ShoalSimulator#ShoalSimulator(ShoalConfig, ShoalFlows, org.fabriclab.sim.slotted.SlotTriggers)}.
   */
  public static ShoalFlows triggered(int[] src, int[] dst, long[] bytes) {
    return new ShoalFlows(src, dst, bytes, new long[src.length], new int[src.length], true);
  }

  private ShoalFlows(int[] src, int[] dst, long[] bytes, long[] startPs, int[] classes, boolean triggered) {
    this.triggered = triggered;
    int n = src.length;
    if (dst.length != n || bytes.length != n || startPs.length != n || classes.length != n) {
      throw new IllegalArgumentException("flow arrays differ in length");
    }
    for (int f = 0; f < n; f++) {
      if (src[f] == dst[f] || bytes[f] < 1 || (f > 0 && startPs[f] < startPs[f - 1])) {
        throw new IllegalArgumentException("flow " + f + ": src = dst, empty, or out of start order");
      }
    }
    this.src = src.clone();
    this.dst = dst.clone();
    this.bytes = bytes.clone();
    this.startPs = startPs.clone();
    this.endPs = new long[n];
    Arrays.fill(endPs, -1);
    this.state = new int[Math.multiplyExact(4, n)];
    this.next = new int[n];
    this.cls = classes.clone();
    int m = 0;
    for (int f = 0; f < n; f++) {
      if (cls[f] < 0 || cls[f] > 3) {
        throw new IllegalArgumentException("flow " + f + ": traffic class must be 0..3");
      }
      m = Math.max(m, cls[f]);
    }
    this.classes = m + 1;
  }

  /** Whether the flows start by triggers ({@link #triggered(int[], int[], long[])}). */
  public boolean isTriggered() {
    return triggered;
  }

  public int size() {
    return src.length;
  }

  public int src(int f) {
    return src[f];
  }

  public int dst(int f) {
    return dst[f];
  }

  public long bytes(int f) {
    return bytes[f];
  }

  public long startPs(int f) {
    return startPs[f];
  }

  /** End (last cell at the destination) in ps, or -1 if the flow did not finish. */
  public long endPs(int f) {
    return endPs[f];
  }

  /** Flow completion time in ps, or -1. */
  public long fctPs(int f) {
    return endPs[f] < 0 ? -1 : endPs[f] - startPs[f];
  }

  /** Traffic class of flow f (0 = highest priority). */
  public int trafficClass(int f) {
    return cls[f];
  }

  /** 1 + the largest traffic class. */
  public int classes() {
    return classes;
  }

  public int cells(int f) {
    return state[(f << 2) + CELLS];
  }

  public int deliveredCells(int f) {
    return state[(f << 2) + DELIVERED];
  }
}
