package org.fabriclab.sim.collective.host;

/**
 * The {@code n} blocks of an {@code S}-byte buffer: block {@code b} holds {@code S / n} bytes, the
 * first {@code S mod n} one more; {@link #bytes(int, int)} is the size of blocks {@code lo..hi−1}.
 */
final class Blocks {
  private final long[] prefix;

  Blocks(long sizeBytes, int n) {
    prefix = new long[n + 1];
    for (int b = 0; b < n; b++) {
      prefix[b + 1] = prefix[b] + sizeBytes / n + (b < sizeBytes % n ? 1 : 0);
    }
  }

  long bytes(int lo, int hi) {
    return prefix[hi] - prefix[lo];
  }
}
