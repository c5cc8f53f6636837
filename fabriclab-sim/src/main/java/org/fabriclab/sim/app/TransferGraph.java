package org.fabriclab.sim.app;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.traffic.FlowTrace;

/**
 * Transfers with triggers (htsim's connection-matrix triggers, as an idea): each transfer is a
 * unicast flow (source host, destination host, bytes) that starts at a given time, or — when it
 * has dependencies — the moment the last of them completes at its receiver. Transfers belong to
 * groups (a one-to-many or many-to-one group flow, a collective, an HPL phase), and a group's job
 * completion time is its last transfer's end minus its first transfer's start. Enough to express
 * MPI broadcast algorithms (binomial tree, scatter + allgather ring, pipelined chain), HPL panel
 * broadcast and row swaps, closed-loop storage replication.
 *
 * <p>A builder: add transfers and dependencies, then {@link #trace()} gives the flows (id = the
 * transfer's index) and {@link Triggers} runs them. Dependencies must form a DAG (checked:
 * O(transfers + dependencies)).
 */
public final class TransferGraph {
  private final IntArrayList src = new IntArrayList();
  private final IntArrayList dst = new IntArrayList();
  private final it.unimi.dsi.fastutil.longs.LongArrayList bytes =
      new it.unimi.dsi.fastutil.longs.LongArrayList();
  private final it.unimi.dsi.fastutil.longs.LongArrayList startNs =
      new it.unimi.dsi.fastutil.longs.LongArrayList();
  private final IntArrayList group = new IntArrayList();
  private final List<IntArrayList> dependents = new ArrayList<>();
  private final IntArrayList waitingFor = new IntArrayList();
  private int groups;

  /** A new group id (0, 1, …). */
  public int newGroup() {
    return groups++;
  }

  /** Groups created so far. */
  public int groups() {
    return groups;
  }

  /**
   * Adds a transfer of {@code sizeBytes} from host {@code srcHost} to {@code dstHost} in
   * {@code groupId}, starting at {@code atNs} unless it gets dependencies. Returns its index.
   */
  public int add(int srcHost, int dstHost, long sizeBytes, int groupId, long atNs) {
    if (srcHost == dstHost) {
      throw new InvalidParameterException("transfer", "source and destination host are both " + srcHost);
    }
    InvalidParameterException.requireRange("bytes", sizeBytes, 1, Long.MAX_VALUE);
    InvalidParameterException.requireRange("startNs", atNs, 0, Long.MAX_VALUE);
    InvalidParameterException.requireRange("group", groupId, 0, groups - 1);
    src.add(srcHost);
    dst.add(dstHost);
    bytes.add(sizeBytes);
    startNs.add(atNs);
    group.add(groupId);
    dependents.add(new IntArrayList(2));
    waitingFor.add(0);
    return src.size() - 1;
  }

  /** Transfer {@code later} starts only once {@code earlier} has completed (and its other deps). */
  public void after(int later, int earlier) {
    if (later == earlier) {
      throw new InvalidParameterException("dependency", "transfer " + later + " cannot wait for itself");
    }
    dependents.get(earlier).add(later);
    waitingFor.set(later, waitingFor.getInt(later) + 1);
  }

  public int size() {
    return src.size();
  }

  public int group(int t) {
    return group.getInt(t);
  }

  int dependencies(int t) {
    return waitingFor.getInt(t);
  }

  IntArrayList dependents(int t) {
    return dependents.get(t);
  }

  /** Start time of a transfer without dependencies. */
  public long startNs(int t) {
    return startNs.getLong(t);
  }

  /**
   * The flows: id = transfer index, the given start for transfers without dependencies (the
   * others are launched by their triggers). Throws when the dependencies have a cycle.
   */
  public FlowTrace trace() {
    requireAcyclic();
    int n = size();
    long[] id = new long[n];
    long[] st = new long[n];
    for (int t = 0; t < n; t++) {
      id[t] = t;
      st[t] = waitingFor.getInt(t) == 0 ? startNs.getLong(t) : 0;
    }
    return new FlowTrace(id, src.toIntArray(), dst.toIntArray(), st, bytes.toLongArray());
  }

  private void requireAcyclic() {
    int n = size();
    int[] in = waitingFor.toIntArray();
    int[] queue = new int[n];
    int tail = 0;
    for (int t = 0; t < n; t++) {
      if (in[t] == 0) {
        queue[tail++] = t;
      }
    }
    for (int head = 0; head < tail; head++) {
      IntArrayList d = dependents.get(queue[head]);
      for (int i = 0; i < d.size(); i++) {
        if (--in[d.getInt(i)] == 0) {
          queue[tail++] = d.getInt(i);
        }
      }
    }
    if (tail < n) {
      throw new InvalidParameterException("dependency", "the transfers' dependencies form a cycle");
    }
  }
}
