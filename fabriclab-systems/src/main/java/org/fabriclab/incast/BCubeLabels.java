package org.fabriclab.incast;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.topology.bcube.BCube;

/**
 * Label arithmetic of BCube(n, k) for the incast trees of seed 004 (§IV-A): server ids are
 * {@code Σ d_j·n^j}, two servers that differ in one digit {@code j} share the level-{@code j}
 * switch (ids from {@link BCube#switchId}). Nothing is materialised, so BCube(6,9) (60 million
 * servers) and BCube(8,5) cost nothing to describe. Every operation is O(k) or O(1).
 */
public final class BCubeLabels {
  private final int n;
  private final int k;
  private final int[] pow;

  /**
   * @param n switch ports, 2..64
   * @param k top level, 0.. while n^(k+1) stays below 2^31
   */
  public BCubeLabels(int n, int k) {
    InvalidParameterException.requireRange("bcube n", n, 2, BCube.MAX_N);
    InvalidParameterException.requireRange("bcube k", k, 0, BCube.MAX_K);
    long size = 1;
    for (int i = 0; i <= k; i++) {
      size *= n;
      if (size > Integer.MAX_VALUE / 2) {
        throw new InvalidParameterException(
            "bcube k", k, "0.." + (i - 1) + " for n=" + n + " (n^(k+1) must stay below 2^30)");
      }
    }
    this.n = n;
    this.k = k;
    pow = new int[k + 2];
    pow[0] = 1;
    for (int i = 1; i < pow.length; i++) {
      pow[i] = pow[i - 1] * n;
    }
  }

  public int n() {
    return n;
  }

  public int k() {
    return k;
  }

  /** Number of dimensions, {@code k+1}. */
  public int dims() {
    return k + 1;
  }

  public int serverCount() {
    return pow[k + 1];
  }

  /** Digit {@code j} of {@code server}; O(1). */
  public int digit(int server, int j) {
    return server / pow[j] % n;
  }

  /** {@code server} with digit {@code j} replaced by {@code value}; O(1). */
  public int withDigit(int server, int j, int value) {
    return server + (value - digit(server, j)) * pow[j];
  }

  /** Hamming distance of two labels (hops between them); O(k). */
  public int hamming(int a, int b) {
    int d = 0;
    for (int j = 0; j <= k; j++) {
      if (digit(a, j) != digit(b, j)) {
        d++;
      }
    }
    return d;
  }

  /** The only digit in which one-hop neighbours differ, or -1 if they are not neighbours; O(k). */
  public int differingDigit(int a, int b) {
    int found = -1;
    for (int j = 0; j <= k; j++) {
      if (digit(a, j) != digit(b, j)) {
        if (found >= 0) {
          return -1;
        }
        found = j;
      }
    }
    return found;
  }

  /**
   * Node id of the level-{@code level} switch of {@code server}, numbered as {@link BCube} does
   * ({@code n^(k+1) + level·n^k + switchIndex}); a long, since for the largest label spaces the
   * switch ids pass 2^31. O(k).
   */
  public long switchId(int level, int server) {
    return (long) serverCount() + (long) level * pow[k] + BCube.switchIndex(n, level, server);
  }

  /** Checks a server id; the parameter name appears in the message. */
  public int requireServer(String parameter, long server) {
    InvalidParameterException.requireRange(parameter, server, 0, serverCount() - 1L);
    return (int) server;
  }

  /** Label text {@code d_k..d_0} (digits separated by dots when n > 10). */
  public String label(int server) {
    StringBuilder sb = new StringBuilder();
    for (int j = k; j >= 0; j--) {
      if (n > 10 && j < k) {
        sb.append('.');
      }
      sb.append(digit(server, j));
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return "BCube(" + n + "," + k + ")";
  }
}
