package org.fabriclab.traffic;

import java.util.Arrays;
import org.fabriclab.error.InvalidParameterException;

/**
 * A list of unicast flows in parallel primitive arrays: flow i goes from server index
 * {@code src(i)} to {@code dst(i)} (indices in the topology's server order), starts at
 * {@code startNs(i)} and carries {@code sizeBytes(i)} bytes. Flows are kept in start-time order
 * (stable: equal starts keep their input order). Immutable.
 */
public final class FlowTrace {
  private final long[] id;
  private final int[] src;
  private final int[] dst;
  private final long[] startNs;
  private final long[] size;

  /** Builds a trace; arrays are copied and sorted by start time (stable). */
  public FlowTrace(long[] id, int[] src, int[] dst, long[] startNs, long[] sizeBytes) {
    int n = id.length;
    if (src.length != n || dst.length != n || startNs.length != n || sizeBytes.length != n) {
      throw new IllegalArgumentException("trace arrays differ in length");
    }
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Long.compare(startNs[a], startNs[b]));
    this.id = new long[n];
    this.src = new int[n];
    this.dst = new int[n];
    this.startNs = new long[n];
    this.size = new long[n];
    for (int i = 0; i < n; i++) {
      int j = order[i];
      this.id[i] = id[j];
      this.src[i] = src[j];
      this.dst[i] = dst[j];
      this.startNs[i] = startNs[j];
      this.size[i] = sizeBytes[j];
    }
  }

  public int size() {
    return id.length;
  }

  public long id(int i) {
    return id[i];
  }

  public int src(int i) {
    return src[i];
  }

  public int dst(int i) {
    return dst[i];
  }

  public long startNs(int i) {
    return startNs[i];
  }

  public long sizeBytes(int i) {
    return size[i];
  }

  public long totalBytes() {
    long s = 0;
    for (long b : size) {
      s += b;
    }
    return s;
  }

  /** Throws unless every host index is below {@code servers}. */
  public void requireHostsBelow(int servers) {
    for (int i = 0; i < id.length; i++) {
      if (src[i] >= servers || dst[i] >= servers) {
        throw new InvalidParameterException("trace", "flow " + id[i] + " names host "
            + Math.max(src[i], dst[i]) + " but the topology has " + servers
            + " servers (valid hosts 0.." + (servers - 1) + ")");
      }
    }
  }
}
