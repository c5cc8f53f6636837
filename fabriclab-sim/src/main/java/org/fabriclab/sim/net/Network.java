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
 * store-and-forward, no switching delay. Each node's forwarding logic is a {@link SwitchElement}
 * (default: ECMP / spray / source routes; optical splitters get a {@link SplitterElement}), which
 * sees every packet at the node with its ingress link.
 *
 * <p>Queues are FIFO and byte-bounded. Because a FIFO port serves packets in arrival order at a
 * fixed rate, a packet's departure is known when it is enqueued: {@code start = max(now,
 * busyUntil)}. The engine therefore schedules one event per packet per hop (its arrival at the
 * next node) and never a separate transmit-complete event. The queue occupancy seen at enqueue is
 * the bytes not yet serialized, {@code (busyUntil - now) · rate} (the packet in service counts with
 * its unsent part). Drop-tail: a packet is dropped when occupancy + its size exceeds the bound; it
 * is marked CE when the occupancy is at least the ECN threshold (instantaneous, at enqueue), or
 * with RED-style marking between kmin and kmax. Optional seeded random loss per link.
 * Counters per port: bytes, packets, drops, marks, maximum and time-averaged occupancy; network
 * totals in {@link Accounting} (conservation with copies, generated and absorbed packets).
 *
 * <p>With trimming, priority queues or PFC ({@link NetworkConfig#explicitQueues()}) the ports are
 * {@link QueuedPorts} instead: explicit queues with two strict-priority classes whose behaviour
 * follows each port's {@link PortRole} (the marks counter then also counts trimmed packets, and
 * the time-averaged occupancy is not tracked).
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
  private final long[] rate;
  private final long[] delay;
  private final long[] busyUntil;
  private final long[] bytesOut;
  private final long[] packetsOut;
  private final long[] drops;
  private final long[] marks;
  private final long[] maxOcc;
  private final double[] occIntegral;
  private final long[] lastUpdate;
  private final EcnMarker ecn;
  private final RandomLoss loss;
  private PacketKinds.KindReceiver sink = (p, n) -> {
    throw new IllegalStateException("no receiver for packet kind " + n);
  };
  private final QueuedPorts trim;
  private SourceRoutes sourceRoutes;
  private PortReadyListener[] readyListeners = new PortReadyListener[0];
  private long[] flowBytes;
  private long unroutableDrops;
  private long packetHops;
  private long sprayCount;
  private long trimmedBytes;

  public Network(Simulator sim, Topology topo, EcmpTable ecmp, Packets packets, NetworkConfig cfg) {
    this.sim = sim;
    this.topo = topo;
    this.ecmp = ecmp;
    this.packets = packets;
    this.cfg = cfg;
    acct = new Accounting(packets);
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
    rate = new long[m];
    delay = new long[m];
    for (int e = 0; e < m; e++) {
      rate[e] = topo.capacityBps(e);
      delay[e] = topo.delayPs(e);
    }
    busyUntil = new long[m];
    bytesOut = new long[m];
    packetsOut = new long[m];
    drops = new long[m];
    marks = new long[m];
    maxOcc = new long[m];
    occIntegral = new double[m];
    lastUpdate = new long[m];
    ecn = new EcnMarker(cfg);
    loss = new RandomLoss(m, cfg.hashSeed());
    if (cfg.lossProbability() > 0) {
      for (int e = 0; e < m; e++) {
        if (roles[e] == PortRole.SWITCH || roles[e] == PortRole.DIRECT) {
          loss.set(e, cfg.lossProbability());
        }
      }
    }
    arrive = sim.register(this::arrive);
    trim = cfg.explicitQueues() ? new QueuedPorts(this, packets, cfg, m, roles) : null;
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
    sourceRoutes = r;
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
    for (int e = topo.firstLink(node); e < topo.firstLink(node + 1); e++) {
      loss.set(e, p);
    }
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
    acct.deliveredPackets++;
    acct.deliveredBytes += packets.size(p);
    if (flowBytes != null) {
      int f = packets.flow(p);
      if (f >= 0 && f < flowBytes.length) {
        flowBytes[f] += packets.size(p);
      }
    }
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
    bytesOut[link] += packets.size(p);
    packetsOut[link]++;
    sim.schedule(sim.now() + delay[link], arrive, p, link);
  }

  /** Puts {@code p} in the output queue of {@code link} (same as {@link #enqueue}). */
  public void forward(int p, int link) {
    enqueue(p, link);
  }

  private void route(int p, int node) {
    if (sourceRoutes != null) {
      int f = packets.flow(p);
      int link = sourceRoutes.link(f, packets.src(p) == sourceRoutes.source(f), packets.hops(p));
      if (link < 0) {
        unroutableDrops++;
        drop(p, -1);
      } else {
        enqueue(p, link);
      }
      return;
    }
    int link = ecmp.nextLink(node, packets.dst(p), routeChoice(p, node));
    if (link < 0) {
      unroutableDrops++;
      drop(p, -1);
      return;
    }
    enqueue(p, link);
  }

  /** The ECMP candidate index the default routing uses for {@code p} at {@code node}. */
  public int routeChoice(int p, int node) {
    if (cfg.routing() == NetworkConfig.Routing.ECMP_PER_FLOW) {
      return flowHash(packets.flow(p), node);
    }
    return mix(packets.flow(p) * 0x9E3779B97F4A7C15L + packets.seq(p) * 0xC2B2AE3D27D4EB4FL
        + (sprayCount++) * 0xD6E8FEB86659FD93L + node + cfg.hashSeed());
  }

  /** The per-flow ECMP hash value at {@code node} (the flow engine uses it to pick the same path). */
  public int flowHash(int flow, int node) {
    return flowHash(flow, node, cfg.hashSeed());
  }

  /** The per-flow ECMP hash without a network object. */
  public static int flowHash(int flow, int node, long seed) {
    return mix(flow * 0x9E3779B97F4A7C15L + node * 0xD6E8FEB86659FD93L + seed);
  }

  static int mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return (int) (z ^ (z >>> 31));
  }

  /** Puts a packet in the output queue of {@code link}: drop, mark, or schedule its arrival. */
  public void enqueue(int p, int link) {
    if (loss.enabled() && loss.lose(link)) {
      drops[link]++;
      drop(p, link);
      return;
    }
    if (hasSplitters && roles[link] == PortRole.SPLITTER) {
      passThrough(p, link);
      return;
    }
    if (trim != null) {
      trim.enqueue(p, link);
      return;
    }
    long now = sim.now();
    long r = rate[link];
    long busy = busyUntil[link];
    long backlogPs = busy > now ? busy - now : 0;
    long last = lastUpdate[link];
    if (busy > last) {
      double a = busy - last;
      double b = backlogPs;
      occIntegral[link] += (a * a - b * b) * 0.5 * r / 8e12;
    }
    lastUpdate[link] = now;
    long backlog = (long) (backlogPs * (double) r / 8e12);
    int size = packets.size(p);
    if (backlog + size > cfg.bufferBytes()) {
      drops[link]++;
      drop(p, link);
      return;
    }
    if (ecn.mark(backlog, link, packetsOut[link])) {
      packets.addFlag(p, Packets.CE);
      marks[link]++;
    }
    if (backlog + size > maxOcc[link]) {
      maxOcc[link] = backlog + size;
    }
    long done = (busy > now ? busy : now) + serializationPs(size, r);
    busyUntil[link] = done;
    bytesOut[link] += size;
    packetsOut[link]++;
    sim.schedule(done + delay[link], arrive, p, link);
  }

  /** {@code ceil(bytes · 8 / rate)} in ps, without overflow for any int size and rate ≥ 1 b/s. */
  static long serializationPs(int bytes, long rateBps) {
    long bits = (long) bytes * 8L;
    if (bits <= Long.MAX_VALUE / 1_000_000_000_000L) {
      return (bits * 1_000_000_000_000L + rateBps - 1) / rateBps;
    }
    return (long) Math.ceil(bits * 1e12 / rateBps);
  }

  /** The time FIFO port {@code link} finishes what it holds (now or earlier: idle). */
  public long busyUntilPs(int link) {
    return trim != null ? trim.busyUntil(link) : busyUntil[link];
  }

  /**
   * True when a host may put a packet on NIC port {@code link} now without it waiting: the port is
   * idle, holds nothing and is not paused by PFC (the RNIC scheduler's test).
   */
  public boolean portReady(int link) {
    return trim != null ? trim.ready(link) : busyUntil[link] <= sim.now();
  }

  /**
   * Starts counting bytes delivered to hosts per flow number (flows {@code 0..flows-1}, packets of
   * every kind; for per-flow throughput probes).
   */
  public void trackFlowBytes(int flows) {
    if (flowBytes == null || flowBytes.length < flows) {
      flowBytes = flowBytes == null ? new long[flows] : java.util.Arrays.copyOf(flowBytes, flows);
    }
  }

  /** Bytes delivered for flow number {@code f} since {@link #trackFlowBytes} (0 when untracked). */
  public long flowBytesDelivered(int f) {
    return flowBytes == null || f >= flowBytes.length ? 0 : flowBytes[f];
  }

  /** True while PFC holds port {@code link} paused. */
  public boolean portPaused(int link) {
    return trim != null && trim.paused(link);
  }

  /** Adds {@code l} to hear when a PFC-paused host NIC port is resumed (explicit queues only). */
  public void addPortReadyListener(PortReadyListener l) {
    readyListeners = java.util.Arrays.copyOf(readyListeners, readyListeners.length + 1);
    readyListeners[readyListeners.length - 1] = l;
  }

  void notifyPortReady(int link) {
    for (PortReadyListener l : readyListeners) {
      l.ready(link);
    }
  }

  /** Called with a host NIC port that became ready (PFC resume, queue drained). */
  @FunctionalInterface
  public interface PortReadyListener {
    void ready(int link);
  }

  /** Explicit-queue ports: starts sending {@code p} now; returns when the port is free again. */
  long transmit(int p, int link) {
    long r = rate[link];
    int size = packets.size(p);
    long done = sim.now() + serializationPs(size, r);
    bytesOut[link] += size;
    packetsOut[link]++;
    sim.schedule(done + delay[link], arrive, p, link);
    return done;
  }

  long delayPs(int link) {
    return delay[link];
  }

  long rateBps(int link) {
    return rate[link];
  }

  /** PFC pause and resume frames received so far (0 without PFC). */
  public long pfcFrames() {
    return trim == null ? 0 : trim.pauses();
  }

  boolean ecnMark(long queuedBytes, int link) {
    return ecn.mark(queuedBytes, link, packetsOut[link]);
  }

  void countMark(int link) {
    marks[link]++;
  }

  void countTrim(int link, int bytesCut) {
    marks[link]++;
    trimmedBytes += bytesCut;
    acct.droppedBytes += bytesCut;
  }

  /** Payload bytes cut off by trimming ports (part of {@link Accounting#droppedBytes()}). */
  public long trimmedBytes() {
    return trimmedBytes;
  }

  void dropAt(int p, int link) {
    drops[link]++;
    drop(p, link);
  }

  void noteOccupancy(int link, long bytes) {
    if (bytes > maxOcc[link]) {
      maxOcc[link] = bytes;
    }
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
    return drops[link];
  }

  public long marks(int link) {
    return marks[link];
  }

  /** ECN marks (and trims) over all ports. */
  public long totalMarks() {
    long s = 0;
    for (long x : marks) {
      s += x;
    }
    return s;
  }

  /** Bytes port {@code link} holds now (not yet serialized). */
  public long queueBytes(int link) {
    if (trim != null) {
      return trim.queued(link);
    }
    long now = sim.now();
    long busy = busyUntil[link];
    return busy > now ? (long) ((busy - now) * (double) rate[link] / 8e12) : 0;
  }

  public long maxOccupancyBytes(int link) {
    return maxOcc[link];
  }

  /** Most bytes node {@code u}'s switch ports held together (explicit queues; else 0). */
  public long maxNodeBufferBytes(int u) {
    return trim == null ? 0 : trim.maxNodeHeld(u);
  }

  /** The largest occupancy any port reached. */
  public long maxQueueBytes() {
    long s = 0;
    for (long x : maxOcc) {
      s = Math.max(s, x);
    }
    return s;
  }

  public long bytesSent(int link) {
    return bytesOut[link];
  }

  /** Packets dropped because no route leads to their destination (no port; not in {@link #drops}). */
  public long unroutableDrops() {
    return unroutableDrops;
  }

  /** Packets dropped at any port plus {@link #unroutableDrops()}. */
  public long totalDrops() {
    long s = unroutableDrops;
    for (long d : drops) {
      s += d;
    }
    return s;
  }

  /** Time-averaged occupancy of a port in bytes over {@code [0, now]}. */
  public double averageOccupancyBytes(int link) {
    long now = sim.now();
    double integral = occIntegral[link];
    long busy = busyUntil[link];
    long last = lastUpdate[link];
    if (busy > last) {
      double a = busy - last;
      double b = busy > now ? busy - now : 0;
      integral += (a * a - b * b) * 0.5 * rate[link] / 8e12;
    }
    return now == 0 ? 0 : integral / now;
  }

  /** Per-port counters; ports that never carried a packet are left out. */
  public Table portTable() {
    Table.Builder b =
        Table.builder("ports")
            .longColumn("link").longColumn("from").longColumn("to").longColumn("port")
            .longColumn("bytes").longColumn("packets").longColumn("drops").longColumn("marks")
            .longColumn("maxOccupancyBytes").doubleColumn("avgOccupancyBytes");
    for (int u = 0; u < topo.nodeCount(); u++) {
      for (int e = topo.firstLink(u); e < topo.firstLink(u + 1); e++) {
        if (packetsOut[e] == 0 && drops[e] == 0) {
          continue;
        }
        b.row(e, u, targets[e], e - topo.firstLink(u), bytesOut[e], packetsOut[e], drops[e],
            marks[e], maxOcc[e], averageOccupancyBytes(e));
      }
    }
    return b.build();
  }
}
