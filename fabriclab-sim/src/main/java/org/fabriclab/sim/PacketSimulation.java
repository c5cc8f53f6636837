package org.fabriclab.sim;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.sim.transport.Transport;
import org.fabriclab.sim.transport.ndp.NdpConfig;
import org.fabriclab.sim.transport.ndp.NdpTransport;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.sim.transport.rocev2.Rocev2Transport;
import org.fabriclab.sim.transport.tcp.CongestionControl;
import org.fabriclab.sim.transport.tcp.Dctcp;
import org.fabriclab.sim.transport.tcp.NewReno;
import org.fabriclab.sim.transport.tcp.TcpConfig;
import org.fabriclab.sim.transport.tcp.TcpTransport;
import org.fabriclab.traffic.FlowTrace;

/**
 * One packet-level run: builds the network from a topology, attaches a transport, replays the
 * trace until every flow completes (or a time limit / event budget), and returns a
 * {@link SimulationResult}. The parts stay reachable for tests ({@link #network()} and so on).
 */
public final class PacketSimulation {
  /** The transports this runner knows. */
  public static final String TRANSPORTS = "dctcp, newreno, ndp, rocev2";

  private final Simulator sim = new Simulator();
  private final Network net;
  private final TcpTransport tcp;
  private final NdpTransport ndp;
  private final Transport transportImpl;
  private final Rocev2Transport roce;
  private final FlowRecords records;
  private final String transport;

  public PacketSimulation(Topology topo, EcmpTable ecmp, FlowTrace trace, String transport,
      NetworkConfig netCfg, TcpConfig tcpCfg, Progress progress) {
    trace.requireHostsBelow(topo.serverCount());
    requireRoutes(topo, ecmp, trace);
    this.transport = transport;
    net = new Network(sim, topo, ecmp, new Packets(1 << 16), netCfg);
    records = new FlowRecords(trace);
    if (transport.equals("ndp") || transport.equals("rocev2")) {
      tcp = null;
      ndp = transport.equals("ndp")
          ? new NdpTransport(net, NdpConfig.benchmark(), trace, records, progress) : null;
      roce = ndp == null
          ? new Rocev2Transport(net, RcConfig.defaults(), trace, records, progress) : null;
      transportImpl = ndp != null ? ndp : roce;
      return;
    }
    ndp = null;
    roce = null;
    CongestionControl cc = switch (transport) {
      case "dctcp" -> new Dctcp(tcpCfg);
      case "newreno" -> new NewReno();
      default -> throw new InvalidParameterException("--transport", transport,
          "valid: " + TRANSPORTS);
    };
    tcp = new TcpTransport(net, tcpCfg, cc, trace, records, progress);
    transportImpl = tcp;
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
    NetworkConfig nc = switch (transport) {
      case "newreno" ->
          new NetworkConfig(150_000, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, seed);
      case "ndp" -> NetworkConfig.ndpBenchmark(seed);
      default -> NetworkConfig.dctcpBenchmark(seed);
    };
    if (pfcXoffBytes > 0) {
      nc = nc.withPriorityAndPfc(pfcXoffBytes, pfcXoffBytes / 2);
    }
    return new PacketSimulation(topo, new EcmpTable(topo), trace, transport, nc,
        TcpConfig.benchmark(compat), progress);
  }

  public Simulator simulator() {
    return sim;
  }

  public Network network() {
    return net;
  }

  /** The TCP transport, or null when the run uses NDP. */
  public TcpTransport transport() {
    return tcp;
  }

  /** The RoCEv2 transport, or null. */
  public Rocev2Transport rocev2() {
    return roce;
  }

  /** The NDP transport, or null. */
  public NdpTransport ndp() {
    return ndp;
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

  /** Runs until every flow is done, {@code untilPs}, or {@code eventBudget} events. */
  public SimulationResult run(long untilPs, long eventBudget) {
    transportImpl.begin();
    long t0 = System.nanoTime();
    try {
      sim.run(untilPs, eventBudget);
    } finally {
      transportImpl.progressEnd();
    }
    double loop = (System.nanoTime() - t0) / 1e9;
    return new SimulationResult("packet", transport, records, net.portTable(), sim.now(),
        sim.events(), transportImpl.dataPackets(), transportImpl.controlPackets(), net.packetHops(),
        net.totalDrops(), net.deliveredBytes(), loop);
  }
}
