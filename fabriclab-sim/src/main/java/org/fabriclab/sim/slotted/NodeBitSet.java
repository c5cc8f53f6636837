package org.fabriclab.sim.slotted;

/**
 * Rows of fixed-width bit sets in one {@code long[]}: row r, bit i. A slotted model keeps one row
 * per schedule column (e.g. per shift of a cyclic schedule) with bit i set when node i has work on
 * that column, so a slot visits only the nodes with work: O(width/64 + set bits) per row.
 */
public final class NodeBitSet {
  private final long[] words;
  private final int wordsPerRow;
  private final int width;

  public NodeBitSet(int rows, int width) {
    if (rows < 1 || width < 1) {
      throw new IllegalArgumentException("rows and width must be >= 1");
    }
    this.width = width;
    this.wordsPerRow = (width + 63) >>> 6;
    this.words = new long[Math.multiplyExact(rows, wordsPerRow)];
  }

  public void set(int row, int bit) {
    words[row * wordsPerRow + (bit >>> 6)] |= 1L << bit;
  }

  public void clear(int row, int bit) {
    words[row * wordsPerRow + (bit >>> 6)] &= ~(1L << bit);
  }

  public boolean get(int row, int bit) {
    return (words[row * wordsPerRow + (bit >>> 6)] & (1L << bit)) != 0;
  }

  /** The first set bit of {@code row} at or after {@code from}, or -1. */
  public int nextSet(int row, int from) {
    if (from >= width) {
      return -1;
    }
    int base = row * wordsPerRow;
    int w = from >>> 6;
    long word = words[base + w] & (-1L << from);
    while (true) {
      if (word != 0) {
        int bit = (w << 6) + Long.numberOfTrailingZeros(word);
        return bit < width ? bit : -1;
      }
      if (++w == wordsPerRow) {
        return -1;
      }
      word = words[base + w];
    }
  }

  /** Word {@code w} of {@code row} (bits 64w..64w+63). */
  public long word(int row, int w) {
    return words[row * wordsPerRow + w];
  }

  public int wordsPerRow() {
    return wordsPerRow;
  }

  public int width() {
    return width;
  }
}
