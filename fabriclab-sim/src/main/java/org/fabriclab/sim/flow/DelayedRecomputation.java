package org.fabriclab.sim.flow;

import java.util.Arrays;
import org.fabriclab.error.InvalidParameterException;

/**
 * Max-min rates recomputed <em>after a broadcast delay</em>, as in R2C2 (Costa et al., SIGCOMM
 * 2015): every node learns of each flow's start and end from a rack-wide broadcast and computes
 * all rates itself from that view, so a change takes effect only once its broadcast has reached
 * every node.
 *
 * <p>The model: the first arrival or departure not yet applied, at time t0, opens a window; the
 * recomputation takes effect at {@code t0 + delay} and applies every arrival and departure of
 * {@code [t0, t0 + delay)} in one refill of {@link MaxMinProgressiveFilling}; an event at exactly
 * {@code t0 + delay} or later opens the next window. Until then the old rates hold: an arrived
 * flow sends nothing (it has no rate yet) and a finished flow's share stays unused (the others do
 * not know it is gone). So an event waits between 0 and {@code delay} — the first of a window
 * exactly {@code delay}, as its broadcast needs; a later one less, i.e. it is batched with the
 * first (it would be seen up to {@code delay} later by the farthest node: the approximation this
 * batching makes). A delay of 0 applies the events of each picosecond together at that
 * picosecond, which is the exact max-min engine.
 *
 * <p>Cost: one refill per window instead of one per event; adding and removing is O(1) amortised.
 */
public final class DelayedRecomputation {
  private final MaxMinProgressiveFilling mm;
  private final long delayPs;
  private int[] adds = new int[64];
  private int[] removes = new int[64];
  private int na;
  private int nr;
  private long dueAt = Long.MAX_VALUE;
  private long flushes;

  /**
   * @param delayPs the broadcast delay in ps, ≥ 0 (see {@link #broadcastDelayPs})
   */
  public DelayedRecomputation(MaxMinProgressiveFilling mm, long delayPs) {
    InvalidParameterException.requireRange("recomputeDelayPs", delayPs, 0, Long.MAX_VALUE / 4);
    this.mm = mm;
    this.delayPs = delayPs;
  }

  /**
   * The time a broadcast needs to reach every node: {@code diameterHops} store-and-forward hops,
   * each the serialisation of a {@code packetBytes} packet at {@code linkBps} (rounded up to
   * the ps, {@link org.fabriclab.units.Time#serialization}) plus {@code perHopDelayPs}. For
   * Shoal's 8×8×8 torus baseline (diameter 3 × 4 = 12 hops, 64 B broadcast packets, 100/6 Gb/s
   * links, 10 ns per hop): 12 × (30,721 + 10,000) ps = 488,652 ps ≈ 489 ns.
   */
  public static long broadcastDelayPs(int diameterHops, long packetBytes, long linkBps, long perHopDelayPs) {
    InvalidParameterException.requireRange("diameterHops", diameterHops, 0, 1 << 20);
    InvalidParameterException.requireRange("perHopDelayPs", perHopDelayPs, 0, Long.MAX_VALUE / (1L << 22));
    return diameterHops * (org.fabriclab.units.Time.serialization(packetBytes, linkBps) + perHopDelayPs);
  }

  public long delayPs() {
    return delayPs;
  }

  /** When the pending recomputation takes effect; {@link Long#MAX_VALUE} when none is pending. */
  public long dueAt() {
    return dueAt;
  }

  /** Recomputations done (windows flushed). */
  public long flushes() {
    return flushes;
  }

  /** Flow {@code f} (an index of {@code mm}) started at {@code nowPs}: it gets a rate at the next flush. */
  public void arrive(int f, long nowPs) {
    if (na == adds.length) {
      adds = Arrays.copyOf(adds, 2 * na);
    }
    adds[na++] = f;
    open(nowPs);
  }

  /** Flow {@code f} ended at {@code nowPs}: it keeps its rate (unused) until the next flush. */
  public void depart(int f, long nowPs) {
    if (nr == removes.length) {
      removes = Arrays.copyOf(removes, 2 * nr);
    }
    removes[nr++] = f;
    open(nowPs);
  }

  private void open(long nowPs) {
    if (dueAt == Long.MAX_VALUE) {
      dueAt = nowPs + delayPs;
    } else if (nowPs >= dueAt) {
      throw new IllegalStateException("event at " + nowPs + " ps after the window due at " + dueAt);
    }
  }

  /**
   * Applies the window's arrivals and departures in one refill; afterwards {@link
   * MaxMinProgressiveFilling#changedCount()} lists the flows whose rates changed.
   */
  public void flush() {
    mm.update(removes, nr, adds, na);
    na = 0;
    nr = 0;
    dueAt = Long.MAX_VALUE;
    flushes++;
  }
}
