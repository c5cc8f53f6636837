package org.fabriclab.gleam.baseline;

import java.util.ArrayList;
import java.util.List;

/**
 * A communication algorithm written as data: the transfers of one collective over ranks
 * {@code 0..ranks-1} with their dependencies (seed 002's baselines, §5.1, §5.2; issue 10 item 7).
 * Engines or the analytic {@link StarJctModel} execute it. Built with {@link Builder}.
 */
public final class TransferSchedule {
  private final String name;
  private final int ranks;
  private final List<Transfer> transfers;

  private TransferSchedule(String name, int ranks, List<Transfer> transfers) {
    this.name = name;
    this.ranks = ranks;
    this.transfers = List.copyOf(transfers);
  }

  public String name() {
    return name;
  }

  public int ranks() {
    return ranks;
  }

  public List<Transfer> transfers() {
    return transfers;
  }

  /** Payload bytes put on the wire by senders (a multicast counts once). O(transfers). */
  public long sentBytes() {
    long b = 0;
    for (Transfer t : transfers) {
      b += t.bytes();
    }
    return b;
  }

  /** Payload bytes delivered to receivers (a multicast counts once per destination). */
  public long deliveredBytes() {
    long b = 0;
    for (Transfer t : transfers) {
      b += t.bytes() * t.dstCount();
    }
    return b;
  }

  /** Payload bytes rank {@code r} sends. */
  public long sentBy(int r) {
    long b = 0;
    for (Transfer t : transfers) {
      if (t.src() == r) {
        b += t.bytes();
      }
    }
    return b;
  }

  /** Payload bytes rank {@code r} receives. */
  public long receivedBy(int r) {
    long b = 0;
    for (Transfer t : transfers) {
      for (int i = 0; i < t.dstCount(); i++) {
        if (t.dst(i) == r) {
          b += t.bytes();
        }
      }
    }
    return b;
  }

  /** Transfers on the longest dependency chain (the algorithm's step count). O(transfers + deps). */
  public int steps() {
    int[] depth = new int[transfers.size()];
    int max = 0;
    for (Transfer t : transfers) {
      int d = 0;
      for (int i = 0; i < t.dependencyCount(); i++) {
        d = Math.max(d, depth[t.dependency(i)]);
      }
      depth[t.id()] = d + 1;
      max = Math.max(max, d + 1);
    }
    return max;
  }

  /** Collects transfers, numbering them in order. */
  public static final class Builder {
    private final String name;
    private final int ranks;
    private final List<Transfer> list = new ArrayList<>();

    public Builder(String name, int ranks) {
      if (ranks < 2) {
        throw new IllegalArgumentException("a collective needs >= 2 ranks");
      }
      this.name = name;
      this.ranks = ranks;
    }

    /** Adds a unicast and returns its id. */
    public int unicast(int src, int dst, long bytes, int... dependsOn) {
      return add(src, new int[] {dst}, bytes, dependsOn);
    }

    /** Adds an in-fabric multicast and returns its id. */
    public int multicast(int src, int[] dsts, long bytes, int... dependsOn) {
      return add(src, dsts, bytes, dependsOn);
    }

    private int add(int src, int[] dsts, long bytes, int[] dependsOn) {
      check(src);
      for (int d : dsts) {
        check(d);
      }
      int id = list.size();
      list.add(new Transfer(id, src, dsts, bytes, dependsOn));
      return id;
    }

    private void check(int r) {
      if (r < 0 || r >= ranks) {
        throw new IllegalArgumentException("rank " + r + " outside 0.." + (ranks - 1));
      }
    }

    public TransferSchedule build() {
      return new TransferSchedule(name, ranks, list);
    }
  }
}
