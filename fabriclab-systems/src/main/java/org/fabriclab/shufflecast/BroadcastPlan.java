package org.fabriclab.shufflecast;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.List;

/**
 * The unicast transfers of one application-layer broadcast (MPI_Bcast, Cornet; seed
 * 000_9b2589b0d55d7b52.txt §VI-A(a)) over ranks {@code 0..ranks−1}, rank 0 the source: each
 * transfer has a sender, a receiver, payload bytes, the transfers it waits for (a trigger: it starts
 * when the last of them has completed at its receiver) and a delay after that moment (host or
 * control time, e.g. Cornet's block locate). A transfer may also carry a block id (−1 for none).
 * Dependencies always point to earlier transfers, so the plan is a DAG by construction.
 * Memory O(transfers + dependencies).
 */
final class BroadcastPlan {
  private static final int[] NONE = new int[0];
  final String name;
  final int ranks;
  private final IntArrayList src = new IntArrayList();
  private final IntArrayList dst = new IntArrayList();
  private final LongArrayList bytes = new LongArrayList();
  private final LongArrayList delayNs = new LongArrayList();
  private final IntArrayList block = new IntArrayList();
  private final List<int[]> deps = new ArrayList<>();

  BroadcastPlan(String name, int ranks) {
    if (ranks < 2) {
      throw new IllegalArgumentException("a broadcast needs >= 2 ranks");
    }
    this.name = name;
    this.ranks = ranks;
  }

  /** Adds a transfer and returns its id; {@code after} ids must be smaller (−1 entries ignored). */
  int add(int from, int to, long size, long delay, int blockId, int... after) {
    if (from < 0 || from >= ranks || to < 0 || to >= ranks || from == to || size <= 0) {
      throw new IllegalArgumentException("transfer " + from + "->" + to + " of " + size + " B");
    }
    int id = src.size();
    int n = 0;
    for (int a : after) {
      if (a >= id) {
        throw new IllegalArgumentException("transfer " + id + " waits for later transfer " + a);
      }
      n += a >= 0 ? 1 : 0;
    }
    int[] d = n == 0 ? NONE : new int[n];
    n = 0;
    for (int a : after) {
      if (a >= 0) {
        d[n++] = a;
      }
    }
    src.add(from);
    dst.add(to);
    bytes.add(size);
    delayNs.add(delay);
    block.add(blockId);
    deps.add(d);
    return id;
  }

  int size() {
    return src.size();
  }

  int src(int t) {
    return src.getInt(t);
  }

  int dst(int t) {
    return dst.getInt(t);
  }

  long bytes(int t) {
    return bytes.getLong(t);
  }

  long delayNs(int t) {
    return delayNs.getLong(t);
  }

  int block(int t) {
    return block.getInt(t);
  }

  int[] deps(int t) {
    return deps.get(t);
  }

  /** Payload bytes rank {@code r} receives. O(transfers). */
  long receivedBy(int r) {
    long b = 0;
    for (int t = 0; t < size(); t++) {
      if (dst(t) == r) {
        b += bytes(t);
      }
    }
    return b;
  }

  /** Transfers on the longest dependency chain. O(transfers + dependencies). */
  int steps() {
    int[] depth = new int[size()];
    int max = 0;
    for (int t = 0; t < size(); t++) {
      int d = 0;
      for (int a : deps(t)) {
        d = Math.max(d, depth[a]);
      }
      depth[t] = d + 1;
      max = Math.max(max, depth[t]);
    }
    return max;
  }
}
