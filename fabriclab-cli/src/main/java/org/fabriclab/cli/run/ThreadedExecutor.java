package org.fabriclab.cli.run;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.progress.Progress;

/**
 * Runs points on a fixed pool of threads in this JVM (the JVM and its JIT are reused), started
 * longest expected first ({@link LongestFirst}) so that short points fill the end of the run.
 */
public final class ThreadedExecutor implements PointExecutor {
  private final int threads;

  public ThreadedExecutor(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads " + threads);
    }
    this.threads = threads;
  }

  @Override
  public void execute(List<Point> points, Consumer<PointRunner.Result> sink) {
    execute(points, sink, p -> Progress.NONE);
  }

  @Override
  public void execute(List<Point> points, Consumer<PointRunner.Result> sink, Function<Point, Progress> progressOf) {
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, Math.max(1, points.size())), r -> {
      Thread t = new Thread(r, "fabriclab-point");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<?>> fs = new ArrayList<>();
      for (Point p : LongestFirst.order(points)) {
        fs.add(pool.submit(() -> sink.accept(PointRunner.run(p, progressOf.apply(p)))));
      }
      for (Future<?> f : fs) {
        f.get();
      }
    } catch (ExecutionException e) {
      pool.shutdownNow();
      Throwable c = e.getCause();
      if (c instanceof RuntimeException re) {
        throw re;
      }
      if (c instanceof Error err) {
        throw err;
      }
      throw new FabriclabException(String.valueOf(c), c);
    } catch (InterruptedException e) {
      pool.shutdownNow();
      Thread.currentThread().interrupt();
      throw new FabriclabException("interrupted", e);
    } finally {
      pool.shutdownNow();
    }
  }

  @Override
  public String describe() {
    return threads + (threads == 1 ? " thread" : " threads");
  }
}
