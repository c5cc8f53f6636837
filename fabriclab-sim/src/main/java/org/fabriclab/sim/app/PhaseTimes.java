package org.fabriclab.sim.app;

import java.util.function.IntToLongFunction;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.probe.Probe;
import org.fabriclab.table.Table;

/**
 * Completion per phase of a {@link CollectiveSchedule} run (a group of a workload, a phase of an
 * application): a phase's messages are its transfers, multicasts and aggregations (its steps are
 * host time); it starts when its first message starts (the moment that message's last dependency
 * completed, or 0 without one), ends when its last message completes, and its job completion time
 * is the difference. Read from each node's completion time ({@code −1}: not completed), as an
 * executor reports them. O(nodes + dependencies) per evaluation.
 */
public final class PhaseTimes {
  private final CollectiveSchedule s;

  public PhaseTimes(CollectiveSchedule s) {
    this.s = s;
  }

  /** Per phase {start, end} in ps: start −1 while unstarted, end −1 while unfinished. */
  private long[][] evaluate(IntToLongFunction endPs) {
    int g = s.phases();
    long[] start = new long[g];
    long[] end = new long[g];
    boolean[] open = new boolean[g];
    java.util.Arrays.fill(start, Long.MAX_VALUE);
    for (int v = 0; v < s.size(); v++) {
      int p = s.phase(v);
      if (p < 0 || s.kind(v) == CollectiveSchedule.Kind.STEP) {
        continue;
      }
      long at = 0;
      boolean started = true;
      for (int i = 0; i < s.dependencyCount(v); i++) {
        long e = endPs.applyAsLong(s.dependency(v, i));
        started &= e >= 0;
        at = Math.max(at, e);
      }
      if (started) {
        start[p] = Math.min(start[p], at);
      }
      long e = endPs.applyAsLong(v);
      open[p] |= e < 0;
      end[p] = Math.max(end[p], e);
    }
    for (int p = 0; p < g; p++) {
      start[p] = start[p] == Long.MAX_VALUE ? -1 : start[p];
      end[p] = open[p] || start[p] < 0 ? -1 : end[p];
    }
    return new long[][] {start, end};
  }

  /** Messages of each phase. */
  private int[] messages() {
    int[] m = new int[s.phases()];
    for (int v = 0; v < s.size(); v++) {
      if (s.phase(v) >= 0 && s.kind(v) != CollectiveSchedule.Kind.STEP) {
        m[s.phase(v)]++;
      }
    }
    return m;
  }

  /** Job completion time of phase {@code p} in ps, or −1 while unfinished. */
  public long jctPs(int p, long[] endPs) {
    long[][] t = evaluate(v -> endPs[v]);
    return t[1][p] < 0 ? -1 : t[1][p] - t[0][p];
  }

  /** Phases whose every message completed. */
  public int phasesDone(long[] endPs) {
    int c = 0;
    for (long e : evaluate(v -> endPs[v])[1]) {
      c += e >= 0 ? 1 : 0;
    }
    return c;
  }

  /** Mean JCT over the completed phases, in µs (NaN when none). */
  public double jctMeanUs(long[] endPs) {
    long[][] t = evaluate(v -> endPs[v]);
    double sum = 0;
    int c = 0;
    for (int p = 0; p < t[0].length; p++) {
      if (t[1][p] >= 0) {
        sum += (t[1][p] - t[0][p]) / 1e6;
        c++;
      }
    }
    return c == 0 ? Double.NaN : sum / c;
  }

  /**
   * One row per phase, columns {@code key} (the phase index), {@code transfers} (its messages),
   * {@code startNs}, {@code endNs}, {@code jctNs} in integer ns (null while unstarted or
   * unfinished).
   */
  public Table table(String name, String key, long[] endPs) {
    long[][] t = evaluate(v -> endPs[v]);
    int[] m = messages();
    Table.Builder b = Table.builder(name).longColumn(key).longColumn("transfers")
        .longColumn("startNs").longColumn("endNs").longColumn("jctNs");
    for (int p = 0; p < m.length; p++) {
      long st = t[0][p];
      long en = t[1][p];
      b.row(p, m[p], st < 0 ? null : (Long) ((st + 500) / 1000), en < 0 ? null : (Long) ((en + 500) / 1000),
          en < 0 ? null : (Long) ((en - st + 500) / 1000));
    }
    return b.build();
  }

  /**
   * A probe of {@code series}: the messages of each started phase completed so far, from the
   * executor's running completion times {@code endPs}.
   */
  public Probe probe(String series, IntToLongFunction endPs) {
    return (now, dt, out) -> {
      long[] start = evaluate(endPs)[0];
      int[] done = new int[start.length];
      for (int v = 0; v < s.size(); v++) {
        if (s.phase(v) >= 0 && s.kind(v) != CollectiveSchedule.Kind.STEP && endPs.applyAsLong(v) >= 0) {
          done[s.phase(v)]++;
        }
      }
      for (int p = 0; p < start.length; p++) {
        if (start[p] >= 0) {
          out.value(series, p, done[p]);
        }
      }
    };
  }
}
