package org.fabriclab.cli.report;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
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
 * Units are the model's ({@link Progress.Unit}): bytes as KB/MB/GB, simulated time as µs/ms/s,
 * items as counts. The ETA is linear in the units done since the task began ({@link #eta}),
 * computed in floating point: progressbar's own divides a {@link Duration} by the count in whole
 * nanoseconds per unit, which is 0 once more units than nanoseconds are done (bytes), hence an ETA
 * stuck at 0:00:00. Percentages are rounded down, so a task not yet done never shows 100%.
 * {@code --no-progress} uses {@link Progress#NONE}.
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
  private volatile Unit unit = Unit.ITEMS;
  private volatile java.util.function.Supplier<String> note;
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
  public void begin(String name, long units) {
    begin(name, units, Unit.ITEMS);
  }

  @Override
  public synchronized void detail(java.util.function.Supplier<String> n) {
    note = n;
  }

  @Override
  public synchronized void begin(String name, long units, Unit u) {
    end();
    unit = u;
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
    String n = noteText();
    if (terminal) {
      if (bar == null) {
        long scale = scale(unit, total);
        bar =
            new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII)
                .setUnit(unitName(unit, scale), scale)
                .setEtaFunction(st -> eta(clock.getAsLong() - start, st.getCurrent(), st.getMax()))
                .startsFrom(0, Duration.ofNanos(now - start)) // elapsed since the task began
                .setUpdateIntervalMillis((int) TICK_MILLIS)
                .setConsumer(new ConsoleProgressBarConsumer(System.err))
                .build();
      }
      bar.stepTo(d);
      if (n != null) {
        bar.setExtraMessage(n);
      }
    } else if (now - lastLog >= LOG_EVERY_NANOS) {
      lastLog = now;
      long scale = scale(unit, total);
      String name = unitName(unit, scale);
      Optional<Duration> e = d < total ? eta(now - start, d, total) : Optional.empty();
      log.printf(Locale.ROOT, "%s: %s/%s%s (%d%%), %.0f s%s%s%n", task, amount(d, scale), amount(total, scale), name,
          (int) Math.min(100, Math.floor(100.0 * d / Math.max(1, total))), (now - start) / 1e9,
          e.map(x -> ", ETA " + clockText(x)).orElse(""), n == null ? "" : "; " + n);
      log.flush();
    }
  }

  private String noteText() {
    java.util.function.Supplier<String> s = note;
    String t = s == null ? null : s.get();
    return t == null || t.isEmpty() ? null : t;
  }

  /**
   * The time left at the rate so far: {@code elapsed} × (total − done) / done, rounded up to a
   * second; empty before the first unit or without a total.
   */
  static Optional<Duration> eta(long elapsedNanos, long done, long total) {
    if (done <= 0 || total <= 0) {
      return Optional.empty();
    }
    double left = Math.max(0, total - done) * (double) elapsedNanos / done;
    return Optional.of(Duration.ofSeconds((long) Math.ceil(left / 1e9)));
  }

  /** H:MM:SS, as the bar shows it. */
  static String clockText(Duration d) {
    long s = d.getSeconds();
    return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
  }

  /** Units per displayed unit: a power of 1000 that leaves the total at 10 or more (1 for items). */
  static long scale(Unit u, long total) {
    if (u == Unit.ITEMS) {
      return 1;
    }
    long s = 1;
    while (s < Long.MAX_VALUE / 1000 && total / (s * 1000) >= 10) {
      s *= 1000;
    }
    return s;
  }

  /** The displayed unit's name, with a leading space ("" for items). */
  static String unitName(Unit u, long scale) {
    int k = (int) Math.round(Math.log10(scale) / 3);
    return switch (u) {
      case ITEMS -> "";
      case BYTES -> " " + new String[] {"", "K", "M", "G", "T", "P", "E"}[k] + "B";
      case SIMULATED_PS -> " " + new String[] {"ps", "ns", "µs", "ms", "s", "ks", "Ms"}[k] + " simulated";
    };
  }

  private static String amount(long v, long scale) {
    return scale == 1 ? String.format(Locale.ROOT, "%,d", v) : String.format(Locale.ROOT, "%,.1f", v / (double) scale);
  }

  @Override
  public synchronized void end() {
    active = false;
    note = null;
    if (ticker != null) {
      ticker.shutdownNow();
      ticker = null;
    }
    if (bar != null) {
      bar.setExtraMessage(""); // a note about running work is stale once the task ends
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
