package org.fabriclab.flattree;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.fabriclab.analysis.ThroughputResult;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.progress.Progress;

/**
 * Independent throughput solves of the Flat-tree reproduction run on a fixed pool of worker
 * threads. Each job is a pure function of its inputs (topologies are immutable and shared, every
 * random draw comes from a named stream), so results do not depend on the thread count or the
 * order of completion. Jobs are started in descending order of their cost estimate (longest
 * processing time first keeps the pool busy to the end); results are read back by the slot
 * {@link #add} returned. Results keep λ, bound, solver and seconds only, not the flow, so a batch
 * holding many large results stays small.
 */
final class SolveBatch {
  private final List<Supplier<ThroughputResult>> jobs = new ArrayList<>();
  private final List<Double> costs = new ArrayList<>();
  private final List<ThroughputResult> results = new ArrayList<>();
  private boolean insertionOrder;
  private Listener listener = (slot, result, cpuSeconds) -> { };

  /** Told of every finished job, in the worker thread that ran it (calls are serialised). */
  interface Listener {
    /**
     * @param slot the job's slot
     * @param result its result (flow already dropped)
     * @param cpuSeconds CPU time of the worker thread during the job
     */
    void done(int slot, ThroughputResult result, double cpuSeconds);
  }

  /** Starts jobs in the order they were added instead of longest first (a priority list). */
  void insertionOrder() {
    this.insertionOrder = true;
  }

  /** Sets the listener told of each finished job (e.g. to stream results of a long batch). */
  void listener(Listener l) {
    this.listener = l;
  }

  /**
   * Adds a job.
   *
   * @param cost estimate used only for ordering (e.g. groups × links)
   * @return the slot of its result
   */
  int add(double cost, Supplier<ThroughputResult> job) {
    jobs.add(job);
    costs.add(cost);
    return jobs.size() - 1;
  }

  int size() {
    return jobs.size();
  }

  /** Runs every job on {@code threads} workers (1 = in the calling thread). */
  void run(int threads, String task, Progress progress) {
    Integer[] order = new Integer[jobs.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    if (!insertionOrder) {
      java.util.Arrays.sort(order, (a, b) -> Double.compare(costs.get(b), costs.get(a)));
    }
    ThroughputResult[] out = new ThroughputResult[jobs.size()];
    progress.begin(task, jobs.size());
    try {
      if (threads <= 1) {
        for (int i : order) {
          out[i] = runJob(i);
          progress.advance(1);
        }
      } else {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
          List<Future<?>> futures = new ArrayList<>();
          for (int i : order) {
            futures.add(pool.submit(() -> {
              out[i] = runJob(i);
              progress.advance(1);
            }));
          }
          for (Future<?> f : futures) {
            f.get();
          }
        } catch (ExecutionException e) {
          if (e.getCause() instanceof RuntimeException re) {
            throw re;
          }
          throw new FabriclabException("throughput solve failed: " + e.getCause());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new FabriclabException("interrupted");
        } finally {
          pool.shutdownNow();
        }
      }
    } finally {
      progress.end();
    }
    results.clear();
    results.addAll(List.of(out));
  }

  private ThroughputResult runJob(int slot) {
    java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
    long cpu0 = mx.getCurrentThreadCpuTime();
    ThroughputResult r = strip(jobs.get(slot).get());
    double cpu = (mx.getCurrentThreadCpuTime() - cpu0) / 1e9;
    synchronized (this) {
      listener.done(slot, r, cpu);
    }
    return r;
  }

  /** The result of the job in {@code slot}, after {@link #run}. */
  ThroughputResult result(int slot) {
    return results.get(slot);
  }

  private static ThroughputResult strip(ThroughputResult r) {
    return new ThroughputResult(r.lambda(), r.upperBound(), r.solver(), r.seconds(), new double[0][]);
  }
}
