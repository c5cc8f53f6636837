package org.fabriclab.shoal;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.rng.RandomStreams;

/**
 * Independent corruption of cell transmissions (seed 003 Appendix D): the cell that node i sends
 * to node j in a slot is corrupted with probability {@code rate}, decided by a hash of (seed,
 * slot, i, j) — a pure function, so a run stays deterministic whatever order the simulator visits
 * links in. The CRC of Fig. 5 is assumed to catch every corruption. O(1) per transmission.
 */
final class CellCorruption {
  private final double rate;
  private final long seed;
  private long hits;

  CellCorruption(double rate, long seed) {
    if (!(rate >= 0 && rate < 1)) {
      throw new InvalidParameterException("--corruption-rate", rate, "must be in [0, 1)");
    }
    this.rate = rate;
    this.seed = new RandomStreams(seed).stream("corruption").nextLong();
  }

  boolean active() {
    return rate > 0;
  }

  /** Whether the cell i sends to j in {@code slot} is corrupted (counts it). */
  boolean hits(long slot, int i, int j) {
    long h = seed ^ (slot * 0x9E3779B97F4A7C15L) ^ (((long) i << 32) | j);
    h = (h ^ (h >>> 30)) * 0xBF58476D1CE4E5B9L;
    h = (h ^ (h >>> 27)) * 0x94D049BB133111EBL;
    h ^= h >>> 31;
    boolean hit = (h >>> 11) * 0x1.0p-53 < rate;
    hits += hit ? 1 : 0;
    return hit;
  }

  /** Corrupted transmissions so far. */
  long count() {
    return hits;
  }
}
