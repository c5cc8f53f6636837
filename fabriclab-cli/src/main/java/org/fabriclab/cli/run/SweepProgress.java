package org.fabriclab.cli.run;

import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import org.fabriclab.progress.Progress;

/**
 * The progress of a sweep: a task of the points to run, one unit per point done, and beside it a
 * note of the running points' own progress ({@code p00003 41%, p00004 7%}: flows done of a
 * simulate point), the first {@link #SHOWN} by index. Thread-safe: points report from their
 * threads.
 */
final class SweepProgress {
  /** Running points named in the note. */
  static final int SHOWN = 3;

  private final Progress bar;
  private final Map<Integer, Running> running = new ConcurrentSkipListMap<>();

  SweepProgress(Progress bar, int points) {
    this.bar = bar;
    bar.begin("points", points);
    bar.detail(this::note);
  }

  /** The progress a point reports on while it runs. */
  Progress of(Point p) {
    return new Running(p);
  }

  /** A point finished. */
  void pointDone() {
    bar.advance(1);
  }

  /** The sweep ended. */
  void end() {
    bar.end();
  }

  /** The note: the running points and how far each is ("" when none reports). */
  String note() {
    StringBuilder b = new StringBuilder();
    int n = 0;
    for (Running r : running.values()) {
      if (n++ < SHOWN) {
        b.append(b.length() == 0 ? "running " : ", ").append(r.point.id()).append(' ').append(r.percent()).append('%');
      }
    }
    if (n > SHOWN) {
      b.append(" and ").append(n - SHOWN).append(" more");
    }
    return b.toString();
  }

  private final class Running implements Progress {
    private final Point point;
    private final AtomicLong done = new AtomicLong();
    private volatile long total;

    Running(Point point) {
      this.point = point;
    }

    int percent() {
      return (int) Math.min(99, 100 * done.get() / Math.max(1, total));
    }

    @Override
    public void begin(String task, long units) {
      total = units;
      done.set(0);
      running.put(point.index(), this);
    }

    @Override
    public void advance(long units) {
      done.addAndGet(units);
    }

    @Override
    public void end() {
      running.remove(point.index());
    }
  }
}
