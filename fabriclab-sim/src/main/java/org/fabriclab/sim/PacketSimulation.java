package org.fabriclab.sim;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.assembly.Fabric;
import org.fabriclab.sim.assembly.FabricDescription;
import org.fabriclab.sim.assembly.TransportBinding;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.sim.host.NicScheduler;
import org.fabriclab.sim.transport.Transport;
import org.fabriclab.sim.transport.TransportSpec;
import org.fabriclab.sim.transport.tcp.TcpSpec;
import org.fabriclab.sim.transport.ndp.NdpTransport;
import org.fabriclab.sim.transport.rocev2.Rocev2Transport;
import org.fabriclab.sim.transport.tcp.TcpConfig;
import org.fabriclab.sim.transport.tcp.TcpTransport;
import org.fabriclab.traffic.FlowTrace;

/**
 * One packet-level run, the simple entry point: describes the fabric ({@link FabricDescription}: the
 * topology, the network config, the passive splitter on optical-splitter nodes, the transport a
 * {@link TransportSpec} describes) and builds it (every parameter a value; the benchmark's profiles
 * are {@link TransportSpec#preset} presets), replays the trace until every flow completes (or a
 * time limit / event budget), and returns a {@link SimulationResult}. The parts stay reachable
 * for tests and systems ({@link #network()}, {@link #nics()}, {@link #transportImpl()}), so a
 * system can bind its switch elements or add further transports before {@link #run}.
 */
public final class PacketSimulation {
  /** The transports this runner knows. */
  public static final String TRANSPORTS = String.join(", ", TransportSpec.NAMES);

  private final Fabric fabric;
  private final Simulator sim;
  private final Network net;
  private final NicScheduler nics;
  private final Transport transportImpl;
  private final FlowRecords records;
  private final String transport;
  private Runnable start;
  private final Progress progress;

  /** A run of {@code spec} on a network of {@code netCfg}. */
  public PacketSimulation(Topology topo, EcmpTable ecmp, FlowTrace trace, TransportSpec spec,
      NetworkConfig netCfg, Progress progress) {
    trace.requireHostsBelow(topo.serverCount());
    requireStartTimes(trace);
    requireRoutes(topo, ecmp, trace);
    this.transport = spec.name();
    records = new FlowRecords(trace);
    TransportBinding<Transport> t = TransportBinding.of(spec.name(),
        (n, nic) -> spec.create(n, nic, trace, records, progress));
    fabric = FabricDescription.on(topo).ecmp(ecmp).config(netCfg).packetCapacity(1 << 16)
        .splitters().transport(t).build().assemble();
    sim = fabric.simulator();
    net = fabric.network();
    nics = fabric.nics();
    transportImpl = fabric.transport(t);
    start = transportImpl::begin;
    this.progress = progress;
  }

  /**
   * Replaces what {@link #run} starts with (default: every flow at its trace time); an application
   * that launches flows itself (a collective executor) sets this.
   */
  public void setStart(Runnable starter) {
    start = () -> {
      progress.begin("flows", records.flows());
      starter.run();
    };
  }

  /**
   * The older form: a transport by name, TCP settings {@code tcpCfg} for dctcp/newreno and the
   * presets for ndp and rocev2.
   */
  public PacketSimulation(Topology topo, EcmpTable ecmp, FlowTrace trace, String transport,
      NetworkConfig netCfg, TcpConfig tcpCfg, Progress progress) {
    this(topo, ecmp, trace, switch (transport) {
      case "dctcp" -> new TcpSpec(tcpCfg, true);
      case "newreno" -> new TcpSpec(tcpCfg, false);
      default -> TransportSpec.preset(transport, false);
    }, netCfg, progress);
  }

  /**
   * Latest flow start a run accepts: the trace readers' and the flow engine's limit ({@link
   * org.fabriclab.units.Limits#MAX_START_NS}, 2^62 ps), so a trace one engine accepts the other does.
   */
  public static final long MAX_START_NS = org.fabriclab.units.Limits.MAX_START_NS;

  /** Rejects start times the engine's picosecond clock cannot represent with room to run. O(flows). */
  static void requireStartTimes(FlowTrace trace) {
    for (int f = 0; f < trace.size(); f++) {
      if (trace.startNs(f) < 0 || trace.startNs(f) > MAX_START_NS) {
        throw new InvalidParameterException("start_ns", trace.startNs(f), "flow " + trace.id(f)
            + ": valid range 0.." + MAX_START_NS + " (the engine counts picoseconds in 64 bits)");
      }
    }
  }

  /**
   * Rejects a trace with a flow whose destination host is unreachable from its source: the engine
   * would drop its packets at the source and the transport would retry forever. O(flows).
   */
  private static void requireRoutes(Topology topo, EcmpTable ecmp, FlowTrace trace) {
    for (int f = 0; f < trace.size(); f++) {
      if (ecmp.distance(topo.server(trace.src(f)), topo.server(trace.dst(f))) < 0) {
        throw new InvalidParameterException("trace", "flow " + f
            + ": no path between its hosts in " + topo.family());
      }
    }
  }

  /** The benchmark's profile of {@code transport} on {@code topo}. */
  public static PacketSimulation benchmark(Topology topo, FlowTrace trace, String transport,
      boolean compat, long seed, Progress progress) {
    return benchmark(topo, trace, transport, compat, seed, 0, progress);
  }

  /**
   * The benchmark's profile with PFC: {@code pfcXoffBytes} &gt; 0 adds priority queues and PFC
   * (resume at half the pause threshold); 0 leaves the profile as it is.
   */
  public static PacketSimulation benchmark(Topology topo, FlowTrace trace, String transport,
      boolean compat, long seed, long pfcXoffBytes, Progress progress) {
    NetworkConfig nc = benchmarkNetwork(transport, seed);
    if (pfcXoffBytes > 0) {
      nc = nc.withPriorityAndPfc(pfcXoffBytes, pfcXoffBytes / 2);
    }
    return new PacketSimulation(topo, new EcmpTable(topo), trace,
        TransportSpec.preset(transport, compat), nc, progress);
  }

  /**
   * The benchmark's network preset for {@code transport}: NDP's trimming ports, NewReno without
   * ECN, DCTCP's (also RoCEv2's) 150,000 B drop-tail with ECN at 30,000 B.
   */
  public static NetworkConfig benchmarkNetwork(String transport, long seed) {
    return switch (transport) {
      case "newreno" ->
          new NetworkConfig(150_000, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, seed);
      case "ndp" -> NetworkConfig.ndpBenchmark(seed);
      default -> NetworkConfig.dctcpBenchmark(seed);
    };
  }

  public Simulator simulator() {
    return sim;
  }

  public Network network() {
    return net;
  }

  /** The assembled fabric (simulator, network, NIC schedulers, the transport). */
  public Fabric fabric() {
    return fabric;
  }

  /** The hosts' NIC schedulers (shared by every transport added to this run). */
  public NicScheduler nics() {
    return nics;
  }

  /** The run's transport. */
  public Transport transportImpl() {
    return transportImpl;
  }

  /** The TCP transport, or null. */
  public TcpTransport transport() {
    return transportImpl instanceof TcpTransport t ? t : null;
  }

  /** The RoCEv2 transport, or null. */
  public Rocev2Transport rocev2() {
    return transportImpl instanceof Rocev2Transport t ? t : null;
  }

  /** The NDP transport, or null. */
  public NdpTransport ndp() {
    return transportImpl instanceof NdpTransport t ? t : null;
  }

  public FlowRecords records() {
    return records;
  }

  /**
   * Source-routes every flow over one of its host pair's {@code k} shortest paths (chosen by the
   * flow hash) instead of hop-by-hop ECMP. Call before {@link #run}.
   */
  public PacketSimulation useKShortestPaths(int k, long seed) {
    org.fabriclab.error.InvalidParameterException.requireRange("paths", k, 1, 1024);
    FlowTrace t = records.trace();
    int[] s = new int[t.size()];
    int[] d = new int[t.size()];
    for (int f = 0; f < s.length; f++) {
      s[f] = net.topology().server(t.src(f));
      d[f] = net.topology().server(t.dst(f));
    }
    net.setSourceRoutes(org.fabriclab.sim.net.SourceRoutes.kShortest(net.topology(), s, d, k, seed));
    return this;
  }

  /**
   * Ends the run after the event in which the {@code n}-th flow completes (n ≥ 1): flows still
   * running then stay unfinished (end -1). Call before {@link #run}.
   */
  public PacketSimulation stopAfterCompletions(int n) {
    records.setCompletionLimit(n, sim::stop);
    return this;
  }

  /** Runs until every flow is done, {@code untilPs}, or {@code eventBudget} events. */
  public SimulationResult run(long untilPs, long eventBudget) {
    start.run();
    long t0 = System.nanoTime();
    try {
      sim.run(untilPs, eventBudget);
    } finally {
      transportImpl.progressEnd();
    }
    double loop = (System.nanoTime() - t0) / 1e9;
    return new SimulationResult("packet", transport, records, net.portTable(), sim.now(),
        sim.events(), transportImpl.dataPackets(), transportImpl.controlPackets(), net.packetHops(),
        net.totalDrops(), net.deliveredBytes(), loop, NetworkTotals.of(net));
  }
}
