package org.fabriclab.cli;

import java.util.Locale;
import org.fabriclab.units.HeapBudget;

/**
 * The heap a run needs for its flows, checked before any work (docs/errors.md, "Heap estimates"):
 * {@link #BASE_BYTES} plus a measured number of bytes per flow, compared with the heap by {@link
 * HeapBudget} (the one rule and wording of fabriclab's heap advice). Measured as the smallest
 * {@code -Xmx} (ParallelGC, as the launcher runs it; binary search to 8 MiB) with which the command
 * completes, at 2 and 4 million flows (and 1 and 6 million for simulate --out), on {@code simulate
 * --topo fattree --k 8 --workload poisson --until-ms 1} (every per-flow structure is allocated
 * before the first event, and the output lists every flow) and {@code shoal sim --nodes 512
 * --workload poisson --stop-after 1}; each constant is at least (smallest heap − 64 MiB) / flows at
 * every measured point, so the estimate is above each of them. Per flow, the engines keep the
 * trace (32 B), the flow records (16 B) and their own state: the flow engine each flow's path (an
 * {@code int[]} of its hops) and rates, the packet engine each flow's transport state (DCTCP's
 * window, sequence numbers and timers); {@code simulate --out} adds the flows table (a row of boxed
 * values per flow) and the text of flows.csv and trace.csv, and shoal's listing of the flows
 * (JSON, CSV, md) a tree node per flow. O(1).
 */
public final class FlowMemory {
  /** The heap of the JVM, the command tree, the topology and the ECMP table of a small fabric. */
  static final long BASE_BYTES = 64L << 20;

  /** {@code simulate --engine flow}: 2 and 4 million flows took 245 and 477 MiB (95 and 108 B per flow). */
  static final long FLOW_ENGINE_BYTES_PER_FLOW = 128;

  /**
   * {@code simulate --engine flow --out}: 1, 2, 4 and 6 million flows took 506, 814, 1,811 and 2,845
   * MiB (463, 393, 458 and 486 B per flow).
   */
  static final long FLOW_ENGINE_OUT_BYTES_PER_FLOW = 512;

  /**
   * {@code simulate --engine packet} (DCTCP): 2 and 4 million flows took 385 and 721 MiB (168 and
   * 172 B per flow).
   */
  static final long PACKET_ENGINE_BYTES_PER_FLOW = 200;

  /**
   * {@code simulate --engine packet --out}: 2, 4 and 6 million flows took 900, 2,634 and 2,691 MiB
   * (438, 674 and 459 B per flow).
   */
  static final long PACKET_ENGINE_OUT_BYTES_PER_FLOW = 704;

  /**
   * {@code shoal sim}, text output: 2 and 4 million flows took 187 and 367 MiB (64 and 79 B per
   * flow); as the packet engine's for a §7.3 baseline ({@code --on}).
   */
  static final long SHOAL_BYTES_PER_FLOW = 200;

  /**
   * {@code shoal sim --json} (csv and md list the flows too): 2 million flows took 2,419 MiB
   * (1,235 B per flow).
   */
  static final long SHOAL_LISTING_BYTES_PER_FLOW = 1536;

  private FlowMemory() {}

  /** Estimated heap of a run of {@code flows} flows at {@code bytesPerFlow}. */
  public static long bytes(long flows, long bytesPerFlow) {
    return flows > (Long.MAX_VALUE - BASE_BYTES) / bytesPerFlow ? Long.MAX_VALUE : BASE_BYTES + flows * bytesPerFlow;
  }

  /** Bytes per flow of {@code simulate} on {@code engine} ({@code packet} or {@code flow}), with or without {@code --out}. */
  public static long simulatePerFlow(String engine, boolean out) {
    return engine.equals("flow") ? (out ? FLOW_ENGINE_OUT_BYTES_PER_FLOW : FLOW_ENGINE_BYTES_PER_FLOW)
        : (out ? PACKET_ENGINE_OUT_BYTES_PER_FLOW : PACKET_ENGINE_BYTES_PER_FLOW);
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
