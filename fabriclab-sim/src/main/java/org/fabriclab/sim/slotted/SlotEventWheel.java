package org.fabriclab.sim.slotted;

import java.util.Arrays;

/**
 * Events due a bounded number of slots ahead, in a timing wheel of buckets (a power of two
 * larger than the horizon). Each bucket is a contiguous int array of (kind, x, y, z) records, so
 * scheduling appends and draining reads sequentially (cache-friendly; no linked records). Events
 * of one slot come out in the order they were scheduled, so runs are deterministic. Buckets grow
 * by doubling and are reused: the steady state allocates nothing. O(1) per event.
 */
public final class SlotEventWheel {
  private static final int REC = 4;
  private final int[][] bucket;
  private final int[] count;
  private final int mask;
  private int pending;
  private long drainedUpTo = -1;

  public SlotEventWheel(int horizonSlots, int initialEvents) {
    int h = Integer.highestOneBit(Math.max(2, horizonSlots)) << 1;
    mask = h - 1;
    bucket = new int[h][];
    count = new int[h];
    int per = Math.max(4, Integer.highestOneBit(Math.max(1, initialEvents / h)) << 1);
    for (int b = 0; b < h; b++) {
      bucket[b] = new int[REC * per];
    }
  }

  /** Slots ahead an event may be scheduled (exclusive of the bucket being drained). */
  public int horizon() {
    return mask;
  }

  /** Schedules (kind, x, y, z) at {@code slot}, which must be after the last drained slot and within the horizon. */
  public void schedule(long slot, int k, int vx, int vy, int vz) {
    if (slot <= drainedUpTo || slot - drainedUpTo > mask) {
      throw new IllegalArgumentException("slot " + slot + " outside (" + drainedUpTo + ", "
          + (drainedUpTo + mask) + "]");
    }
    int b = (int) (slot & mask);
    int[] a = bucket[b];
    int r = REC * count[b]++;
    if (r == a.length) {
      a = Arrays.copyOf(a, a.length * 2);
      bucket[b] = a;
    }
    a[r] = k;
    a[r + 1] = vx;
    a[r + 2] = vy;
    a[r + 3] = vz;
    pending++;
  }

  /** Receives drained events. */
  public interface Handler {
    void event(int kind, int x, int y, int z);
  }

  /**
   * Hands every event due at {@code slot} to {@code h} in scheduling order (events it schedules
   * must be later and within the horizon, so never in this bucket). Slots are drained in order.
   */
  public void drain(long slot, Handler h) {
    if (slot <= drainedUpTo) {
      throw new IllegalArgumentException("slot " + slot + " already drained");
    }
    drainedUpTo = slot;
    int b = (int) (slot & mask);
    int m = count[b];
    int[] a = bucket[b];
    for (int r = 0; r < REC * m; r += REC) {
      h.event(a[r], a[r + 1], a[r + 2], a[r + 3]);
    }
    count[b] = 0;
    pending -= m;
  }

  /**
   * Hands every event due at {@code slot} to {@code h} in scheduling order without draining them
   * (e.g. to touch the memory the events will need, so that cache misses overlap; read only).
   */
  public void peek(long slot, Handler h) {
    int b = (int) (slot & mask);
    int m = count[b];
    int[] a = bucket[b];
    for (int r = 0; r < REC * m; r += REC) {
      h.event(a[r], a[r + 1], a[r + 2], a[r + 3]);
    }
  }

  /**
   * The records of the events due at {@code slot} (kind, x, y, z at 4r..4r+3 for r below {@link
   * #countAt}), for read-only passes before {@link #drain}. Valid until the next schedule/drain.
   */
  public int[] bucketAt(long slot) {
    return bucket[(int) (slot & mask)];
  }

  /** Number of events due at {@code slot} (not yet drained). */
  public int countAt(long slot) {
    return count[(int) (slot & mask)];
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
