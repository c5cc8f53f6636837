package org.fabriclab.sim;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.net.Packets;
import org.fabriclab.sim.probe.FlowRecords;
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
  public static final String TRANSPORTS = "dctcp, newreno";

  private final Simulator sim = new Simulator();
  private final Network net;
  private final TcpTransport tcp;
  private final FlowRecords records;
  private final String transport;

  public PacketSimulation(Topology topo, EcmpTable ecmp, FlowTrace trace, String transport,
      NetworkConfig netCfg, TcpConfig tcpCfg, Progress progress) {
    trace.requireHostsBelow(topo.serverCount());
    this.transport = transport;
    net = new Network(sim, topo, ecmp, new Packets(1 << 16), netCfg);
    records = new FlowRecords(trace);
    CongestionControl cc = switch (transport) {
      case "dctcp" -> new Dctcp(tcpCfg);
      case "newreno" -> new NewReno();
      default -> throw new InvalidParameterException("--transport", transport,
          "valid: " + TRANSPORTS);
    };
    tcp = new TcpTransport(net, tcpCfg, cc, trace, records, progress);
  }

  /** The benchmark's DCTCP/NewReno profile on {@code topo}. */
  public static PacketSimulation benchmark(Topology topo, FlowTrace trace, String transport,
      boolean compat, long seed, Progress progress) {
    NetworkConfig nc = "newreno".equals(transport)
        ? new NetworkConfig(150_000, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, seed)
        : NetworkConfig.dctcpBenchmark(seed);
    return new PacketSimulation(topo, new EcmpTable(topo), trace, transport, nc,
        TcpConfig.benchmark(compat), progress);
  }

  public Simulator simulator() {
    return sim;
  }

  public Network network() {
    return net;
  }

  public TcpTransport transport() {
    return tcp;
  }

  public FlowRecords records() {
    return records;
  }

  /** Runs until every flow is done, {@code untilPs}, or {@code eventBudget} events. */
  public SimulationResult run(long untilPs, long eventBudget) {
    tcp.begin();
    long t0 = System.nanoTime();
    try {
      sim.run(untilPs, eventBudget);
    } finally {
      tcp.progressEnd();
    }
    double loop = (System.nanoTime() - t0) / 1e9;
    return new SimulationResult("packet", transport, records, net.portTable(), sim.now(),
        sim.events(), tcp.dataPackets(), tcp.controlPackets(), net.packetHops(),
        net.totalDrops(), net.deliveredBytes(), loop);
  }
}
