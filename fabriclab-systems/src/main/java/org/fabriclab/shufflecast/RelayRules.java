package org.fabriclab.shufflecast;

import java.util.Arrays;

/**
 * The ToR-to-ToR relay rules installed on every ToR (seed 000 §III-B1): ToR {@code r} holds a
 * rule for source {@code s} when it re-transmits {@code s}'s multicast packets into its splitter.
 * Immutable; stored as one bit set per ToR ({@code N²/8} bytes: 288 KiB for 1,536 ToRs).
 * {@link #has} O(1), {@link #count} O(N/64), {@link #sources} and {@link #relays} O(N).
 */
public final class RelayRules {
  private final int n;
  private final int words;
  private final long[] bits;

  private RelayRules(int n, long[] bits) {
    this.n = n;
    this.words = (n + 63) >>> 6;
    this.bits = bits;
  }

  public int tors() {
    return n;
  }

  /** Whether ToR {@code tor} relays for {@code source}. */
  public boolean has(int tor, int source) {
    return (bits[tor * words + (source >>> 6)] & (1L << source)) != 0;
  }

  /** Number of rules on {@code tor}. */
  public int count(int tor) {
    int c = 0;
    for (int w = 0; w < words; w++) {
      c += Long.bitCount(bits[tor * words + w]);
    }
    return c;
  }

  /** Rule counts indexed by ToR. */
  public int[] counts() {
    int[] c = new int[n];
    for (int r = 0; r < n; r++) {
      c[r] = count(r);
    }
    return c;
  }

  /** Sources {@code tor} relays for, ascending. */
  public int[] sources(int tor) {
    int[] out = new int[count(tor)];
    int m = 0;
    for (int s = 0; s < n; s++) {
      if (has(tor, s)) {
        out[m++] = s;
      }
    }
    return out;
  }

  /** ToRs holding a rule for {@code source}, ascending. */
  public int[] relays(int source) {
    int[] out = new int[n];
    int m = 0;
    for (int r = 0; r < n; r++) {
      if (has(r, source)) {
        out[m++] = r;
      }
    }
    return Arrays.copyOf(out, m);
  }

  /** A builder starting from these rules. */
  public Builder toBuilder() {
    return new Builder(n, bits.clone());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RelayRules r && r.n == n && Arrays.equals(r.bits, bits);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bits);
  }

  /** Collects rules; not thread-safe. */
  public static final class Builder {
    private final int n;
    private final int words;
    private final long[] bits;

    public Builder(int tors) {
      this(tors, new long[tors * ((tors + 63) >>> 6)]);
    }

    private Builder(int n, long[] bits) {
      this.n = n;
      this.words = (n + 63) >>> 6;
      this.bits = bits;
    }

    public boolean has(int tor, int source) {
      return (bits[tor * words + (source >>> 6)] & (1L << source)) != 0;
    }

    public Builder add(int tor, int source) {
      bits[tor * words + (source >>> 6)] |= 1L << source;
      return this;
    }

    public Builder remove(int tor, int source) {
      bits[tor * words + (source >>> 6)] &= ~(1L << source);
      return this;
    }

    /** Removes every rule of {@code tor}. */
    public Builder clear(int tor) {
      Arrays.fill(bits, tor * words, (tor + 1) * words, 0L);
      return this;
    }

    /** Sources {@code tor} currently relays for, ascending. */
    public int[] sources(int tor) {
      return build().sources(tor);
    }

    public RelayRules build() {
      return new RelayRules(n, bits.clone());
    }
  }
}
