package org.fabriclab.shoal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.fabriclab.progress.Progress;

/**
 * Runs the independent simulations of one experiment of {@code reproduce shoal} on a few worker
 * threads. Each task owns its simulator, flows and random streams (derived from the seed and the
 * point, never from the order of execution), and results come back in task order, so the report is
 * the same for every thread count. One progress unit per finished task.
 */
final class ShoalParallel {
  private ShoalParallel() {}

  static <T> List<T> run(int threads, Progress progress, String name, List<Supplier<T>> tasks) {
    progress.begin(name, tasks.size());
    try {
      if (threads <= 1 || tasks.size() <= 1) {
        List<T> out = new ArrayList<>(tasks.size());
        for (Supplier<T> t : tasks) {
          out.add(t.get());
          progress.advance(1);
        }
        return out;
      }
      ExecutorService ex = Executors.newFixedThreadPool(Math.min(threads, tasks.size()), r -> {
        Thread th = new Thread(r, "shoal-repro");
        th.setDaemon(true);
        return th;
      });
      try {
        List<Future<T>> fs = new ArrayList<>(tasks.size());
        for (Supplier<T> t : tasks) {
          fs.add(ex.submit(() -> {
            T v = t.get();
            progress.advance(1);
            return v;
          }));
        }
        List<T> out = new ArrayList<>(tasks.size());
        for (Future<T> f : fs) {
          out.add(f.get());
        }
        return out;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      } catch (ExecutionException e) {
        if (e.getCause() instanceof RuntimeException re) {
          throw re;
        }
        throw new IllegalStateException(e.getCause());
      } finally {
        ex.shutdownNow();
      }
    } finally {
      progress.end();
    }
  }
}
