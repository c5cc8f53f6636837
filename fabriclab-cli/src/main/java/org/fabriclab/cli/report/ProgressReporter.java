package org.fabriclab.cli.report;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.fabriclab.progress.Progress;

/**
 * The CLI's {@link Progress}: tasks shorter than a second show nothing; longer ones show a
 * progress bar on a terminal (me.tongfei progressbar, on stderr) or, when stderr is not a terminal
 * (CI logs, pipes), one log line every 5 seconds. A heartbeat (a daemon thread that lives while a
 * task runs, ticking every 250 ms) draws the bar or logs the line even while the task reports
 * nothing — a solver's single long step shows its elapsed time instead of a silent terminal.
 * Percentages are rounded down, so a task not yet done never shows 100%. {@code --no-progress}
 * uses {@link Progress#NONE}.
 */
public final class ProgressReporter implements Progress {
  private static final long QUIET_NANOS = 1_000_000_000L;
  private static final long LOG_EVERY_NANOS = 5_000_000_000L;
  private static final long TICK_MILLIS = 250;

  private final PrintWriter log;
  private final boolean terminal;
  private final LongSupplier clock;
  private final boolean heartbeat;
  private final AtomicLong done = new AtomicLong();
  private volatile String task = "";
  private volatile long total;
  private volatile long start;
  private volatile boolean active;
  private long lastLog;
  private ProgressBar bar;
  private ScheduledExecutorService ticker;

  /** A reporter on {@code clock} (ns); {@code heartbeat}: tick from a thread while a task runs. */
  ProgressReporter(PrintWriter log, boolean terminal, LongSupplier clock, boolean heartbeat) {
    this.log = log;
    this.terminal = terminal;
    this.clock = clock;
    this.heartbeat = heartbeat;
  }

  /** {@link Progress#NONE} when disabled, else a reporter that suits stderr. */
  public static Progress create(boolean enabled, PrintWriter log) {
    return enabled ? new ProgressReporter(log, isTerminal(), System::nanoTime, true) : Progress.NONE;
  }

  @Override
  public synchronized void begin(String name, long units) {
    end();
    task = name;
    total = units;
    done.set(0);
    start = clock.getAsLong();
    lastLog = start;
    active = true;
    if (heartbeat) {
      ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "fabriclab-progress");
        t.setDaemon(true);
        return t;
      });
      ticker.scheduleAtFixedRate(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
    }
  }

  @Override
  public void advance(long units) {
    done.addAndGet(units);
    if (!heartbeat && clock.getAsLong() - start >= QUIET_NANOS) {
      tick(); // with a heartbeat its thread draws: a flow's completion only counts
    }
  }

  /** Draws the bar or logs the line if the task has run a second (and, for the log, 5 s since the last). */
  synchronized void tick() {
    long now = clock.getAsLong();
    if (!active || now - start < QUIET_NANOS) {
      return;
    }
    long d = done.get();
    if (terminal) {
      if (bar == null) {
        bar =
            new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis((int) TICK_MILLIS)
                .setConsumer(new ConsoleProgressBarConsumer(System.err))
                .build();
      }
      bar.stepTo(d);
    } else if (now - lastLog >= LOG_EVERY_NANOS) {
      lastLog = now;
      log.printf(Locale.ROOT, "%s: %,d/%,d (%d%%), %.0f s%n", task, d, total,
          (int) Math.min(100, Math.floor(100.0 * d / Math.max(1, total))), (now - start) / 1e9);
      log.flush();
    }
  }

  @Override
  public synchronized void end() {
    active = false;
    if (ticker != null) {
      ticker.shutdownNow();
      ticker = null;
    }
    if (bar != null) {
      bar.stepTo(done.get());
      bar.close();
      bar = null;
    }
  }

  private static boolean isTerminal() {
    java.io.Console c = System.console();
    if (c == null) {
      return false;
    }
    try {
      // JDK 22+ returns a Console even when redirected; it says whether it is a terminal.
      Object t = java.io.Console.class.getMethod("isTerminal").invoke(c);
      return Boolean.TRUE.equals(t);
    } catch (ReflectiveOperationException e) {
      return true;
    }
  }
}
