package org.fabriclab.sim.probe;

import java.util.Arrays;
import org.fabriclab.table.Table;
import org.fabriclab.traffic.FlowTrace;

/**
 * What every engine records per flow: the trace's id, hosts (server indices), size and start, the
 * completion time ({@code -1} while unfinished, in ps) and retransmitted packets. Engines write
 * through the package-visible setters; readers see a table.
 */
public final class FlowRecords {
  private final FlowTrace trace;
  private final long[] endPs;
  private final long[] retransmissions;
  private int completed;
  private CompletionListener listener;
  private int limit = Integer.MAX_VALUE;
  private Runnable limitReached;
  private long[] launchedPs;

  /** Hears every flow completion (applications: triggers, group completion). */
  @FunctionalInterface
  public interface CompletionListener {
    void completed(int flow, long timePs);
  }

  /** Sets the completion listener (one; null for none). */
  public void setListener(CompletionListener l) {
    listener = l;
  }

  /**
   * Calls {@code onReached} (an engine's stop) when the {@code n}-th flow completes: the rule of
   * runs that end once that many flows have completed (e.g. seed 003 §7.3). Independent of the
   * listener. {@code n} ≥ 1.
   */
  public void setCompletionLimit(int n, Runnable onReached) {
    if (n < 1) {
      throw new IllegalArgumentException("completion limit must be >= 1, got " + n);
    }
    limit = n;
    limitReached = onReached;
  }

  /** Whether the completion limit (if any) has been reached. */
  public boolean limitReached() {
    return completed >= limit;
  }

  public FlowRecords(FlowTrace trace) {
    this.trace = trace;
    endPs = new long[trace.size()];
    retransmissions = new long[trace.size()];
    Arrays.fill(endPs, -1);
  }

  public FlowTrace trace() {
    return trace;
  }

  public int flows() {
    return trace.size();
  }

  public int completed() {
    return completed;
  }

  /** Records flow {@code i}'s completion (only the first call counts). */
  public void complete(int i, long timePs) {
    if (endPs[i] < 0) {
      endPs[i] = timePs;
      completed++;
      if (listener != null) {
        listener.completed(i, timePs);
      }
      if (completed == limit && limitReached != null) {
        limitReached.run();
      }
    }
  }

  public void addRetransmissions(int i, long n) {
    retransmissions[i] += n;
  }

  /** Flow {@code i}'s start in ps: its trace start, or when an application launched it. */
  public long startPs(int i) {
    return launchedPs != null && launchedPs[i] >= 0 ? launchedPs[i] : trace.startNs(i) * 1000L;
  }

  /** Records that flow {@code i} was launched at {@code timePs} (triggered transfers). */
  public void launched(int i, long timePs) {
    if (launchedPs == null) {
      launchedPs = new long[flows()];
      Arrays.fill(launchedPs, -1);
    }
    launchedPs[i] = timePs;
  }

  public long endPs(int i) {
    return endPs[i];
  }

  /** Flow completion time in ps, or -1 when unfinished. */
  public long fctPs(int i) {
    return endPs[i] < 0 ? -1 : endPs[i] - startPs(i);
  }

  public long retransmissions(int i) {
    return retransmissions[i];
  }

  /**
   * The per-flow table: id, src, dst, size, start, end, FCT, retransmissions; times in integer ns
   * (rounded to the nearest ns), end and FCT {@code null} (an empty CSV cell) while unfinished.
   */
  public Table table() {
    Table.Builder b =
        Table.builder("flows")
            .longColumn("id").longColumn("src").longColumn("dst").longColumn("sizeBytes")
            .longColumn("startNs").longColumn("endNs").longColumn("fctNs")
            .longColumn("retransmissions");
    for (int i = 0; i < flows(); i++) {
      b.row(trace.id(i), trace.src(i), trace.dst(i), trace.sizeBytes(i), (startPs(i) + 500) / 1000,
          endPs[i] < 0 ? null : (endPs[i] + 500) / 1000,
          endPs[i] < 0 ? null : (fctPs(i) + 500) / 1000, retransmissions[i]);
    }
    return b.build();
  }
}
