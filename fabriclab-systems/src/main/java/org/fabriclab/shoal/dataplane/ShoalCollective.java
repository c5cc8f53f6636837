package org.fabriclab.shoal.dataplane;

import java.util.BitSet;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.shoal.FabricSchedule;
import org.fabriclab.shoal.ShoalConfig;
import org.fabriclab.shoal.ShoalFlows;
import org.fabriclab.shoal.ShoalRack;
import org.fabriclab.shoal.ShoalSimulator;
import org.fabriclab.sim.collective.CollectiveResult;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.slotted.SlotTriggers;

/**
 * A {@link CollectiveSchedule} on the Shoal rack's slot engine (seed 003 §3.3): each transfer is
 * one Shoal application flow from the sender's node to the receiver's (rank r on node {@code
 * hosts[r]}), cut into cells of {@code cellBytes − 8} payload bytes (Fig. 5), spread over all N − 1
 * intermediates and forwarded at most once (§3.3.1), paced by the one-hop backpressure of §3.3.2
 * with the ready queues and selective release of §3.3.3 — exactly as {@link ShoalSimulator} runs
 * any flow. Each step is a delay; a node starts when its dependencies have ended ({@link
 * SlotTriggers}: a transfer in the first slot from then on). Multicasts and aggregations are
 * refused: Shoal's circuit switches neither replicate nor combine (§3.2).
 *
 * <p>What is measured ({@link CollectiveResult}): a transfer ends when its last cell reaches the
 * receiver (the end of its last slot plus the propagation); each rank's end and the JCT from the
 * nodes' ends. Every cell crosses node → leaf → spine → leaf → node of its channel's Clos plane
 * (§3.2, Fig. 2) once per virtual hop, so {@code wireBytes} = 4 × the payload of every hop (a
 * detoured cell counts twice), {@code linkBytes} = 4 × cellBytes × the hops (a cell fills its slot
 * whole, header included; the empty cells of §3.3.1, which carry only feedback, are not counted),
 * {@code linksUsed} the directed physical links of the virtual links that carried data, {@code
 * rootUplinkBytes} the cells the root's node sent, {@code maxQueueBytes} the longest Q_ij in cells
 * × cellBytes, {@code drops} and {@code retransmissions} 0 (backpressure bounds the queues, Eq. 5;
 * no corruption), {@code events} the cells sent. No allocation per cell.
 */
public final class ShoalCollective implements CollectiveScheme.Executor {
  @Override
  public CollectiveResult run(Topology topo, CollectiveSchedule s, int[] hosts, int root, long seed,
      Progress progress) {
    return run(ShoalRack.of(topo), s, hosts, root, progress);
  }

  /** Runs {@code s} on the rack {@code cfg}, rank r on node {@code hosts[r]}. */
  public static CollectiveResult run(ShoalConfig cfg, CollectiveSchedule s, int[] hosts, int root, Progress progress) {
    int n = s.size();
    if (hosts.length != s.ranks()) {
      throw new IllegalArgumentException("hosts for " + hosts.length + " ranks, schedule of " + s.ranks());
    }
    for (int h : hosts) {
      InvalidParameterException.requireRange("hosts", h, 0, cfg.nodes() - 1);
    }
    int[] flowOf = new int[n];
    long[] stepPs = new long[n];
    int flows = 0;
    for (int v = 0; v < n; v++) {
      switch (s.kind(v)) {
        case TRANSFER -> flowOf[v] = flows++;
        case STEP -> {
          flowOf[v] = -1;
          stepPs[v] = s.durationPs(v);
        }
        default -> throw new InvalidParameterException("scheme", "Shoal's circuit switches neither replicate nor"
            + " combine cells (§3.2): node " + v + " of the schedule is a " + s.kind(v).name().toLowerCase(java.util.Locale.ROOT));
      }
    }
    int[] src = new int[flows];
    int[] dst = new int[flows];
    long[] bytes = new long[flows];
    for (int v = 0; v < n; v++) {
      int f = flowOf[v];
      if (f >= 0) {
        src[f] = hosts[s.rank(v)];
        dst[f] = hosts[s.receiver(v)];
        bytes[f] = s.bytes(v);
        if (src[f] == dst[f]) {
          throw new InvalidParameterException("hosts", "ranks " + s.rank(v) + " and " + s.receiver(v)
              + " are on one Shoal node (" + src[f] + "): one rank per node");
        }
      }
    }
    ShoalFlows fl = ShoalFlows.triggered(src, dst, bytes);
    SlotTriggers triggers = new SlotTriggers(flowOf, stepPs, s.dependencyOffsets(), s.dependencyArray(), cfg.slotPs());
    Meter meter = new Meter(cfg, fl, hosts[root]);
    ShoalSimulator sim = new ShoalSimulator(cfg, fl, triggers).cellProbe(meter);
    sim.run(Integer.MAX_VALUE, Long.MAX_VALUE, progress);
    if (!triggers.done()) {
      throw new IllegalStateException("the rack stopped with " + (flows - sim.completed()) + " transfers unfinished");
    }
    long[] end = triggers.endPs();
    long jct = 0;
    long[] rankEnd = new long[s.ranks()];
    for (int v = 0; v < n; v++) {
      jct = Math.max(jct, end[v]);
      rankEnd[s.rank(v)] = Math.max(rankEnd[s.rank(v)], end[v]);
      if (flowOf[v] >= 0) {
        rankEnd[s.receiver(v)] = Math.max(rankEnd[s.receiver(v)], end[v]);
      }
    }
    return new CollectiveResult(jct, rankEnd, meter.wire, meter.link, meter.linksUsed(), meter.rootUp,
        (long) sim.maxQueueCells() * cfg.cellBytes(), 0L, 0L, sim.workCounters()[0], end);
  }

  /** Counts every cell's hops as they happen (the simulator's cell probe). */
  private static final class Meter implements ShoalSimulator.CellProbe {
    /** Physical links a virtual hop crosses: node → leaf → spine → leaf → node (§3.2). */
    static final int LINKS_PER_HOP = 4;
    private final ShoalFlows fl;
    private final int nodes;
    private final int payload;
    private final int cell;
    private final int rootNode;
    private final BitSet virtualUsed;
    long wire;
    long link;
    long rootUp;
    private final ShoalConfig cfg;

    Meter(ShoalConfig cfg, ShoalFlows fl, int rootNode) {
      this.cfg = cfg;
      this.fl = fl;
      this.nodes = cfg.nodes();
      this.payload = cfg.payloadBytes();
      this.cell = cfg.cellBytes();
      this.rootNode = rootNode;
      this.virtualUsed = new BitSet(nodes * nodes);
    }

    @Override
    public void released(int f, int seq, int i, int j, int inQ, int inR, long slot) {}

    @Override
    public void sent(int f, int seq, int from, int to, boolean firstHop, long slot) {
      long p = seq == fl.cells(f) - 1 ? fl.bytes(f) - (long) seq * payload : payload;
      wire += LINKS_PER_HOP * p;
      link += LINKS_PER_HOP * cell;
      if (from == rootNode) {
        rootUp += cell;
      }
      virtualUsed.set(from * nodes + to);
    }

    @Override
    public void arrived(int f, int seq, int at, long slot) {}

    /**
     * Distinct directed links under the used virtual links: i → j on channel c crosses i's link up
     * to its leaf of plane c, that leaf's uplink to spine j mod k/2 (SwitchSchedules), the spine's
     * link down to j's leaf and that leaf's link down to j.
     */
    int linksUsed() {
      FabricSchedule sched = cfg.schedule();
      int e = sched.epochSlots();
      int half = cfg.switchPorts() / 2;
      int region = cfg.channels() * nodes;
      BitSet phys = new BitSet(4 * region);
      for (int x = virtualUsed.nextSetBit(0); x >= 0; x = virtualUsed.nextSetBit(x + 1)) {
        int i = x / nodes;
        int j = x % nodes;
        int c = sched.columnOf(i, j) / e;
        int spine = j % half;
        phys.set(c * nodes + i);
        phys.set(region + c * nodes + (i / half) * half + spine);
        phys.set(2 * region + c * nodes + spine * (2 * half) + j / half);
        phys.set(3 * region + c * nodes + j);
      }
      return phys.cardinality();
    }
  }
}
