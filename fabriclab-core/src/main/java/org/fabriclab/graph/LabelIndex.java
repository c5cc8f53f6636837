package org.fabriclab.graph;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.Arrays;

/**
 * Reverse look-up from a full label (one value per field) to the node that carries it. Labels
 * whose fields fit in 64 bits (the usual case: BCube(8,5) needs 3 bits per digit) are packed into
 * a {@code long} key; others fall back to an array-keyed map. Built in O(n); look-up O(width).
 * When two nodes carry the same label the lowest id wins.
 */
public final class LabelIndex {
  private final int width;
  private final int[] shift;
  private final int[] bitsOf;
  private final long[] offsetBias;
  private final Long2IntOpenHashMap packed;
  private final Object2IntOpenHashMap<IntKey> general;

  LabelIndex(Labels labels, int nodes) {
    this.width = labels.width();
    int[] min = new int[width];
    int[] max = new int[width];
    Arrays.fill(min, Integer.MAX_VALUE);
    Arrays.fill(max, Integer.MIN_VALUE);
    for (int v = 0; v < nodes; v++) {
      for (int f = 0; f < width; f++) {
        int x = labels.get(v, f);
        min[f] = Math.min(min[f], x);
        max[f] = Math.max(max[f], x);
      }
    }
    shift = new int[width];
    bitsOf = new int[width];
    offsetBias = new long[width];
    int bits = 0;
    for (int f = 0; f < width; f++) {
      long span = nodes == 0 ? 1 : (long) max[f] - min[f] + 1;
      int b = 64 - Long.numberOfLeadingZeros(Math.max(1, span - 1));
      shift[f] = bits;
      bitsOf[f] = Math.max(1, b);
      offsetBias[f] = nodes == 0 ? 0 : min[f];
      bits += Math.max(1, b);
    }
    if (bits <= 63) {
      packed = new Long2IntOpenHashMap(nodes);
      packed.defaultReturnValue(-1);
      general = null;
      for (int v = nodes - 1; v >= 0; v--) {
        packed.put(pack(labels.of(v)), v);
      }
    } else {
      packed = null;
      general = new Object2IntOpenHashMap<>(nodes);
      general.defaultReturnValue(-1);
      for (int v = nodes - 1; v >= 0; v--) {
        general.put(new IntKey(labels.of(v)), v);
      }
    }
  }

  /** The node carrying exactly this label, or -1. */
  public int find(int... label) {
    if (label.length != width) {
      throw new IllegalArgumentException("label needs " + width + " values, got " + label.length);
    }
    if (packed != null) {
      long key = 0;
      for (int f = 0; f < width; f++) {
        long x = label[f] - offsetBias[f];
        if (x < 0 || x >= (1L << bitsOf[f])) {
          return -1;
        }
        key |= x << shift[f];
      }
      return packed.get(key);
    }
    return general.getInt(new IntKey(label.clone()));
  }

  private long pack(int[] label) {
    long key = 0;
    for (int f = 0; f < width; f++) {
      key |= (label[f] - offsetBias[f]) << shift[f];
    }
    return key;
  }

  private record IntKey(int[] v) {
    @Override
    public boolean equals(Object o) {
      return o instanceof IntKey k && Arrays.equals(v, k.v);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(v);
    }
  }
}
