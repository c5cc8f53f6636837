package org.fabriclab.cli.report;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.fabriclab.progress.Progress;

/**
 * The CLI's {@link Progress}: tasks shorter than a second show nothing; longer ones show a
 * progress bar on a terminal (me.tongfei progressbar, on stderr) or, when stderr is not a terminal
 * (CI logs, pipes), one log line every 5 seconds. {@code --no-progress} uses {@link Progress#NONE}.
 */
public final class ProgressReporter implements Progress {
  private static final long QUIET_NANOS = 1_000_000_000L;
  private static final long LOG_EVERY_NANOS = 5_000_000_000L;

  private final PrintWriter log;
  private final boolean terminal;
  private final AtomicLong done = new AtomicLong();
  private volatile String task = "";
  private volatile long total;
  private volatile long start;
  private long lastLog;
  private ProgressBar bar;

  private ProgressReporter(PrintWriter log, boolean terminal) {
    this.log = log;
    this.terminal = terminal;
  }

  /** {@link Progress#NONE} when disabled, else a reporter that suits stderr. */
  public static Progress create(boolean enabled, PrintWriter log) {
    return enabled ? new ProgressReporter(log, isTerminal()) : Progress.NONE;
  }

  @Override
  public synchronized void begin(String name, long units) {
    end();
    task = name;
    total = units;
    done.set(0);
    start = System.nanoTime();
    lastLog = start;
  }

  @Override
  public void advance(long units) {
    long d = done.addAndGet(units);
    long now = System.nanoTime();
    if (now - start < QUIET_NANOS) {
      return;
    }
    synchronized (this) {
      if (terminal) {
        if (bar == null) {
          bar =
              new ProgressBarBuilder()
                  .setTaskName(task)
                  .setInitialMax(total)
                  .setStyle(ProgressBarStyle.ASCII)
                  .setUpdateIntervalMillis(250)
                  .setConsumer(new ConsoleProgressBarConsumer(System.err))
                  .build();
        }
        bar.stepTo(d);
      } else if (now - lastLog >= LOG_EVERY_NANOS) {
        lastLog = now;
        log.printf(Locale.ROOT, "%s: %,d/%,d (%.0f%%), %.0f s%n", task, d, total,
            100.0 * d / Math.max(1, total), (now - start) / 1e9);
        log.flush();
      }
    }
  }

  @Override
  public synchronized void end() {
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
