package org.fabriclab.incast;

import it.unimi.dsi.fastutil.ints.Int2DoubleLinkedOpenHashMap;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;

/**
 * An incast transfer of seed 004 (§III-B): one receiver and {@code m} distinct senders in
 * BCube(n,k), each sender holding a data size (1 = the paper's unit, 1 MB). Senders are sorted
 * by id. {@link #activeDims()} are the dimensions in which some member differs from the receiver
 * (§V-B: the other dimensions are identical for all members, so the tree has fewer stages).
 *
 * @param labels the BCube
 * @param receiver receiver server id
 * @param senders sender ids, sorted, distinct, receiver excluded
 * @param sizes data size of each sender (parallel to {@code senders}), &gt; 0
 */
public record IncastTransfer(BCubeLabels labels, int receiver, int[] senders, double[] sizes) {
  public IncastTransfer {
    labels.requireServer("--receiver", receiver);
    if (senders.length == 0) {
      throw new InvalidParameterException("--senders", "must name at least one sender");
    }
    if (sizes.length != senders.length) {
      throw new IllegalArgumentException("sizes and senders differ in length");
    }
    int[] order = sortedOrder(senders);
    int[] s = new int[senders.length];
    double[] z = new double[senders.length];
    for (int i = 0; i < order.length; i++) {
      s[i] = senders[order[i]];
      z[i] = sizes[order[i]];
      labels.requireServer("--senders", s[i]);
      if (s[i] == receiver) {
        throw new InvalidParameterException("--senders", "the receiver " + receiver + " cannot be a sender");
      }
      if (i > 0 && s[i] == s[i - 1]) {
        throw new InvalidParameterException("--senders", "duplicate sender " + s[i]);
      }
      if (!(z[i] > 0) || Double.isInfinite(z[i])) {
        throw new InvalidParameterException("sizes", z[i], "finite and > 0");
      }
    }
    senders = s;
    sizes = z;
  }

  /** Unit-size senders (the paper's normalisation). */
  public static IncastTransfer unit(BCubeLabels labels, int receiver, int... senders) {
    double[] z = new double[senders.length];
    Arrays.fill(z, 1.0);
    return new IncastTransfer(labels, receiver, senders, z);
  }

  /**
   * §V-A: map tasks placed on servers; tasks sharing a server collapse into one sender whose size
   * is the local aggregate {@code max + α·(sum − max)}; tasks on the receiver's own server are
   * aggregated locally and leave the network transfer.
   */
  public static IncastTransfer fromTasks(
      BCubeLabels labels, int receiver, int[] taskServers, double[] taskSizes, double alpha) {
    Int2DoubleLinkedOpenHashMap max = new Int2DoubleLinkedOpenHashMap();
    Int2DoubleLinkedOpenHashMap sum = new Int2DoubleLinkedOpenHashMap();
    for (int i = 0; i < taskServers.length; i++) {
      if (taskServers[i] == receiver) {
        continue;
      }
      max.put(taskServers[i], Math.max(max.getOrDefault(taskServers[i], 0.0), taskSizes[i]));
      sum.addTo(taskServers[i], taskSizes[i]);
    }
    int[] s = max.keySet().toIntArray();
    double[] z = new double[s.length];
    for (int i = 0; i < s.length; i++) {
      z[i] = Aggregation.size(max.get(s[i]), sum.get(s[i]), alpha);
    }
    return new IncastTransfer(labels, receiver, s, z);
  }

  /**
   * {@code m} distinct random senders and a random receiver, uniformly over all servers (the
   * paper's random deployment, §VI-A).
   */
  public static IncastTransfer random(BCubeLabels labels, int m, SplittableRandom rnd) {
    int total = labels.serverCount();
    InvalidParameterException.requireRange("--random-senders", m, 1, total - 1L);
    int receiver = rnd.nextInt(total);
    return new IncastTransfer(labels, receiver, randomOthers(total, m, receiver, rnd), ones(m));
  }

  /** {@code m} distinct random servers other than {@code receiver}. */
  public static int[] randomOthers(int total, int m, int receiver, SplittableRandom rnd) {
    it.unimi.dsi.fastutil.ints.IntOpenHashSet set = new it.unimi.dsi.fastutil.ints.IntOpenHashSet();
    if (m > total / 2) {
      int[] all = new int[receiver >= 0 && receiver < total ? total - 1 : total];
      for (int i = 0, j = 0; i < total; i++) {
        if (i != receiver) {
          all[j++] = i;
        }
      }
      for (int i = 0; i < m; i++) {
        int r = i + rnd.nextInt(all.length - i);
        int t = all[i];
        all[i] = all[r];
        all[r] = t;
      }
      return Arrays.copyOf(all, m);
    }
    while (set.size() < m) {
      int s = rnd.nextInt(total);
      if (s != receiver) {
        set.add(s);
      }
    }
    return set.toIntArray();
  }

  static double[] ones(int m) {
    double[] z = new double[m];
    Arrays.fill(z, 1.0);
    return z;
  }

  public int senderCount() {
    return senders.length;
  }

  /** Index of {@code server} among the senders, or a negative number; O(log m). */
  public int senderIndex(int server) {
    return Arrays.binarySearch(senders, server);
  }

  /** Dimensions in which some sender differs from the receiver, ascending (§V-B). */
  public int[] activeDims() {
    int dims = labels.dims();
    boolean[] active = new boolean[dims];
    for (int s : senders) {
      for (int j = 0; j < dims; j++) {
        if (!active[j] && labels.digit(s, j) != labels.digit(receiver, j)) {
          active[j] = true;
        }
      }
    }
    return java.util.stream.IntStream.range(0, dims).filter(j -> active[j]).toArray();
  }

  /** Same senders and sizes, another receiver (which must not be a sender). */
  public IncastTransfer withReceiver(int newReceiver) {
    return new IncastTransfer(labels, newReceiver, senders, sizes);
  }

  private static int[] sortedOrder(int[] a) {
    Integer[] idx = new Integer[a.length];
    for (int i = 0; i < a.length; i++) {
      idx[i] = i;
    }
    Arrays.sort(idx, (x, y) -> Integer.compare(a[x], a[y]));
    int[] r = new int[a.length];
    for (int i = 0; i < a.length; i++) {
      r[i] = idx[i];
    }
    return r;
  }
}
