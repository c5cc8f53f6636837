package org.fabriclab.cli;

import java.util.Locale;
import org.fabriclab.units.HeapBudget;

/**
 * The heap a run needs for its flows, checked before any work (docs/errors.md, "Heap estimates"):
 * a base plus a measured number of bytes per flow, compared with the heap by {@link HeapBudget}
 * (the one rule and wording of fabriclab's heap advice). The constants were measured as the
 * smallest {@code -Xmx} (ParallelGC, as the launcher runs, within 8 MiB) with which the command
 * completes, at 1, 2, 4 and 6 million flows, and are the largest slope between two of those
 * points rounded up; {@link #BASE_BYTES} plus flows times the constant is above every measured
 * point. The runs were {@code simulate --topo fattree --k 8 --workload poisson --until-ms 1}
 * (every per-flow structure is allocated before the first event; the output lists every flow)
 * and {@code shoal sim --nodes 512 --workload poisson --stop-after 1}. Per flow, the engines keep
 * the trace (32 B), the flow records (16 B) and their own state: the flow engine each flow's path
 * (an {@code int[]} of its hops) and rates, the packet engine each flow's transport state (DCTCP's
 * window, sequence numbers and timers: about 100 B). {@code simulate --out} adds the flows table
 * (a row of boxed values per flow) and the text of flows.csv and trace.csv. O(1).
 */
public final class FlowMemory {
  /** The heap of the JVM, the command tree, the topology and the ECMP table of a small fabric. */
  static final long BASE_BYTES = 64L << 20;

  /** {@code simulate --engine flow}: 2 → 4 million flows took 245 → 477 MiB (116 B per flow). */
  static final long FLOW_ENGINE_BYTES_PER_FLOW = 128;

  /** {@code simulate --engine packet} (DCTCP; NewReno, NDP and RoCEv2 keep less or as much). */
  static final long PACKET_ENGINE_BYTES_PER_FLOW = 200;

  /**
   * {@code simulate --out} on top of the engine: flow engine with {@code --out}, 4 → 6 million
   * flows took 1,811 → 2,845 MiB (517 B per flow, of which the engine 116).
   */
  static final long OUT_BYTES_PER_FLOW = 400;

  /** {@code shoal sim} (the Shoal rack or a §7.3 baseline), text output. */
  static final long SHOAL_BYTES_PER_FLOW = 200;

  /** {@code shoal sim} with {@code --json}, {@code --format csv} or {@code md}: the flows listed. */
  static final long SHOAL_LISTING_BYTES_PER_FLOW = 600;

  private FlowMemory() {}

  /** Estimated heap of a run of {@code flows} flows at {@code bytesPerFlow}. */
  public static long bytes(long flows, long bytesPerFlow) {
    return flows > (Long.MAX_VALUE - BASE_BYTES) / bytesPerFlow ? Long.MAX_VALUE : BASE_BYTES + flows * bytesPerFlow;
  }

  /** Bytes per flow of {@code simulate} on {@code engine} ({@code packet} or {@code flow}), with or without {@code --out}. */
  public static long simulatePerFlow(String engine, boolean out) {
    return (engine.equals("flow") ? FLOW_ENGINE_BYTES_PER_FLOW : PACKET_ENGINE_BYTES_PER_FLOW)
        + (out ? OUT_BYTES_PER_FLOW : 0);
  }

  /** Bytes per flow of {@code shoal sim}, listing the flows ({@code --json}, csv, md) or not. */
  public static long shoalPerFlow(boolean listed) {
    return listed ? SHOAL_LISTING_BYTES_PER_FLOW : SHOAL_BYTES_PER_FLOW;
  }

  /** Most flows at {@code bytesPerFlow} that fit {@code heapBytes}; 0 when none does. */
  public static long mostFlows(long bytesPerFlow, long heapBytes) {
    long usable = (long) (heapBytes * HeapBudget.USABLE_FRACTION) - BASE_BYTES;
    return Math.max(0, usable / bytesPerFlow);
  }

  /**
   * Refuses {@code option = value} when {@code flows} flows at {@code bytesPerFlow} do not fit
   * {@code heapBytes}: one line naming the option, the value, the heap needed, the launcher
   * setting that gives it and the most flows this heap holds.
   *
   * @param what what keeps the flows, e.g. {@code "the flow engine with --out"}
   */
  public static void require(String option, Object value, long flows, long bytesPerFlow, String what,
      long heapBytes) {
    long need = bytes(flows, bytesPerFlow);
    HeapBudget.require(option, value, String.format(Locale.ROOT, "%,d flows on %s (about %d B each)", flows,
        what, bytesPerFlow), need, heapBytes, String.format(Locale.ROOT,
            " or give at most %,d flows", mostFlows(bytesPerFlow, heapBytes)));
  }
}
