package org.fabriclab.sim.collective.goal;

import java.util.Arrays;

/** A byte array that grows by doubling: the text pool of labels. */
final class GrowableBytes {
  private byte[] a = new byte[256];
  private int size;

  int size() {
    return size;
  }

  /** The backing array; valid up to {@link #size}. */
  byte[] elements() {
    return a;
  }

  void add(byte[] src, int from, int length) {
    if (size + length > a.length) {
      a = Arrays.copyOf(a, Math.max(a.length * 2, size + length));
    }
    System.arraycopy(src, from, a, size, length);
    size += length;
  }

  void clear() {
    size = 0;
  }
}
