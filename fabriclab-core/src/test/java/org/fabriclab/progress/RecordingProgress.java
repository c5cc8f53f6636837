package org.fabriclab.progress;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Progress} that records what it is told: one {@link Task} per {@code begin}, with the
 * units of every {@code advance} and whether it ended. For tests.
 */
public final class RecordingProgress implements Progress {
  /** One task: its label and total, the units of each advance, ended or not. */
  public static final class Task {
    public final String name;
    public final long total;
    public final List<Long> advances = new ArrayList<>();
    public boolean ended;

    Task(String name, long total) {
      this.name = name;
      this.total = total;
    }

    /** Units done so far. */
    public long done() {
      return advances.stream().mapToLong(Long::longValue).sum();
    }

    /** The fraction done after each advance. */
    public List<Double> fractions() {
      List<Double> f = new ArrayList<>();
      long d = 0;
      for (long a : advances) {
        d += a;
        f.add((double) d / total);
      }
      return f;
    }
  }

  public final List<Task> tasks = new ArrayList<>();
  /** Calls out of order: an advance or end with no task open, a begin while one is open. */
  public int misuse;

  @Override
  public synchronized void begin(String task, long total) {
    if (!tasks.isEmpty() && !last().ended) {
      misuse++;
    }
    tasks.add(new Task(task, total));
  }

  @Override
  public synchronized void advance(long units) {
    if (tasks.isEmpty() || last().ended) {
      misuse++;
      return;
    }
    last().advances.add(units);
  }

  @Override
  public synchronized void end() {
    if (tasks.isEmpty() || last().ended) {
      misuse++;
      return;
    }
    last().ended = true;
  }

  /** The task begun last. */
  public Task last() {
    return tasks.get(tasks.size() - 1);
  }
}
