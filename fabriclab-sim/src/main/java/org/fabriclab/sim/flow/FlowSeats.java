package org.fabriclab.sim.flow;

import java.util.Arrays;

/**
 * The state that the progressive filling of max-min fair rates (Bertsekas and Gallager, Data
 * Networks, §6.5.2) reads and writes per flow and per link, as {@link MaxMinProgressiveFilling}
 * keeps it: every flow's rate and active flag, every active flow's dense seat, and every link's
 * list of the seats of its active flows.
 *
 * <p>Every active flow sits in a dense seat 0..seats-1 (freed seats reused first), so that the
 * refill's per-flow reads and writes stay within a few arrays of the active flows' size, not of
 * all flows. {@link #link} and {@link #unlink} cost O(h), h the flow's links (plus, on unlink, the
 * links of the seat moved into each freed list slot); both are allocation-free but for the growth
 * of the arrays: a seat's record (2h ints) comes from a pool of freed records of its size.
 *
 * <p>The lowest of the layers of {@link MaxMinProgressiveFilling}, split by file for size: its
 * fields are read directly by the refill's inner loops in the subclasses (no indirection); only
 * {@link MaxMinProgressiveFilling} is instantiated.
 */
abstract sealed class FlowSeats permits ProgressiveRefill {
  final double[] capacity;
  final int[][] paths;
  final double[] rate;
  final boolean[] active;
  // by seat: its flow, its record (its links, then its position in each link's list, copied at
  // activation), its rate, mark and frozen flag
  final int[] seatOf;
  int[] flowAt = new int[16];
  int[][] seatRec = new int[16][];
  double[] seatRate = new double[16];
  int[] seatMark = new int[16];
  boolean[] seatFrozen = new boolean[16];
  int[] freeSeats = new int[16];
  int freeCount;
  int seats;
  // freed seat records by hop count h (each 2h ints), reused by link: no allocation once every
  // size in use has been seen as often as it is active at once
  private int[][][] recPool = {new int[4][], new int[4][], new int[4][], new int[4][], new int[4][],
      new int[4][], new int[4][], new int[4][]};
  private int[] recFree = new int[8];
  // per link: the seats of its active flows (unordered)
  int[][] linkFlows;
  final int[] linkCount;

  /**
   * @param linkCapacity capacity of every link (any unit; rates come out in the same unit)
   * @param paths the links of every flow (not copied; must not change)
   */
  FlowSeats(double[] linkCapacity, int[][] paths) {
    capacity = linkCapacity;
    this.paths = paths;
    int m = linkCapacity.length;
    int n = paths.length;
    rate = new double[n];
    active = new boolean[n];
    seatOf = new int[n];
    linkFlows = new int[m][];
    linkCount = new int[m];
  }

  /**
   * Seats flow {@code f} (a freed seat first) with seat rate {@code startRate} and appends the
   * seat to the list of each of its links; returns the seat. The per-seat arrays grow together
   * (doubling): a subclass that keeps its own per-seat array sizes it by {@code flowAt.length}.
   */
  final int link(int f, double startRate) {
    int[] p = paths[f];
    int h = p.length;
    int st;
    if (freeCount > 0) {
      st = freeSeats[--freeCount];
    } else {
      if (seats == flowAt.length) {
        int c = 2 * seats;
        flowAt = Arrays.copyOf(flowAt, c);
        seatRec = Arrays.copyOf(seatRec, c);
        seatRate = Arrays.copyOf(seatRate, c);
        seatMark = Arrays.copyOf(seatMark, c);
        seatFrozen = Arrays.copyOf(seatFrozen, c);
        freeSeats = Arrays.copyOf(freeSeats, c);
      }
      st = seats++;
    }
    seatOf[f] = st;
    flowAt[st] = f;
    seatRate[st] = startRate;
    int[] r = record(h);
    System.arraycopy(p, 0, r, 0, h);
    seatRec[st] = r;
    for (int i = 0; i < h; i++) {
      int l = p[i];
      if (linkFlows[l] == null) {
        linkFlows[l] = new int[4];
      } else if (linkCount[l] == linkFlows[l].length) {
        linkFlows[l] = Arrays.copyOf(linkFlows[l], 2 * linkCount[l]);
      }
      r[h + i] = linkCount[l];
      linkFlows[l][linkCount[l]++] = st;
    }
    return st;
  }

  /**
   * Takes flow {@code f}'s seat out of its links' lists (the last seat of each list moves into its
   * slot) and frees the seat, its mark cleared.
   */
  final void unlink(int f) {
    int st = seatOf[f];
    int[] r = seatRec[st];
    int h = r.length >>> 1;
    for (int i = 0; i < h; i++) {
      int l = r[i];
      int s = r[h + i];
      int last = linkFlows[l][--linkCount[l]];
      linkFlows[l][s] = last;
      if (last != st) {
        int[] lr = seatRec[last];
        int lh = lr.length >>> 1;
        for (int j = 0; j < lh; j++) {
          if (lr[j] == l) {
            lr[lh + j] = s;
            break;
          }
        }
      }
    }
    seatMark[st] = 0; // epochs start at 1: a reused seat carries no mark
    seatRec[st] = null;
    freeSeats[freeCount++] = st;
    // the record goes back to the pool of its size (readers take h from its length)
    if (recFree[h] == recPool[h].length) {
      recPool[h] = Arrays.copyOf(recPool[h], 2 * recFree[h]);
    }
    recPool[h][recFree[h]++] = r;
  }

  /** A record of 2h ints from the pool of freed records of that size, or a new one. */
  private int[] record(int h) {
    if (h >= recPool.length) {
      int c = Math.max(h + 1, 2 * recPool.length);
      int old = recPool.length;
      recPool = Arrays.copyOf(recPool, c);
      recFree = Arrays.copyOf(recFree, c);
      for (int k = old; k < c; k++) {
        recPool[k] = new int[4][];
      }
    }
    return recFree[h] > 0 ? recPool[h][--recFree[h]] : new int[2 * h];
  }

  /** {@code a[i] = v}, {@code a} doubled first if full; returns {@code a} (or its copy). */
  static int[] push(int[] a, int i, int v) {
    if (i == a.length) {
      a = Arrays.copyOf(a, 2 * a.length);
    }
    a[i] = v;
    return a;
  }
}
