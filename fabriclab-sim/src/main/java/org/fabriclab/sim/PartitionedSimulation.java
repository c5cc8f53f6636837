package org.fabriclab.sim;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.assembly.Fabric;
import org.fabriclab.sim.assembly.FabricDescription;
import org.fabriclab.sim.assembly.TransportBinding;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Accounting;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.parallel.Partition;
import org.fabriclab.sim.parallel.WindowedRun;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.sim.transport.Transport;
import org.fabriclab.sim.transport.TransportSpec;
import org.fabriclab.table.Table;
import org.fabriclab.traffic.FlowTrace;

/**
 * A trace-driven packet-level run on every core: the fabric of {@link PacketSimulation} (same
 * description: topology, network config, splitters, the transport a {@link TransportSpec}
 * describes) assembled once per logical process of a {@link Partition}, each LP starting the
 * flows whose source host it holds and simulating its nodes, the LPs advanced together in
 * conservative windows ({@link WindowedRun}). The result does not depend on the number of
 * threads; it differs from {@link PacketSimulation}'s in the order of simultaneous events at
 * different LPs (see {@link WindowedRun}) and, with per-packet spraying, in the paths: the spray
 * counter is per network, so each LP draws from its own. With one LP it is {@link
 * PacketSimulation}'s, event for event.
 *
 * <p>Merging: a flow's completion is recorded by the LP of its receiver, its retransmissions by
 * its sender's; the port table holds each port's row from the LP of its node (every LP's network
 * spans the whole topology, only its own nodes' ports carry traffic); counters are summed, the
 * largest queue is the largest of any LP. The run ends at the end of the window in which the last
 * flow completed; the simulated time reported is that window's end. (Each LP's transport keeps its
 * rule of stopping its simulator when its records hold every flow, which only happens with one
 * LP: that run is then {@link PacketSimulation}'s to the event.)
 *
 * <p>Transports: each LP has its own transport over the whole trace and uses only the state of
 * the flows its hosts send or receive; a transport qualifies when its receiving side needs nothing
 * the sender's launch made ({@link #TRANSPORTS}: TCP (DCTCP, NewReno) and NDP).
 */
public final class PartitionedSimulation {
  /** The transports a partitioned run supports. */
  public static final List<String> TRANSPORTS = List.of("dctcp", "newreno", "ndp");

  private final Partition part;
  private final Fabric[] fabrics;
  private final Network[] nets;
  private final Transport[] transports;
  private final FlowRecords[] records;
  private final FlowTrace trace;
  private final String transport;
  private final Progress progress;
  private final WindowedRun windowed;

  /**
   * A run of {@code spec} on a network of {@code netCfg}, partitioned by {@code part}.
   *
   * @throws InvalidParameterException for a transport outside {@link #TRANSPORTS}
   */
  public PartitionedSimulation(Topology topo, EcmpTable ecmp, FlowTrace trace, TransportSpec spec,
      NetworkConfig netCfg, Partition part, Progress progress) {
    if (!TRANSPORTS.contains(spec.name())) {
      throw new InvalidParameterException("transport", spec.name(),
          "a partitioned run supports " + String.join(", ", TRANSPORTS));
    }
    if (part.topology() != topo) {
      throw new IllegalArgumentException("the partition is of another topology");
    }
    trace.requireHostsBelow(topo.serverCount());
    PacketSimulation.requireStartTimes(trace);
    this.part = part;
    this.trace = trace;
    this.transport = spec.name();
    this.progress = progress;
    int n = part.parts();
    fabrics = new Fabric[n];
    nets = new Network[n];
    transports = new Transport[n];
    records = new FlowRecords[n];
    int[][] owned = ownedFlows(topo, trace, part);
    // an LP holds about 1/n of the events: buckets n times wider keep the calendar's buckets as
    // full as the sequential engine's (measured on a fat-tree k = 8, 8 LPs: 2 ns buckets)
    int shift = 8 + Math.min(3, 32 - Integer.numberOfLeadingZeros(Math.max(1, n - 1)));
    for (int lp = 0; lp < n; lp++) {
      FlowRecords rec = new FlowRecords(trace);
      records[lp] = rec;
      TransportBinding<Transport> t = TransportBinding.of(spec.name(),
          (net, nic) -> spec.create(net, nic, trace, rec, Progress.NONE));
      fabrics[lp] = FabricDescription.on(topo).ecmp(ecmp).config(netCfg)
          .packetCapacity(1 << 14).eventBucketShift(shift).splitters().transport(t).build().assemble();
      nets[lp] = fabrics[lp].network();
      transports[lp] = fabrics[lp].transport(t);
      scheduleStarts(fabrics[lp].simulator(), transports[lp], trace, owned[lp]);
    }
    windowed = new WindowedRun(part, nets);
  }

  /** The flows of each LP: those whose source host it holds, in trace order. */
  private static int[][] ownedFlows(Topology topo, FlowTrace trace, Partition part) {
    int[] count = new int[part.parts()];
    for (int f = 0; f < trace.size(); f++) {
      count[part.lp(topo.server(trace.src(f)))]++;
    }
    int[][] owned = new int[part.parts()][];
    for (int lp = 0; lp < owned.length; lp++) {
      owned[lp] = new int[count[lp]];
      count[lp] = 0;
    }
    for (int f = 0; f < trace.size(); f++) {
      int lp = part.lp(topo.server(trace.src(f)));
      owned[lp][count[lp]++] = f;
    }
    return owned;
  }

  /** Each owned flow starts at its trace time; each start schedules the next (one event queued). */
  private static void scheduleStarts(Simulator sim, Transport t, FlowTrace trace, int[] flows) {
    if (flows.length == 0) {
      return;
    }
    int[] handler = new int[1];
    handler[0] = sim.register((i, unused) -> {
      if (i + 1 < flows.length) {
        sim.schedule(trace.startNs(flows[i + 1]) * 1000L, handler[0], i + 1, 0);
      }
      t.launch(flows[i]);
    });
    sim.schedule(trace.startNs(flows[0]) * 1000L, handler[0], 0, 0);
  }

  public Partition partition() {
    return part;
  }

  /** The network of LP {@code lp}. */
  public Network network(int lp) {
    return nets[lp];
  }

  /** The flow records of LP {@code lp} (the flows it completed). */
  public FlowRecords records(int lp) {
    return records[lp];
  }

  /** Applies {@code setting} to the network of every LP (a switch latency, a loss; before the run). */
  public void forEachNetwork(java.util.function.Consumer<Network> setting) {
    for (Network n : nets) {
      setting.accept(n);
    }
  }

  /**
   * Source-routes every flow over one of its host pair's {@code k} shortest paths, as {@link
   * PacketSimulation#useKShortestPaths} (the same routes in every LP). Call before {@link #run}.
   */
  public PartitionedSimulation useKShortestPaths(int k, long seed) {
    InvalidParameterException.requireRange("paths", k, 1, 1024);
    Topology t = part.topology();
    int[] s = new int[trace.size()];
    int[] d = new int[trace.size()];
    for (int f = 0; f < s.length; f++) {
      s[f] = t.server(trace.src(f));
      d[f] = t.server(trace.dst(f));
    }
    org.fabriclab.sim.net.SourceRoutes routes =
        org.fabriclab.sim.net.SourceRoutes.kShortest(t, s, d, k, seed);
    forEachNetwork(n -> n.setSourceRoutes(routes));
    return this;
  }

  /** Windows the last run took. */
  public long windows() {
    return windowed.windows();
  }

  private int completed() {
    int c = 0;
    for (FlowRecords r : records) {
      c += r.completed();
    }
    return c;
  }

  /**
   * Runs with {@code threads} threads until every flow is done or {@code untilPs}; the result is
   * the same at any thread count.
   */
  public SimulationResult run(int threads, long untilPs) {
    int flows = trace.size();
    progress.begin("flows", flows);
    long[] reported = new long[1];
    long t0 = System.nanoTime();
    long endPs;
    try {
      endPs = windowed.run(threads, untilPs, () -> completed() == flows, () -> {
        int c = completed();
        if (c > reported[0]) {
          progress.advance(c - reported[0]);
          reported[0] = c;
        }
      });
    } finally {
      progress.end();
    }
    double loop = (System.nanoTime() - t0) / 1e9;
    return result(endPs, loop);
  }

  private SimulationResult result(long endPs, double loop) {
    FlowRecords merged = new FlowRecords(trace);
    for (FlowRecords r : records) {
      for (int f = 0; f < trace.size(); f++) {
        if (r.endPs(f) >= 0) {
          merged.complete(f, r.endPs(f));
        }
        if (r.retransmissions(f) != 0) {
          merged.addRetransmissions(f, r.retransmissions(f));
        }
      }
    }
    long events = 0;
    long data = 0;
    long control = 0;
    long hops = 0;
    long drops = 0;
    long delivered = 0;
    long now = 0;
    long[] b = new long[7];
    long marks = 0;
    long maxQueue = 0;
    Table[] tables = new Table[nets.length];
    for (int lp = 0; lp < nets.length; lp++) {
      Network net = nets[lp];
      events += net.simulator().events();
      now = Math.max(now, net.simulator().now());
      data += transports[lp].dataPackets();
      control += transports[lp].controlPackets();
      hops += net.packetHops();
      drops += net.totalDrops();
      delivered += net.deliveredBytes();
      Accounting a = net.accounting();
      b[0] += a.injectedBytes();
      b[1] += a.copiedBytes();
      b[2] += a.generatedBytes();
      b[3] += a.deliveredBytes();
      b[4] += a.absorbedBytes();
      b[5] += a.droppedBytes();
      b[6] += a.inFlightBytes();
      marks += net.totalMarks();
      maxQueue = Math.max(maxQueue, net.maxQueueBytes());
      tables[lp] = net.portTable();
    }
    NetworkTotals totals =
        new NetworkTotals(b[0], b[1], b[2], b[3], b[4], b[5], b[6], drops, marks, maxQueue);
    return new SimulationResult("packet", transport, merged, byLink(tables), Math.max(now, 0),
        events, data, control, hops, drops, delivered, loop, totals);
  }

  /** The rows of every LP's port table in link order (each link is in one table). */
  static Table byLink(Table[] tables) {
    List<Object[]> rows = new ArrayList<>();
    for (Table t : tables) {
      for (int r = 0; r < t.rowCount(); r++) {
        rows.add(t.row(r));
      }
    }
    int key = tables[0].columnIndex("link");
    rows.sort((x, y) -> Long.compare(((Number) x[key]).longValue(), ((Number) y[key]).longValue()));
    Table.Builder out = Table.builder(tables[0].name());
    for (Table.Column c : tables[0].columns()) {
      out.column(c.name(), c.type());
    }
    for (Object[] r : rows) {
      out.row(r);
    }
    return out.build();
  }

  /** Conservation per LP: each LP's books against its own pool. */
  public boolean balancedPerPartition() {
    for (Network net : nets) {
      if (!net.accounting().balanced()) {
        return false;
      }
    }
    return true;
  }

  /**
   * The benchmark's profile of {@code transport} ({@link PacketSimulation#benchmark}: the same
   * network preset and transport), partitioned by {@code part}; {@code pfcXoffBytes} &gt; 0 adds
   * priority queues and PFC.
   */
  public static PartitionedSimulation benchmark(Topology topo, FlowTrace trace, String transport,
      boolean compat, long seed, long pfcXoffBytes, Partition part, Progress progress) {
    NetworkConfig nc = PacketSimulation.benchmarkNetwork(transport, seed);
    if (pfcXoffBytes > 0) {
      nc = nc.withPriorityAndPfc(pfcXoffBytes, pfcXoffBytes / 2);
    }
    return new PartitionedSimulation(topo, new EcmpTable(topo), trace,
        TransportSpec.preset(transport, compat), nc, part, progress);
  }
}
