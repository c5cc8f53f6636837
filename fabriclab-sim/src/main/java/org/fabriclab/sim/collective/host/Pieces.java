package org.fabriclab.sim.collective.host;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * What the host schemes share: cutting a message into segments, virtual ranks relative to the
 * root, a reduction as a local step, and dependency lists without the "none" marker −1.
 */
final class Pieces {
  private Pieces() {}


  /**
   * The segment sizes of {@code bytes} cut at {@code segmentBytes} ({@code 0} or more than the
   * message: one segment); the last segment is the remainder.
   */
  static long[] segments(long bytes, long segmentBytes) {
    if (segmentBytes <= 0 || segmentBytes >= bytes) {
      return new long[] {bytes};
    }
    long k = (bytes + segmentBytes - 1) / segmentBytes;
    InvalidParameterException.requireRange("segments", k, 1, 1 << 24);
    long[] s = new long[(int) k];
    for (int i = 0; i < k; i++) {
      s[i] = Math.min(segmentBytes, bytes - i * segmentBytes);
    }
    return s;
  }

  /** The real rank of virtual rank {@code v} (virtual rank 0 is the root). */
  static int real(int v, CollectiveSpec spec) {
    return (v + spec.root()) % spec.ranks();
  }

  /** The non-negative ids among {@code a}. */
  static int[] deps(int... a) {
    int c = 0;
    for (int x : a) {
      c += x >= 0 ? 1 : 0;
    }
    if (c == a.length) {
      return a;
    }
    int[] out = new int[c];
    int i = 0;
    for (int x : a) {
      if (x >= 0) {
        out[i++] = x;
      }
    }
    return out;
  }

  /**
   * After {@code arrivals} at {@code rank} (ids, −1 ignored), the reduction of {@code bytes}
   * there: a step of the spec's reduction time, or — when reductions are free — nothing. Returns
   * the id the next use of the reduced data waits for: the step, or the single arrival, or a
   * zero step joining several arrivals; −1 when there is nothing to wait for.
   */
  static int reduce(CollectiveSchedule s, CollectiveSpec spec, int rank, long bytes, int... arrivals) {
    int[] d = deps(arrivals);
    long ps = spec.reducePs(bytes);
    if (ps == 0 && d.length <= 1) {
      return d.length == 0 ? -1 : d[0];
    }
    return s.step(rank, ps, d);
  }

  /** Requires a power-of-two number of ranks, naming the scheme. */
  static void requirePowerOfTwo(String scheme, int ranks) {
    if (Integer.bitCount(ranks) != 1) {
      throw new InvalidParameterException("ranks", ranks, scheme
          + " needs a power of two ranks (2, 4, 8, …)");
    }
  }
}
