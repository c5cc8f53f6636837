package org.fabriclab.gleam.baseline;

import org.fabriclab.sim.collective.CollectiveSchedule;

/**
 * HPL's two multicast phases (seed 002, §2.2, §5.2.1, Fig. 10/11, §5.3 Fig. 14) as {@link
 * CollectiveSchedule}s over the {@code P} ranks of one process row (panel broadcast) or column (row
 * swap), with HPL's recommended algorithms and with Gleam.
 *
 * <ul>
 *   <li>{@link #increasingRing}: HPL's "1ring" panel broadcast: the root sends the panel to rank
 *       {@code root+1}, which forwards it to {@code root+2}, and so on; {@code P − 1} sequential
 *       whole-panel transfers, {@code (P − 1)·M} bytes.
 *   <li>{@link #longRowSwap}: HPL's "long" row swap (spread then roll). Every rank must end with
 *       all {@code M} bytes of swapped rows. Spread: ranks holding more than their {@code M/P}
 *       share send the excess so each holds one share (uniform distribution: nothing moves;
 *       centralised: the root sends one share to each other rank, {@code (P − 1)·M/P} bytes).
 *       Roll: {@code P − 1} steps; in step {@code s} rank {@code v} passes the share it received in
 *       step {@code s − 1} (its own in step 0) to {@code v + 1}; {@code (P − 1)·M} bytes.
 *   <li>{@link #gleamPanel}: one multicast from the root. {@link #gleamRowSwap}: every holder
 *       multicasts what it holds (uniform: {@code P} multicasts of {@code M/P}; centralised: one
 *       multicast of {@code M}).
 * </ul>
 * Decision: the spread is direct from the root (HPL spreads along a tree; the bytes leaving the
 * root are the same). Shares are {@code M/P} with the remainder on the lowest ranks. O(P²).
 */
public final class HplSchedules {
  /** How the swapped rows are distributed before the row swap (§5.2.1). */
  public enum Distribution {
    UNIFORM,
    CENTRALISED
  }

  private HplSchedules() {}

  private static long share(long bytes, int p, int v) {
    return bytes / p + (v < bytes % p ? 1 : 0);
  }

  public static CollectiveSchedule increasingRing(int p, int root, long bytes) {
    check(p, root, bytes);
    CollectiveSchedule b = new CollectiveSchedule(p).named("increasing_ring");
    int prev = -1;
    for (int v = 1; v < p; v++) {
      int src = (root + v - 1) % p;
      int dst = (root + v) % p;
      prev = prev < 0 ? b.transfer(src, dst, bytes) : b.transfer(src, dst, bytes, prev);
    }
    return b;
  }

  public static CollectiveSchedule gleamPanel(int p, int root, long bytes) {
    return MpiBcast.gleam(p, root, bytes);
  }

  public static CollectiveSchedule longRowSwap(int p, int root, long bytes, Distribution dist) {
    check(p, root, bytes);
    CollectiveSchedule b = new CollectiveSchedule(p).named("long_" + dist.name().toLowerCase());
    int[] got = new int[p]; // transfer that gave rank v (virtual) its share, -1 if it had it
    java.util.Arrays.fill(got, -1);
    if (dist == Distribution.CENTRALISED) {
      for (int v = 1; v < p; v++) {
        long s = share(bytes, p, v);
        if (s > 0) {
          got[v] = b.transfer(root, (root + v) % p, s);
        }
      }
    }
    int[] last = got;
    for (int step = 0; step < p - 1; step++) {
      int[] into = new int[p];
      for (int v = 0; v < p; v++) {
        int shareOwner = Math.floorMod(v - step, p);
        long s = share(bytes, p, shareOwner);
        int dst = (v + 1) % p;
        if (s == 0) {
          into[dst] = last[dst];
          continue;
        }
        int src = (root + v) % p;
        int d = (root + dst) % p;
        into[dst] = last[v] < 0 ? b.transfer(src, d, s) : b.transfer(src, d, s, last[v]);
      }
      last = into;
    }
    return b;
  }

  public static CollectiveSchedule gleamRowSwap(int p, int root, long bytes, Distribution dist) {
    check(p, root, bytes);
    CollectiveSchedule b = new CollectiveSchedule(p).named("gleam_rs_" + dist.name().toLowerCase());
    if (dist == Distribution.CENTRALISED) {
      b.multicast(root, others(p, root), bytes);
    } else {
      for (int v = 0; v < p; v++) {
        long s = share(bytes, p, v);
        int r = (root + v) % p;
        if (s > 0) {
          b.multicast(r, others(p, r), s);
        }
      }
    }
    return b;
  }

  private static int[] others(int p, int r) {
    int[] o = new int[p - 1];
    for (int v = 1; v < p; v++) {
      o[v - 1] = (r + v) % p;
    }
    return o;
  }

  private static void check(int p, int root, long bytes) {
    if (p < 2 || root < 0 || root >= p || bytes <= 0) {
      throw new IllegalArgumentException("need ranks >= 2, 0 <= root < ranks, bytes > 0");
    }
  }
}
