package org.fabriclab.sim.net;

import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.packet.PacketKinds;
import org.fabriclab.sim.packet.Packets;

/**
 * The construction and configuration of a {@link Network}: its fields, the wiring of ports, queues,
 * event handlers from the {@link Topology}, the settings a model makes before (or while) it runs —
 * receivers, elements, source routes, random loss, switch latency — and the accessors. Every node
 * starts with the default element; which element runs where is bound from outside
 * ({@code sim.assembly}), the network installs none by role.
 *
 * <p>The lowest of the layers of {@link Network}, split by file for size: its fields are read
 * directly by the per-packet path in {@link Network} (no indirection); only {@link Network} is
 * instantiated, so the constructor passes {@code this} as one and registers the event handlers
 * the per-packet path implements ({@link #arrive}, {@link #touchNextPort}, {@link #enqueueNow}).
 */
abstract sealed class NetworkWiring permits NetworkStatistics {
  final Simulator sim;
  final Topology topo;
  final EcmpTable ecmp;
  final Packets packets;
  final NetworkConfig cfg;
  final PacketKinds kinds = new PacketKinds();
  final Accounting acct;
  final PortRole[] roles;
  final SwitchElement[] elements;
  final int arrive;
  final boolean hasSplitters;
  final int[] targets;
  final long[] delay;
  final Ports ports;
  final RandomLoss loss;
  PacketKinds.KindReceiver sink = (p, n) -> {
    throw new IllegalStateException("no receiver for packet kind " + n);
  };
  final QueuedPorts trim;
  final DefaultRouting routing;
  long[] latencyPs;
  boolean routeAhead;
  int afterLatency = -1;

  NetworkWiring(Simulator sim, Topology topo, EcmpTable ecmp, Packets packets, NetworkConfig cfg) {
    this.sim = sim;
    this.topo = topo;
    this.ecmp = ecmp;
    this.packets = packets;
    this.cfg = cfg;
    acct = new Accounting(packets);
    routing = new DefaultRouting(ecmp, packets, cfg);
    int m = topo.linkCount();
    targets = topo.csrTargets();
    roles = PortRole.of(topo);
    elements = new SwitchElement[topo.nodeCount()];
    boolean splitters = false;
    for (PortRole r : roles) {
      splitters |= r == PortRole.SPLITTER;
    }
    hasSplitters = splitters;
    ports = new Ports(sim, topo, packets, cfg, new EcnMarker(cfg));
    delay = ports.delay;
    loss = RandomLoss.onSwitchPorts(roles, cfg);
    routeAhead = cfg.routing() == NetworkConfig.Routing.ECMP_PER_FLOW;
    arrive = sim.register(this::arrive);
    trim = cfg.explicitQueues()
        ? new QueuedPorts((Network) this, ports, arrive, packets, cfg, m, roles) : null;
    if (trim == null) { // FIFO ports: the arrivals are plain events, their packets fetched a bucket ahead
      sim.setPrefetcher(arrive, packets::prefetch, this::touchNextPort);
    }
  }

  /** A packet arrives over {@code link} at its far end (the per-packet path, {@link Network}). */
  abstract void arrive(int p, int link);

  /** The prefetcher's second stage ({@link Network}). */
  abstract int touchNextPort(int p, int link);

  /** Puts {@code p} in the output queue of {@code link} now, past any switch latency ({@link Network}). */
  abstract void enqueueNow(int p, int link);

  /** The receiver of packets whose kind has no receiver in {@link #kinds()} (single-model tests). */
  public void setSink(PacketKinds.KindReceiver s) {
    sink = s;
  }

  /** Binds {@code e} to {@code node} (null: the default element). */
  public void setElement(int node, SwitchElement e) {
    elements[node] = e == SwitchElement.DEFAULT ? null : e;
  }

  /** The element bound to {@code node} ({@link SwitchElement#DEFAULT} when none). */
  public SwitchElement element(int node) {
    SwitchElement e = elements[node];
    return e == null ? SwitchElement.DEFAULT : e;
  }

  /** Source routes override ECMP and spraying for every packet of a flow they cover. */
  public void setSourceRoutes(SourceRoutes r) {
    routing.setSourceRoutes(r);
    routeAhead = false;
  }

  /**
   * Random loss on output port {@code link}: each packet enqueued there is lost with probability
   * {@code p} (seeded from the network's hash seed, the same run gives the same losses).
   */
  public void setLinkLoss(int link, double p) {
    loss.set(link, p);
  }

  /** Random loss on every output port of {@code node} (a lossy switch). */
  public void setNodeLoss(int node, double p) {
    loss.set(topo.firstLink(node), topo.firstLink(node + 1), p);
  }

  /**
   * Switch latency of {@code node} (htsim's pipeline: ingress lookup → latency → egress queue):
   * every packet the node's element forwards reaches its output queue {@code ps} after the
   * element saw it (0: at once, the default). A passive {@link Network#passThrough} is never
   * delayed. One extra event per packet and hop where it is set; the run stays deterministic.
   */
  public void setSwitchLatencyPs(int node, long ps) {
    org.fabriclab.error.InvalidParameterException.requireRange("switch latency (ps)", ps, 0,
        Long.MAX_VALUE / 4);
    if (latencyPs == null) {
      if (ps == 0) {
        return;
      }
      latencyPs = new long[topo.linkCount()];
      afterLatency = sim.register(this::enqueueNow);
    }
    for (int e = topo.firstLink(node); e < topo.firstLink(node + 1); e++) {
      latencyPs[e] = ps;
    }
  }

  /** {@link #setSwitchLatencyPs(int, long)} on every packet, circuit and converter switch. */
  public void setSwitchLatencyPs(long ps) {
    for (int u = 0; u < topo.nodeCount(); u++) {
      NodeRole r = topo.role(u);
      if (r != NodeRole.SERVER && r != NodeRole.OPTICAL_SPLITTER) {
        setSwitchLatencyPs(u, ps);
      }
    }
  }

  /** The switch latency of {@code node} in ps (0: none). */
  public long switchLatencyPs(int node) {
    return latencyPs == null || topo.degree(node) == 0 ? 0 : latencyPs[topo.firstLink(node)];
  }

  public Simulator simulator() {
    return sim;
  }

  public Topology topology() {
    return topo;
  }

  public EcmpTable ecmp() {
    return ecmp;
  }

  public Packets packets() {
    return packets;
  }

  public NetworkConfig config() {
    return cfg;
  }

  /** The packet-kind registry: transports register their kinds and host-side receivers here. */
  public PacketKinds kinds() {
    return kinds;
  }

  /** Packet and byte accounting (conservation with copies, generated and absorbed packets). */
  public Accounting accounting() {
    return acct;
  }

  /** The role of output port {@code link}. */
  public PortRole role(int link) {
    return roles[link];
  }
}
