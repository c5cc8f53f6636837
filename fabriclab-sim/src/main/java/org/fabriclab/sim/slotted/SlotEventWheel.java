package org.fabriclab.sim.slotted;

import java.util.Arrays;

/**
 * Events due a bounded number of slots ahead, in a timing wheel of {@code horizon} buckets (a
 * power of two): schedule and drain are O(1) per event, events of one slot come out in the order
 * they were scheduled (so runs are deterministic). An event is a kind and three ints; records live
 * in a pool that grows by doubling and is reused, so the steady state allocates nothing.
 */
public final class SlotEventWheel {
  private final int[] bucketHead;
  private final int[] bucketTail;
  private final int mask;
  private int[] next;
  private int[] kind;
  private int[] x;
  private int[] y;
  private int[] z;
  private int free = -1;
  private int used;
  private int pending;
  private long drainedUpTo = -1;

  public SlotEventWheel(int horizonSlots, int initialEvents) {
    int h = Integer.highestOneBit(Math.max(2, horizonSlots - 1)) << 1;
    bucketHead = new int[h];
    bucketTail = new int[h];
    Arrays.fill(bucketHead, -1);
    Arrays.fill(bucketTail, -1);
    mask = h - 1;
    int n = Math.max(16, initialEvents);
    next = new int[n];
    kind = new int[n];
    x = new int[n];
    y = new int[n];
    z = new int[n];
  }

  /** Buckets in the wheel: an event may be scheduled at most this many slots ahead. */
  public int horizon() {
    return mask + 1;
  }

  /** Schedules (kind, x, y, z) at {@code slot}, which must be after the last drained slot and within the horizon. */
  public void schedule(long slot, int k, int vx, int vy, int vz) {
    if (slot <= drainedUpTo || slot - drainedUpTo > mask + 1) {
      throw new IllegalArgumentException("slot " + slot + " outside (" + drainedUpTo + ", "
          + (drainedUpTo + mask + 1) + "]");
    }
    int e;
    if (free >= 0) {
      e = free;
      free = next[e];
    } else {
      if (used == next.length) {
        int n = next.length * 2;
        next = Arrays.copyOf(next, n);
        kind = Arrays.copyOf(kind, n);
        x = Arrays.copyOf(x, n);
        y = Arrays.copyOf(y, n);
        z = Arrays.copyOf(z, n);
      }
      e = used++;
    }
    kind[e] = k;
    x[e] = vx;
    y[e] = vy;
    z[e] = vz;
    next[e] = -1;
    int b = (int) (slot & mask);
    if (bucketTail[b] < 0) {
      bucketHead[b] = e;
    } else {
      next[bucketTail[b]] = e;
    }
    bucketTail[b] = e;
    pending++;
  }

  /** Receives drained events. */
  public interface Handler {
    void event(int kind, int x, int y, int z);
  }

  /**
   * Hands every event due at {@code slot} to {@code h} (events it schedules for the same slot are
   * refused: they must be later) and frees them. Slots must be drained in increasing order.
   */
  public void drain(long slot, Handler h) {
    if (slot <= drainedUpTo) {
      throw new IllegalArgumentException("slot " + slot + " already drained");
    }
    drainedUpTo = slot;
    int b = (int) (slot & mask);
    int e = bucketHead[b];
    bucketHead[b] = -1;
    bucketTail[b] = -1;
    while (e >= 0) {
      int n = next[e];
      pending--;
      h.event(kind[e], x[e], y[e], z[e]);
      next[e] = free;
      free = e;
      e = n;
    }
  }

  /** Events scheduled and not yet drained. */
  public int pending() {
    return pending;
  }

  /** The last slot drained (-1 before the first). */
  public long drainedUpTo() {
    return drainedUpTo;
  }

  /** Marks every slot up to {@code slot} as drained; only legal when nothing is pending. */
  public void skipTo(long slot) {
    if (pending != 0) {
      throw new IllegalStateException("cannot skip with " + pending + " pending events");
    }
    drainedUpTo = Math.max(drainedUpTo, slot);
  }
}
