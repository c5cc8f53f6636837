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
    java.util.Arrays.sort(order, (a, b) -> Double.compare(costs.get(b), costs.get(a)));
    ThroughputResult[] out = new ThroughputResult[jobs.size()];
    progress.begin(task, jobs.size());
    try {
      if (threads <= 1) {
        for (int i : order) {
          out[i] = strip(jobs.get(i).get());
          progress.advance(1);
        }
      } else {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
          List<Future<?>> futures = new ArrayList<>();
          for (int i : order) {
            futures.add(pool.submit(() -> {
              out[i] = strip(jobs.get(i).get());
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

  /** The result of the job in {@code slot}, after {@link #run}. */
  ThroughputResult result(int slot) {
    return results.get(slot);
  }

  private static ThroughputResult strip(ThroughputResult r) {
    return new ThroughputResult(r.lambda(), r.upperBound(), r.solver(), r.seconds(), new double[0][]);
  }
}
