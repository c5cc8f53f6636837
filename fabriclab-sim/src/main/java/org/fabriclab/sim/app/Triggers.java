package org.fabriclab.sim.app;

import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.sim.transport.Transport;
import org.fabriclab.table.Table;
import org.fabriclab.traffic.FlowTrace;

/**
 * Runs a {@link TransferGraph} on a {@link PacketSimulation} built from its {@link
 * TransferGraph#trace()}: transfers without dependencies start at their times, the others the
 * moment their last dependency completes at its receiver (the completion event launches them, no
 * delay). Records per-group completion: {@link #groupTable()} (the {@code groups.csv}). O(1) per
 * completion plus the completed transfer's dependents.
 */
public final class Triggers {
  private final TransferGraph graph;
  private final Simulator sim;
  private final Transport transport;
  private final FlowRecords rec;
  private final int[] flowOf;
  private final int[] remaining;
  private final long[] groupStartPs;
  private final long[] groupEndPs;
  private final int[] groupLeft;
  private final int[] groupSize;
  private final int launchHandler;

  /** Attaches to {@code ps}, which must have been built from {@code graph.trace()}. */
  public Triggers(TransferGraph graph, PacketSimulation ps) {
    this.graph = graph;
    this.sim = ps.simulator();
    this.transport = ps.transportImpl();
    this.rec = ps.records();
    FlowTrace tr = rec.trace();
    int n = graph.size();
    if (tr.size() != n) {
      throw new IllegalArgumentException("the simulation's trace is not this graph's");
    }
    flowOf = new int[n];
    for (int i = 0; i < n; i++) {
      flowOf[(int) tr.id(i)] = i;
    }
    remaining = new int[n];
    int g = graph.groups();
    groupStartPs = new long[g];
    groupEndPs = new long[g];
    groupLeft = new int[g];
    groupSize = new int[g];
    java.util.Arrays.fill(groupStartPs, Long.MAX_VALUE);
    java.util.Arrays.fill(groupEndPs, -1);
    for (int t = 0; t < n; t++) {
      remaining[t] = graph.dependencies(t);
      groupLeft[graph.group(t)]++;
      groupSize[graph.group(t)]++;
    }
    launchHandler = sim.register((t, unused) -> launch(t));
    rec.setListener(this::completed);
    ps.setStart(this::begin);
  }

  private void begin() {
    for (int t = 0; t < graph.size(); t++) {
      if (remaining[t] == 0) {
        sim.schedule(Math.multiplyExact(graph.startNs(t), 1000L), launchHandler, t, 0);
      }
    }
  }

  private void launch(int t) {
    int f = flowOf[t];
    long now = sim.now();
    int g = graph.group(t);
    groupStartPs[g] = Math.min(groupStartPs[g], now);
    rec.launched(f, now);
    transport.launch(f);
  }

  private void completed(int f, long timePs) {
    int t = (int) rec.trace().id(f);
    int g = graph.group(t);
    if (--groupLeft[g] == 0) {
      groupEndPs[g] = timePs;
    }
    var d = graph.dependents(t);
    for (int i = 0; i < d.size(); i++) {
      int later = d.getInt(i);
      if (--remaining[later] == 0) {
        launch(later);
      }
    }
  }

  /** A probe of {@code group.transfersDone}: transfers of each started group completed so far. */
  public org.fabriclab.sim.probe.Probe probe() {
    return (now, dt, out) -> {
      for (int g = 0; g < groupSize.length; g++) {
        if (groupStartPs[g] != Long.MAX_VALUE) {
          out.value("group.transfersDone", g, groupSize[g] - groupLeft[g]);
        }
      }
    };
  }

  /** Job completion time of group {@code g} in ps, or -1 while unfinished. */
  public long jctPs(int g) {
    return groupEndPs[g] < 0 ? -1 : groupEndPs[g] - groupStartPs[g];
  }

  /** Groups whose every transfer completed. */
  public int groupsDone() {
    int c = 0;
    for (long e : groupEndPs) {
      c += e >= 0 ? 1 : 0;
    }
    return c;
  }

  /** Mean JCT over the completed groups, in µs (NaN when none). */
  public double jctMeanUs() {
    double s = 0;
    int c = 0;
    for (int g = 0; g < groupEndPs.length; g++) {
      if (groupEndPs[g] >= 0) {
        s += jctPs(g) / 1e6;
        c++;
      }
    }
    return c == 0 ? Double.NaN : s / c;
  }

  /** {@code groups.csv}: group, transfers, start, end, JCT in integer ns (null while unstarted or unfinished). */
  public Table groupTable() {
    Table.Builder b = Table.builder("groups").longColumn("group").longColumn("transfers")
        .longColumn("startNs").longColumn("endNs").longColumn("jctNs");
    for (int g = 0; g < groupEndPs.length; g++) {
      boolean started = groupStartPs[g] != Long.MAX_VALUE;
      b.row(g, groupSize[g], started ? (Long) ((groupStartPs[g] + 500) / 1000) : null,
          groupEndPs[g] < 0 ? null : (Long) ((groupEndPs[g] + 500) / 1000),
          groupEndPs[g] < 0 ? null : (Long) ((jctPs(g) + 500) / 1000));
    }
    return b.build();
  }
}
