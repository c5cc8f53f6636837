package org.fabriclab.sim.slotted;

import java.util.Arrays;

/**
 * Events due a bounded number of slots ahead, in a timing wheel of {@code horizon} buckets (a
 * power of two): schedule and drain are O(1) per event, events of one slot come out in the order
 * they were scheduled (so runs are deterministic). An event is a kind and three ints; records live
 * in a pool that grows by doubling and is reused, so the steady state allocates nothing.
 */
public final class SlotEventWheel {
  private static final int REC = 5;
  /** head and tail of bucket b at 2b, 2b+1. */
  private final int[] bucket;
  private final int mask;
  /** next, kind, x, y, z of event e at 5e..5e+4. */
  private int[] rec;
  private int free = -1;
  private int used;
  private int pending;
  private long drainedUpTo = -1;

  public SlotEventWheel(int horizonSlots, int initialEvents) {
    int h = Integer.highestOneBit(Math.max(2, horizonSlots - 1)) << 1;
    bucket = new int[2 * h];
    Arrays.fill(bucket, -1);
    mask = h - 1;
    rec = new int[REC * Math.max(16, initialEvents)];
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
      free = rec[REC * e];
    } else {
      if (REC * used == rec.length) {
        rec = Arrays.copyOf(rec, rec.length * 2);
      }
      e = used++;
    }
    int r = REC * e;
    rec[r] = -1;
    rec[r + 1] = k;
    rec[r + 2] = vx;
    rec[r + 3] = vy;
    rec[r + 4] = vz;
    int b = 2 * (int) (slot & mask);
    if (bucket[b + 1] < 0) {
      bucket[b] = e;
    } else {
      rec[REC * bucket[b + 1]] = e;
    }
    bucket[b + 1] = e;
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
    int b = 2 * (int) (slot & mask);
    int e = bucket[b];
    bucket[b] = -1;
    bucket[b + 1] = -1;
    while (e >= 0) {
      int r = REC * e;
      int n = rec[r];
      pending--;
      h.event(rec[r + 1], rec[r + 2], rec[r + 3], rec[r + 4]);
      rec[r] = free;
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
