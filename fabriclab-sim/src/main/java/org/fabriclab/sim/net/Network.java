package org.fabriclab.sim.net;

import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.table.Table;

/**
 * A simulated network built from a {@link Topology}: every directed link is an output-queued port
 * of its tail node (host NICs included) with the link's rate and propagation delay,
 * store-and-forward, no switching delay.
 *
 * <p>Queues are FIFO and byte-bounded. Because a FIFO port serves packets in arrival order at a
 * fixed rate, a packet's departure is known when it is enqueued: {@code start = max(now,
 * busyUntil)}. The engine therefore schedules one event per packet per hop (its arrival at the
 * next node) and never a separate transmit-complete event. The queue occupancy seen at enqueue is
 * the bytes not yet serialized, {@code (busyUntil - now) · rate} (the packet in service counts with
 * its unsent part). Drop-tail: a packet is dropped when occupancy + its size exceeds the bound; it
 * is marked CE when the occupancy is at least the ECN threshold (instantaneous, at enqueue).
 * Counters per port: bytes, packets, drops, marks, maximum and time-averaged occupancy. Network
 * totals (injected, delivered, dropped bytes) make byte conservation checkable.
 *
 * <p>With trimming, priority queues or PFC ({@link NetworkConfig#explicitQueues()}) the ports are
 * {@link QueuedPorts} instead: explicit queues with two strict-priority classes (the marks counter
 * then also counts trimmed packets, and the time-averaged occupancy is not tracked).
 */
public final class Network {
  private final Simulator sim;
  private final Topology topo;
  private final EcmpTable ecmp;
  private final Packets packets;
  private final NetworkConfig cfg;
  private final int arrive;
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
  private PacketSink sink = (p, n) -> {
    throw new IllegalStateException("no packet sink");
  };
  private ForwardingHook hook;
  private final QueuedPorts trim;
  private SourceRoutes sourceRoutes;
  private long injectedBytes;
  private long deliveredBytes;
  private long droppedBytes;
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
    int m = topo.linkCount();
    targets = topo.csrTargets();
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
    arrive = sim.register(this::arrive);
    trim = cfg.explicitQueues() ? new QueuedPorts(this, packets, cfg, m) : null;
  }

  public void setSink(PacketSink s) {
    sink = s;
  }

  public void setForwardingHook(ForwardingHook h) {
    hook = h;
  }

  /** Source routes override ECMP and spraying for every packet of a flow they cover. */
  public void setSourceRoutes(SourceRoutes r) {
    sourceRoutes = r;
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

  /** A host injects a packet (allocated from {@link #packets()}) towards its destination. */
  public void send(int p) {
    injectedBytes += packets.size[p];
    route(p, packets.src[p]);
  }

  private void arrive(int p, int link) {
    int node = targets[link];
    packets.hops[p]++;
    packets.inLink[p] = link;
    packetHops++;
    if (node == packets.dst[p]) {
      deliveredBytes += packets.size[p];
      sink.deliver(p, node);
      return;
    }
    if (hook != null && hook.forward(this, p, node)) {
      return;
    }
    route(p, node);
  }

  private void route(int p, int node) {
    if (sourceRoutes != null) {
      int f = packets.flow[p];
      int link = sourceRoutes.link(f, packets.src[p] == sourceRoutes.source(f), packets.hops[p]);
      if (link < 0) {
        unroutableDrops++;
        drop(p, -1);
      } else {
        enqueue(p, link);
      }
      return;
    }
    int choice;
    if (cfg.routing() == NetworkConfig.Routing.ECMP_PER_FLOW) {
      choice = flowHash(packets.flow[p], node);
    } else {
      choice = mix(packets.flow[p] * 0x9E3779B97F4A7C15L + packets.seq[p] * 0xC2B2AE3D27D4EB4FL
          + (sprayCount++) * 0xD6E8FEB86659FD93L + node + cfg.hashSeed());
    }
    int link = ecmp.nextLink(node, packets.dst[p], choice);
    if (link < 0) {
      unroutableDrops++;
      drop(p, -1);
      return;
    }
    enqueue(p, link);
  }

  /** The per-flow ECMP hash value at {@code node} (the flow engine uses it to pick the same path). */
  public int flowHash(int flow, int node) {
    return flowHash(flow, node, cfg.hashSeed());
  }

  /** The per-flow ECMP hash without a network object. */
  public static int flowHash(int flow, int node, long seed) {
    return mix(flow * 0x9E3779B97F4A7C15L + node * 0xD6E8FEB86659FD93L + seed);
  }

  private static int mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return (int) (z ^ (z >>> 31));
  }

  /** Puts a packet in the output queue of {@code link}: drop, mark, or schedule its arrival. */
  public void enqueue(int p, int link) {
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
    int size = packets.size[p];
    if (backlog + size > cfg.bufferBytes()) {
      drops[link]++;
      drop(p, link);
      return;
    }
    if (backlog >= cfg.ecnThresholdBytes()) {
      packets.flags[p] |= Packets.CE;
      marks[link]++;
    }
    if (backlog + size > maxOcc[link]) {
      maxOcc[link] = backlog + size;
    }
    long ser = (size * 8_000_000_000_000L + r - 1) / r;
    long done = (busy > now ? busy : now) + ser;
    busyUntil[link] = done;
    bytesOut[link] += size;
    packetsOut[link]++;
    sim.schedule(done + delay[link], arrive, p, link);
  }

  /** Trimming ports: starts sending {@code p} now; returns when the port is free again. */
  long transmit(int p, int link) {
    long r = rate[link];
    int size = packets.size[p];
    long done = sim.now() + (size * 8_000_000_000_000L + r - 1) / r;
    bytesOut[link] += size;
    packetsOut[link]++;
    sim.schedule(done + delay[link], arrive, p, link);
    return done;
  }

  long delayPs(int link) {
    return delay[link];
  }

  /** PFC pause and resume frames received so far (0 without PFC). */
  public long pfcFrames() {
    return trim == null ? 0 : trim.pauses();
  }

  void countMark(int link) {
    marks[link]++;
  }

  void countTrim(int link, int bytesCut) {
    marks[link]++;
    trimmedBytes += bytesCut;
  }

  /** Payload bytes cut off by trimming ports (in conservation: injected = delivered + dropped + trimmed + in flight). */
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
    droppedBytes += packets.size[p];
    packets.free(p);
  }

  public long injectedBytes() {
    return injectedBytes;
  }

  public long deliveredBytes() {
    return deliveredBytes;
  }

  public long droppedBytes() {
    return droppedBytes;
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

  public long maxOccupancyBytes(int link) {
    return maxOcc[link];
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
