package org.fabriclab.shoal;

import java.util.Arrays;

/**
 * Application flows of one run as parallel primitive arrays, in start order: source, destination,
 * bytes, start (ps); the simulator fills end (ps, -1 while unfinished) and delivered cells.
 */
public final class ShoalFlows {
  final int[] src;
  final int[] dst;
  final long[] bytes;
  final long[] startPs;
  final long[] endPs;
  final int[] cells;
  final int[] delivered;
  final int[] released;

  /** Copies the arrays; flows must be sorted by start time, src ≠ dst, bytes ≥ 1. */
  public ShoalFlows(int[] src, int[] dst, long[] bytes, long[] startPs) {
    int n = src.length;
    if (dst.length != n || bytes.length != n || startPs.length != n) {
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
    this.cells = new int[n];
    this.delivered = new int[n];
    this.released = new int[n];
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

  public int cells(int f) {
    return cells[f];
  }

  public int deliveredCells(int f) {
    return delivered[f];
  }
}
