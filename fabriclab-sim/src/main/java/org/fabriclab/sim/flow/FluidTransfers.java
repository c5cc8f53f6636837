package org.fabriclab.sim.flow;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;

/**
 * The flow-level (fluid) engine for <em>transfers with dependencies</em>, unicast or multicast:
 * the extension of {@link FlowLevelSimulation} to group communication. A transfer occupies a set
 * of directed links — a unicast path, or every link of a multicast tree <em>once</em> (a switch
 * copies the data, so a tree link carries the transfer's bytes once whatever the receivers
 * behind it) — and gets the max-min fair rate over the link capacities ({@link
 * MaxMinProgressiveFilling}); for a tree that is the minimum over its links of the link's fair
 * share, i.e. its bottleneck link decides, as for a path. Rates are recomputed whenever transfers
 * start or drain (one batched refill per event).
 *
 * <p>A transfer without dependencies starts at its given time; one with dependencies the moment
 * the last of them <em>completes</em>. A transfer drains its wire bytes at its fluid rate and
 * completes {@code extraPs} later (the caller's fixed latency: propagation and the last packet's
 * store-and-forward along the path or the tree's deepest branch), so its dependents start then.
 * The engine itself adds no latency and no headers.
 *
 * <p>Cost: per event one batched refill, incremental (see {@link MaxMinProgressiveFilling}: only
 * the flows whose rate can change are searched and re-frozen), plus O(log
 * active) per transfer whose rate it changed — a transfer's bytes are brought up to date only when
 * its rate changes and its drain time sits in a heap, so no event scans the active transfers;
 * O(transfers log transfers) for the start queue. Deterministic: ties are broken by transfer
 * index.
 */
public final class FluidTransfers {
  private final double[] capacity;
  private final List<int[]> links = new ArrayList<>();
  private final LongArrayList wireBytes = new LongArrayList();
  private final LongArrayList startPs = new LongArrayList();
  private final LongArrayList extraPs = new LongArrayList();
  private final List<IntArrayList> dependents = new ArrayList<>();
  private final IntArrayList waitingFor = new IntArrayList();
  private final int linkCount;

  /** Transfers over {@code topo}'s links at their capacities. */
  public FluidTransfers(Topology topo) {
    linkCount = topo.linkCount();
    capacity = new double[linkCount];
    for (int e = 0; e < linkCount; e++) {
      capacity[e] = topo.capacityBps(e) / 8e12; // bytes per ps
    }
  }

  /** Transfers over links with the given capacities in bytes per ps (tests). */
  public FluidTransfers(double[] capacityBytesPerPs) {
    linkCount = capacityBytesPerPs.length;
    capacity = capacityBytesPerPs.clone();
  }

  /**
   * Adds a transfer of {@code bytes} (≥ 1) over {@code linkSet} (distinct directed links, not
   * copied), starting at {@code atPs} unless it gets dependencies; returns its index. A
   * <em>barrier</em> has no links and 0 bytes: it completes {@code extraLatencyPs} after it starts.
   */
  public int add(int[] linkSet, long bytes, long atPs, long extraLatencyPs) {
    InvalidParameterException.requireRange("bytes", bytes, linkSet.length == 0 ? 0 : 1, linkSet.length == 0 ? 0 : Long.MAX_VALUE);
    for (int l : linkSet) {
      if (l < 0 || l >= linkCount) {
        throw new InvalidParameterException("link", l, "valid range 0.." + (linkCount - 1));
      }
    }
    links.add(linkSet);
    wireBytes.add(bytes);
    startPs.add(atPs);
    extraPs.add(extraLatencyPs);
    dependents.add(new IntArrayList(2));
    waitingFor.add(0);
    return links.size() - 1;
  }

  /** Transfer {@code later} starts once {@code earlier} has completed (and its other dependencies). */
  public void after(int later, int earlier) {
    if (later == earlier || later < 0 || earlier < 0 || later >= size() || earlier >= size()) {
      throw new InvalidParameterException("dependency", later + " after " + earlier, "two different transfers");
    }
    dependents.get(earlier).add(later);
    waitingFor.set(later, waitingFor.getInt(later) + 1);
  }

  public int size() {
    return links.size();
  }

  /** Completion times (ps) per transfer and the makespan; {@code -1} for a transfer never started. */
  public record Result(long[] completionPs, long[] startPs, long makespanPs, long events, long refills) {}

  /**
   * Runs every transfer to completion. Throws {@link InvalidParameterException} when some
   * transfer never starts (a dependency cycle).
   */
  public Result run(Progress progress) {
    return run(progress, 0);
  }

  /**
   * Runs with rate updates batched in windows of {@code quantumPs} (0 = exact, every drain and
   * start its own event). With a quantum, a drain event also drains every transfer that would
   * finish within the next {@code quantumPs} (its completion time stays exact; its bandwidth is
   * released up to one quantum early), and a start event also starts every transfer due within
   * the quantum (each up to one quantum late). Each transfer's timing error is thus below one
   * quantum per dependency step, and the events (each one batched refill) are at most about
   * (simulated time / quantum) — the cost bound that makes the 2-million-transfer HPL runs
   * feasible.
   */
  public Result run(Progress progress, long quantumPs) {
    if (quantumPs < 0) {
      throw new InvalidParameterException("quantumPs", quantumPs, "valid range 0..");
    }
    int n = size();
    int[][] paths = links.toArray(new int[0][]);
    MaxMinProgressiveFilling mm = new MaxMinProgressiveFilling(capacity, paths, true, true);
    // per active transfer: bytes left at last[f], its rate since then, its drain time in the heap
    double[] remaining = new double[n];
    long[] last = new long[n];
    double[] rateNow = new double[n];
    IndexedLongMinHeap drains = new IndexedLongMinHeap(n);
    long[] done = new long[n];
    long[] started = new long[n];
    Arrays.fill(done, -1);
    Arrays.fill(started, -1);
    int[] wait = waitingFor.toIntArray();
    long[] readyAt = new long[n]; // the latest completion among each transfer's dependencies so far
    // start queue: (time, index) in a binary heap of longs packed as two arrays
    long[] qTime = new long[Math.max(16, n)];
    int[] qId = new int[qTime.length];
    int qs = 0;
    for (int t = 0; t < n; t++) {
      if (wait[t] == 0) {
        qs = push(qTime, qId, qs, startPs.getLong(t), t);
      }
    }
    int activeCount = 0;
    int[] batch = new int[Math.max(1, n)];
    long[] drainAt = new long[Math.max(1, n)];
    long now = 0;
    long events = 0;
    long makespan = 0;
    int completed = 0;
    progress.begin("transfers", n);
    try {
      while (qs > 0 || activeCount > 0) {
        long drain = drains.minKey();
        long arrival = qs > 0 ? qTime[0] : Long.MAX_VALUE;
        long t = Math.min(drain, arrival);
        if (t == Long.MAX_VALUE) {
          break; // active transfers with zero rate only: cannot happen with positive capacities
        }
        now = t;
        events++;
        if (drain <= arrival) {
          // every transfer with at most quantum + 1 ps of sending left (less than 1 ps: now)
          int b = 0;
          long limit = now + quantumPs + 1;
          while (drains.minKey() <= limit) {
            long key = drains.minKey();
            int f = drains.pop();
            drainAt[b] = key <= now + 1 ? now : key;
            batch[b++] = f;
            activeCount--;
          }
          mm.removeAll(batch, b);
          applyRates(mm, now, remaining, last, rateNow, drains);
          for (int i = 0; i < b; i++) {
            int f = batch[i];
            long end = drainAt[i] + extraPs.getLong(f);
            done[f] = end;
            makespan = Math.max(makespan, end);
            completed++;
            IntArrayList d = dependents.get(f);
            for (int k = 0; k < d.size(); k++) {
              int later = d.getInt(k);
              // a dependent starts when its latest dependency completes, which need not be the
              // last one whose drain is processed (completions lag drains by their latency)
              readyAt[later] = Math.max(readyAt[later], end);
              if (--wait[later] == 0) {
                if (qs == qTime.length) {
                  qTime = Arrays.copyOf(qTime, 2 * qs);
                  qId = Arrays.copyOf(qId, 2 * qs);
                }
                qs = push(qTime, qId, qs, Math.max(readyAt[later], startPs.getLong(later)), later);
              }
            }
          }
          progress.advance(b);
        } else {
          int b = 0;
          long until = Math.min(drain, now + quantumPs);
          long lastStart = now;
          while (qs > 0 && qTime[0] <= until) {
            lastStart = qTime[0];
            batch[b++] = qId[0];
            qs = pop(qTime, qId, qs);
          }
          now = lastStart; // the batch starts at its last member's time
          int flows = 0;
          for (int i = 0; i < b; i++) {
            int f = batch[i];
            started[f] = now;
            if (links.get(f).length == 0) { // a barrier: completes without occupying a link
              long end = now + extraPs.getLong(f);
              done[f] = end;
              makespan = Math.max(makespan, end);
              completed++;
              progress.advance(1);
              IntArrayList d = dependents.get(f);
              for (int k = 0; k < d.size(); k++) {
                int later = d.getInt(k);
                readyAt[later] = Math.max(readyAt[later], end);
                if (--wait[later] == 0) {
                  if (qs == qTime.length) {
                    qTime = Arrays.copyOf(qTime, 2 * qs);
                    qId = Arrays.copyOf(qId, 2 * qs);
                  }
                  qs = push(qTime, qId, qs, Math.max(readyAt[later], startPs.getLong(later)), later);
                }
              }
              continue;
            }
            remaining[f] = wireBytes.getLong(f);
            last[f] = now;
            rateNow[f] = 0;
            activeCount++;
            batch[flows++] = f;
          }
          mm.addAll(batch, flows);
          applyRates(mm, now, remaining, last, rateNow, drains);
        }
      }
    } finally {
      progress.end();
    }
    if (completed < n) {
      throw new InvalidParameterException("dependencies", n - completed + " transfers",
          "never started: the dependencies have a cycle");
    }
    return new Result(done, started, makespan, events, mm.refills());
  }

  /**
   * After a refill: brings the bytes of every transfer whose rate changed up to {@code now} at its
   * old rate, then re-keys its drain time at the new one. O(changed · log active).
   */
  private static void applyRates(MaxMinProgressiveFilling mm, long now, double[] remaining, long[] last,
      double[] rateNow, IndexedLongMinHeap drains) {
    for (int i = 0; i < mm.changedCount(); i++) {
      int f = mm.changed(i);
      remaining[f] -= rateNow[f] * (now - last[f]);
      last[f] = now;
      double r = mm.rate(f);
      rateNow[f] = r;
      if (r > 0) {
        drains.set(f, now + FlowLevelSimulation.completionPs(remaining[f], r));
      } else {
        drains.remove(f);
      }
    }
  }

  private static int push(long[] key, int[] id, int size, long k, int v) {
    int i = size;
    while (i > 0) {
      int p = (i - 1) >>> 1;
      if (key[p] < k || (key[p] == k && id[p] < v)) {
        break;
      }
      key[i] = key[p];
      id[i] = id[p];
      i = p;
    }
    key[i] = k;
    id[i] = v;
    return size + 1;
  }

  private static int pop(long[] key, int[] id, int size) {
    int last = size - 1;
    long k = key[last];
    int v = id[last];
    int i = 0;
    while (true) {
      int c = 2 * i + 1;
      if (c >= last) {
        break;
      }
      if (c + 1 < last && (key[c + 1] < key[c] || (key[c + 1] == key[c] && id[c + 1] < id[c]))) {
        c++;
      }
      if (k < key[c] || (k == key[c] && v < id[c])) {
        break;
      }
      key[i] = key[c];
      id[i] = id[c];
      i = c;
    }
    key[i] = k;
    id[i] = v;
    return last;
  }
}
