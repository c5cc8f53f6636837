package org.fabriclab.sim.net;

import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.element.SplitterElement;
import org.fabriclab.sim.element.SwitchElement;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.packet.PacketKinds;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.table.Table;

/**
 * A simulated network built from a {@link Topology}: every directed link is an output-queued port
 * of its tail node (host NICs included) with the link's rate and propagation delay,
 * store-and-forward. Each node's forwarding logic is a {@link SwitchElement} (default: ECMP /
 * spray / source routes, {@link DefaultRouting}; optical splitters get a {@link SplitterElement}),
 * which sees every packet at the node with its ingress link. The pipeline of a packet at a node
 * is htsim's: element (ingress lookup) → optional switch latency ({@link #setSwitchLatencyPs}) →
 * egress queue.
 *
 * <p>The classes split along the pipeline: this class forwards (elements, routes, delivery) and
 * keeps the packet {@link Accounting} (conservation with copies, generated and absorbed packets);
 * {@link Ports} holds the port state (rates, delays, departure-time FIFO queues: one event per
 * packet per hop; drop-tail at the byte bound; ECN by {@link EcnMarker}) and the per-port
 * counters; with trimming, priority queues or PFC ({@link NetworkConfig#explicitQueues()}) the
 * queues are {@link QueuedPorts} instead, whose behaviour follows each port's {@link PortRole}
 * (the marks counter then also counts trimmed packets, and the time-averaged occupancy is not
 * tracked). Optional seeded random loss per link ({@link RandomLoss}).
 *
 * <p>Delivery to a host goes to the receiver registered for the packet's kind in
 * {@link #kinds()} (several transports per network), else to the sink of {@link #setSink}.
 */
public final class Network {
  private final Simulator sim;
  private final Topology topo;
  private final EcmpTable ecmp;
  private final Packets packets;
  private final NetworkConfig cfg;
  private final PacketKinds kinds = new PacketKinds();
  private final Accounting acct;
  private final PortRole[] roles;
  private final SwitchElement[] elements;
  private final int arrive;
  private final boolean hasSplitters;
  private final int[] targets;
  private final long[] delay;
  private final Ports ports;
  private final RandomLoss loss;
  private PacketKinds.KindReceiver sink = (p, n) -> {
    throw new IllegalStateException("no receiver for packet kind " + n);
  };
  private final QueuedPorts trim;
  private final DefaultRouting routing;
  private long unroutableDrops;
  private long packetHops;
  private long trimmedBytes;
  private long[] latencyPs;
  private boolean routeAhead;
  private int afterLatency = -1;

  public Network(Simulator sim, Topology topo, EcmpTable ecmp, Packets packets, NetworkConfig cfg) {
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
    SplitterElement splitter = null;
    boolean splitters = false;
    for (int u = 0; u < elements.length; u++) {
      if (topo.role(u) == NodeRole.OPTICAL_SPLITTER) {
        if (splitter == null) {
          splitter = new SplitterElement();
        }
        elements[u] = splitter;
        splitters = true;
      }
    }
    hasSplitters = splitters;
    ports = new Ports(sim, topo, packets, cfg, new EcnMarker(cfg));
    delay = ports.delay;
    loss = RandomLoss.onSwitchPorts(roles, cfg);
    routeAhead = cfg.routing() == NetworkConfig.Routing.ECMP_PER_FLOW;
    arrive = sim.register(this::arrive);
    trim = cfg.explicitQueues() ? new QueuedPorts(this, ports, arrive, packets, cfg, m, roles) : null;
    if (trim == null) { // FIFO ports: the arrivals are plain events, their packets fetched a bucket ahead
      sim.setPrefetcher(arrive, packets::prefetch, this::touchNextPort);
    }
  }

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
   * The prefetcher's second stage (performance, no effect): for a packet {@code p} that will arrive
   * over {@code link} in the bucket just made current, at a switch with the default element and
   * per-flow ECMP, the output port it will take is computed now (the packet's record was fetched a
   * bucket ago) and its port record read, for the whole bucket at once: the hop's last dependent
   * cache miss. Spraying (which advances a counter) and source routes are left out.
   */
  private int touchNextPort(int p, int link) {
    int node = targets[link];
    if (!routeAhead || elements[node] != null || node == packets.dst(p)) {
      return 0;
    }
    int out = routing.link(p, node);
    return out < 0 ? 0 : ports.touch(out);
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

  /** A host injects a packet (allocated from {@link #packets()}) at its source node. */
  public void send(int p) {
    acct.injectedPackets++;
    acct.injectedBytes += packets.size(p);
    int node = packets.src(p);
    SwitchElement e = elements[node];
    if (e == null) {
      route(p, node);
    } else {
      e.receive(this, p, node, -1);
    }
  }

  private void arrive(int p, int link) {
    int node = targets[link];
    packets.setHops(p, packets.hops(p) + 1);
    packets.setInLink(p, link);
    packetHops++;
    SwitchElement e = elements[node];
    if (e != null) {
      e.receive(this, p, node, link);
    } else if (node == packets.dst(p)) {
      deliverLocal(p, node);
    } else {
      route(p, node);
    }
  }

  /** The default element's action: deliver at the destination, else route. */
  public void routeDefault(int p, int node) {
    if (node == packets.dst(p)) {
      deliverLocal(p, node);
    } else {
      route(p, node);
    }
  }

  /** Hands {@code p} to the host stack of {@code node}: the receiver of its kind frees it. */
  public void deliverLocal(int p, int node) {
    acct.deliver(packets.flow(p), packets.size(p));
    PacketKinds.KindReceiver r = kinds.receiver(packets.kind(p));
    (r == null ? sink : r).deliver(p, node);
  }

  /** An element consumes {@code p} (counted as absorbed, freed). */
  public void absorb(int p) {
    acct.absorbedPackets++;
    acct.absorbedBytes += packets.size(p);
    packets.free(p);
  }

  /** A counted copy of {@code p} (every header field, inLink and extension area included). */
  public int copy(int p) {
    int c = packets.copy(p);
    acct.copiedPackets++;
    acct.copiedBytes += packets.size(c);
    return c;
  }

  /** A packet created inside the network (by a switch element); forward or route it next. */
  public int generate(int flow, int kind, int seq, int bytes, int src, int dst) {
    int p = packets.allocate(flow, kind, seq, bytes, src, dst, sim.now());
    acct.generatedPackets++;
    acct.generatedBytes += bytes;
    return p;
  }

  /** Drops {@code p} at the element (no port): counted as dropped. */
  public void drop(int p) {
    drop(p, -1);
  }

  /**
   * A passive element's output: {@code p} arrives at the far end of {@code link} after the link's
   * propagation delay, without serialization or queueing (the transmitter upstream already paid).
   */
  public void passThrough(int p, int link) {
    ports.countPassThrough(p, link);
    sim.schedule(sim.now() + delay[link], arrive, p, link);
  }

  /** Puts {@code p} in the output queue of {@code link} (same as {@link #enqueue}). */
  public void forward(int p, int link) {
    enqueue(p, link);
  }

  private void route(int p, int node) {
    int link = routing.link(p, node);
    if (link < 0) {
      unroutableDrops++;
      drop(p, -1);
    } else {
      enqueue(p, link);
    }
  }

  /** The ECMP candidate index the default routing uses for {@code p} at {@code node}. */
  public int routeChoice(int p, int node) {
    return routing.choice(p, node);
  }

  /** The per-flow ECMP hash value at {@code node} (the flow engine uses it to pick the same path). */
  public int flowHash(int flow, int node) {
    return DefaultRouting.flowHash(flow, node, cfg.hashSeed());
  }

  /** The per-flow ECMP hash without a network object. */
  public static int flowHash(int flow, int node, long seed) {
    return DefaultRouting.flowHash(flow, node, seed);
  }

  /**
   * Switch latency of {@code node} (htsim's pipeline: ingress lookup → latency → egress queue):
   * every packet the node's element forwards reaches its output queue {@code ps} after the
   * element saw it (0: at once, the default). A passive {@link #passThrough} is never delayed.
   * One extra event per packet and hop where it is set; the run stays deterministic.
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

  /**
   * Puts a packet in the output queue of {@code link} (after the node's switch latency, if any):
   * drop, mark, or schedule its arrival.
   */
  public void enqueue(int p, int link) {
    if (latencyPs != null && latencyPs[link] > 0) {
      sim.schedule(sim.now() + latencyPs[link], afterLatency, p, link);
    } else {
      enqueueNow(p, link);
    }
  }

  private void enqueueNow(int p, int link) {
    if (loss.enabled() && loss.lose(link)) {
      ports.countDrop(link);
      drop(p, link);
      return;
    }
    if (hasSplitters && roles[link] == PortRole.SPLITTER) {
      passThrough(p, link);
      return;
    }
    if (trim != null) {
      trim.enqueue(p, link);
    } else if (!ports.enqueue(p, link, arrive)) {
      drop(p, link);
    }
  }

  /** {@code ceil(bytes · 8 / rate)} in ps, without overflow for any int size and rate ≥ 1 b/s. */
  static long serializationPs(int bytes, long rateBps) {
    return Ports.serializationPs(bytes, rateBps);
  }

  /** The time FIFO port {@code link} finishes what it holds (now or earlier: idle). */
  public long busyUntilPs(int link) {
    return trim != null ? trim.busyUntil(link) : ports.busyUntil(link);
  }

  /**
   * True when a host may put a packet on NIC port {@code link} now without it waiting: the port is
   * idle, holds nothing and is not paused by PFC (the RNIC scheduler's test).
   */
  public boolean portReady(int link) {
    return trim != null ? trim.ready(link) : ports.busyUntil(link) <= sim.now();
  }

  /**
   * Starts counting bytes delivered to hosts per flow number (flows {@code 0..flows-1}, packets of
   * every kind; for per-flow throughput probes).
   */
  public void trackFlowBytes(int flows) {
    acct.trackFlowBytes(flows);
  }

  /** Bytes delivered for flow number {@code f} since {@link #trackFlowBytes} (0 when untracked). */
  public long flowBytesDelivered(int f) {
    return acct.flowBytesDelivered(f);
  }

  /** True while PFC holds port {@code link} paused. */
  public boolean portPaused(int link) {
    return trim != null && trim.paused(link);
  }

  /** Adds {@code l} to hear when a PFC-paused host NIC port is resumed (explicit queues only). */
  public void addPortReadyListener(PortReadyListener l) {
    ports.addReadyListener(l);
  }

  /** Called with a host NIC port that became ready (PFC resume, queue drained). */
  @FunctionalInterface
  public interface PortReadyListener {
    void ready(int link);
  }

  /** PFC pause and resume frames received so far (0 without PFC). */
  public long pfcFrames() {
    return trim == null ? 0 : trim.pauses();
  }

  void countTrim(int link, int bytesCut) {
    ports.countMark(link);
    trimmedBytes += bytesCut;
    acct.droppedBytes += bytesCut;
  }

  /** Payload bytes cut off by trimming ports (part of {@link Accounting#droppedBytes()}). */
  public long trimmedBytes() {
    return trimmedBytes;
  }

  void dropAt(int p, int link) {
    ports.countDrop(link);
    drop(p, link);
  }

  private void drop(int p, int link) {
    acct.droppedPackets++;
    acct.droppedBytes += packets.size(p);
    packets.free(p);
  }

  public long injectedBytes() {
    return acct.injectedBytes;
  }

  public long deliveredBytes() {
    return acct.deliveredBytes;
  }

  /** Bytes of dropped packets plus trimmed payload bytes. */
  public long droppedBytes() {
    return acct.droppedBytes;
  }

  /** Link traversals completed (a packet arriving at the far end of a link). */
  public long packetHops() {
    return packetHops;
  }

  public long drops(int link) {
    return ports.drops(link);
  }

  public long marks(int link) {
    return ports.marks(link);
  }

  /** ECN marks (and trims) over all ports. */
  public long totalMarks() {
    return ports.totalMarks();
  }

  /** Bytes port {@code link} holds now (not yet serialized). */
  public long queueBytes(int link) {
    return trim != null ? trim.queued(link) : ports.fifoQueueBytes(link);
  }

  public long maxOccupancyBytes(int link) {
    return ports.maxOccupancyBytes(link);
  }

  /** Most bytes node {@code u}'s switch ports held together (explicit queues; else 0). */
  public long maxNodeBufferBytes(int u) {
    return trim == null ? 0 : trim.maxNodeHeld(u);
  }

  /** The largest occupancy any port reached. */
  public long maxQueueBytes() {
    return ports.maxQueueBytes();
  }

  public long bytesSent(int link) {
    return ports.bytesSent(link);
  }

  /** Packets dropped because no route leads to their destination (no port; not in {@link #drops}). */
  public long unroutableDrops() {
    return unroutableDrops;
  }

  /** Packets dropped at any port plus {@link #unroutableDrops()}. */
  public long totalDrops() {
    return unroutableDrops + ports.totalDrops();
  }

  /** Time-averaged occupancy of a port in bytes over {@code [0, now]} (FIFO ports only). */
  public double averageOccupancyBytes(int link) {
    return ports.averageOccupancyBytes(link);
  }

  /** Per-port counters; ports that never carried a packet are left out. */
  public Table portTable() {
    return ports.table(topo);
  }
}
