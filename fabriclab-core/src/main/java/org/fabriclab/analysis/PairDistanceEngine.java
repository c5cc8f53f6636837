package org.fabriclab.analysis;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.rng.RandomStreams;

/**
 * The shared machinery of the pair-distance analyses: weighted BFS sources ("units"), destinations
 * counted per node, a dedicated fork-join pool, sampling and scaling.
 *
 * <p>Destinations: {@code dest0[v]} destinations sit at node {@code v} itself (distance
 * {@code d(x,v)}), {@code dest1[v]} hang off {@code v} by one bidirectional link (distance
 * {@code d(x,v)+1}). A unit is a BFS source node {@code x} standing for {@code weight} sources
 * that are all at offset {@code o} from {@code x} (0: they are {@code x}; 1: they hang off
 * {@code x}); each of them excludes itself from its own destinations. One unit costs one BFS,
 * O(n + m), plus O(r) to count.
 *
 * <p>Workers pull units from a shared counter; each has its own {@link Bfs}, scratch arrays and
 * integer histogram, summed at the end, so the result is bit-identical for any thread count.
 */
final class PairDistanceEngine {
  private final Topology t;
  private final int[] dest0;
  private final int[] dest1;
  private final boolean[] terminal;
  private final long destTotal;
  private final IntArrayList unitNode = new IntArrayList();
  private final LongArrayList unitWeight = new LongArrayList();
  private final IntArrayList unitOffset = new IntArrayList();

  PairDistanceEngine(Topology t, int[] dest0, int[] dest1, boolean[] terminal) {
    this.t = t;
    this.dest0 = dest0;
    this.dest1 = dest1;
    this.terminal = terminal;
    long total = 0;
    for (int v = 0; v < dest0.length; v++) {
      total += dest0[v] + (dest1 == null ? 0 : dest1[v]);
    }
    this.destTotal = total;
  }

  /** Pairs among the nodes marked in {@code member}: one unit per member, no hanging nodes. */
  static HopHistogram ofNodeSet(
      Topology t, boolean[] member, int threads, long maxSources, long seed, String stream,
      Progress progress) {
    checkArgs(threads, maxSources);
    int n = t.nodeCount();
    int[] dest0 = new int[n];
    for (int v = 0; v < n; v++) {
      if (member[v]) {
        dest0[v] = 1;
      }
    }
    PairDistanceEngine ready =
        new PairDistanceEngine(t, dest0, null, ServerPairDistances.singleHomedServers(t));
    for (int v = 0; v < n; v++) {
      if (member[v]) {
        ready.addUnit(v, 1, 0);
      }
    }
    return ready.run(threads, maxSources, seed, stream, progress);
  }

  static void checkArgs(int threads, long maxSources) {
    InvalidParameterException.requireRange("threads", threads, 1, 4096);
    InvalidParameterException.requireRange("max-sources", maxSources, 1, Long.MAX_VALUE);
  }

  void addUnit(int node, long weight, int offset) {
    unitNode.add(node);
    unitWeight.add(weight);
    unitOffset.add(offset);
  }

  int unitCount() {
    return unitNode.size();
  }

  /**
   * Runs every unit, or a uniform sample of {@code maxSources} units (drawn from the stream
   * {@code stream} of {@code RandomStreams(seed)}) scaled by total weight / sampled weight, so the
   * total number of pairs is kept. O(U (n + m)) for U units run.
   */
  HopHistogram run(int threads, long maxSources, long seed, String stream, Progress progress) {
    int units = unitNode.size();
    int[] chosen;
    boolean estimated = units > maxSources;
    if (estimated) {
      int k = (int) maxSources;
      int[] idx = new int[units];
      for (int i = 0; i < units; i++) {
        idx[i] = i;
      }
      SplittableRandom rnd = new RandomStreams(seed).stream(stream);
      for (int i = 0; i < k; i++) {
        int j = i + rnd.nextInt(units - i);
        int tmp = idx[i];
        idx[i] = idx[j];
        idx[j] = tmp;
      }
      chosen = Arrays.copyOf(idx, k);
      Arrays.sort(chosen);
    } else {
      chosen = new int[units];
      for (int i = 0; i < units; i++) {
        chosen[i] = i;
      }
    }
    Partial sum;
    progress.begin(stream.replace("-sources", " distances") + " (BFS sources)", chosen.length);
    try {
      sum = execute(chosen, Math.max(1, Math.min(threads, chosen.length)), progress);
    } finally {
      progress.end();
    }
    if (!estimated) {
      return new HopHistogram(sum.counts, sum.unreachable, false);
    }
    long totalWeight = 0;
    long sampledWeight = 0;
    for (int i = 0; i < units; i++) {
      totalWeight += unitWeight.getLong(i);
    }
    for (int i : chosen) {
      sampledWeight += unitWeight.getLong(i);
    }
    double scale = sampledWeight == 0 ? 0 : (double) totalWeight / sampledWeight;
    long[] scaled = new long[sum.counts.length];
    for (int h = 0; h < scaled.length; h++) {
      scaled[h] = Math.round(sum.counts[h] * scale);
    }
    return new HopHistogram(scaled, Math.round(sum.unreachable * scale), true);
  }

  private Partial execute(int[] chosen, int threads, Progress progress) {
    AtomicInteger next = new AtomicInteger();
    if (threads == 1) {
      return work(chosen, next, progress);
    }
    ForkJoinPool pool = new ForkJoinPool(threads);
    try {
      List<Callable<Partial>> tasks = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        tasks.add(() -> work(chosen, next, progress));
      }
      Partial total = new Partial();
      for (Future<Partial> f : pool.invokeAll(tasks)) {
        total.add(f.get());
      }
      return total;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("pair-distance analysis interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  /** One worker: pulls units until none is left. */
  private Partial work(int[] chosen, AtomicInteger next, Progress progress) {
    int n = t.nodeCount();
    Bfs bfs = new Bfs(t, new int[n], new int[n], terminal);
    int[] dist = bfs.distances();
    int[] order = bfs.order();
    Partial p = new Partial();
    long[] local = new long[16];
    for (int i = next.getAndIncrement(); i < chosen.length; i = next.getAndIncrement()) {
      int u = chosen[i];
      int x = unitNode.getInt(u);
      long w = unitWeight.getLong(u);
      int o = unitOffset.getInt(u);
      int r = bfs.run(x);
      int top = bfs.eccentricity() + o + 2;
      if (local.length < top) {
        local = Arrays.copyOf(local, Math.max(top, 2 * local.length));
      }
      long found = 0;
      for (int j = 0; j < r; j++) {
        int v = order[j];
        int d = dist[v] + o;
        int c0 = dest0[v];
        int c1 = dest1 == null ? 0 : dest1[v];
        if (v == x) {
          if (o == 0) {
            c0--;
          } else {
            c1--;
          }
        }
        local[d] += c0;
        local[d + 1] += c1;
        found += c0 + c1;
      }
      p.accumulate(local, top, w);
      p.unreachable += w * (destTotal - 1 - found);
      progress.advance(1);
    }
    return p;
  }

  /** A worker's integer histogram. */
  private static final class Partial {
    long[] counts = new long[0];
    long unreachable;

    /** Adds {@code w * local[0..top)} and clears {@code local}. */
    void accumulate(long[] local, int top, long w) {
      if (counts.length < top) {
        counts = Arrays.copyOf(counts, Math.max(top, 2 * counts.length));
      }
      for (int h = 0; h < top; h++) {
        counts[h] += w * local[h];
        local[h] = 0;
      }
    }

    void add(Partial o) {
      accumulate(o.counts.clone(), o.counts.length, 1);
      unreachable += o.unreachable;
    }
  }
}
