package org.fabriclab.sim.net;

import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.table.Table;

/**
 * The output ports of a {@link Network}: each directed link's rate and propagation delay, the
 * departure-time FIFO queue, and the per-port counters (bytes, packets, drops, marks, maximum and
 * time-averaged occupancy) that both the FIFO ports and {@link QueuedPorts} update. The network
 * keeps forwarding (elements, routes) and packet accounting; this class keeps port state.
 *
 * <p>FIFO: because a FIFO port serves packets in arrival order at a fixed rate, a packet's
 * departure is known when it is enqueued: {@code start = max(now, busyUntil)}, so one event per
 * packet per hop (its arrival at the next node), scheduled at the enqueue. The occupancy seen at
 * enqueue is the bytes not yet serialized, {@code (busyUntil - now) · rate}. Drop-tail at the byte
 * bound; ECN by {@link EcnMarker} at enqueue. O(1) per packet, no allocation.
 *
 * <p>Memory (performance): an enqueue touches the packet and the link's port record, nothing else.
 * The arrival is a plain event in the simulator's calendar queue, which adds it into a chunk that
 * is in cache and later reads its bucket sequentially; the packet records of a bucket's arrivals
 * are touched a bucket ahead ({@link Simulator#setPrefetcher}, set by {@link Network}). An earlier
 * layout kept each link's packets in flight as a list through the packets (only the head queued),
 * which cost an enqueue a write into the previous tail's record: a cache miss per hop once the
 * packets in flight outgrow the cache (measured in docs/benchmarks-gleam.md).
 */
final class Ports {
  private final Simulator sim;
  private final Packets packets;
  private final long bufferBytes;
  private final EcnMarker ecn;
  private final int[] targets;
  final long[] rate;
  final long[] delay;
  // Layout (performance): the per-port state a packet's enqueue reads and writes, one record of
  // S longs per link (one cache line): busy-until, last occupancy update, occupancy integral (raw
  // double bits), bytes and packets sent, maximum occupancy, rate, delay.
  private static final int S = 8;
  private static final int BUSY = 0;
  private static final int LAST = 1;
  private static final int OCC = 2;
  private static final int BYTES = 3;
  private static final int PKTS = 4;
  private static final int MAX_OCC = 5;
  private static final int RATE = 6;
  private static final int DELAY = 7;
  private final long[] st;
  private final long[] drops;
  private final long[] marks;
  private final int channel0; // the simulator's in-order channel of link 0 (explicit queues' transmissions)
  private Network.PortReadyListener[] readyListeners = new Network.PortReadyListener[0];
  private boolean[] cut; // links to another logical process (null: none)
  private CutSink cutSink;

  Ports(Simulator sim, Topology topo, Packets packets, NetworkConfig cfg, EcnMarker ecn) {
    this.sim = sim;
    this.packets = packets;
    this.bufferBytes = cfg.bufferBytes();
    this.ecn = ecn;
    int m = topo.linkCount();
    targets = topo.csrTargets();
    rate = new long[m];
    delay = new long[m];
    for (int e = 0; e < m; e++) {
      rate[e] = topo.capacityBps(e);
      delay[e] = topo.delayPs(e);
    }
    st = new long[S * m];
    for (int e = 0; e < m; e++) {
      st[S * e + RATE] = rate[e];
      st[S * e + DELAY] = delay[e];
    }
    drops = new long[m];
    marks = new long[m];
    channel0 = sim.addChannels(m);
  }

  /** Reads link {@code link}'s port record (a prefetch: the value means nothing). */
  int touch(int link) {
    int j = S * link;
    return (int) (st[j + BUSY] ^ st[j + DELAY]);
  }

  /**
   * FIFO enqueue of {@code p} on {@code link}: schedules its arrival at the far end with handler
   * {@code arrive}, or returns false when the bound drops it (counted here; the caller frees it).
   */
  boolean enqueue(int p, int link, int arrive) {
    long now = sim.now();
    long[] a0 = st;
    int j = S * link;
    long r = a0[j + RATE];
    long busy = a0[j + BUSY];
    long backlogPs = busy > now ? busy - now : 0;
    long last = a0[j + LAST];
    if (busy > last) {
      double a = busy - last;
      double b = backlogPs;
      a0[j + OCC] = Double.doubleToRawLongBits(Double.longBitsToDouble(a0[j + OCC])
          + (a * a - b * b) * 0.5 * r / 8e12);
    }
    a0[j + LAST] = now;
    long backlog = (long) (backlogPs * (double) r / 8e12);
    int size = packets.size(p);
    if (backlog + size > bufferBytes) {
      drops[link]++;
      return false;
    }
    if (ecn.mark(backlog, link, a0[j + PKTS])) {
      packets.addFlag(p, Packets.CE);
      marks[link]++;
    }
    if (backlog + size > a0[j + MAX_OCC]) {
      a0[j + MAX_OCC] = backlog + size;
    }
    long done = (busy > now ? busy : now) + serializationPs(size, r);
    a0[j + BUSY] = done;
    a0[j + BYTES] += size;
    a0[j + PKTS]++;
    long at = done + a0[j + DELAY];
    if (cut != null && cut[link]) {
      cutSink.depart(p, link, at);
    } else {
      sim.schedule(at, arrive, p, link);
    }
    return true;
  }

  /** Sends the packets of every link with {@code cut[link]} to {@code sink} instead of scheduling them. */
  void setCut(boolean[] cutLinks, CutSink sink) {
    cut = cutLinks;
    cutSink = sink;
  }

  /** True when {@code link} leads to another logical process. */
  boolean isCut(int link) {
    return cut != null && cut[link];
  }

  /** A pause frame for the upstream port of {@code link}, across the cut, there at {@code at}. */
  void pauseCut(int link, int on, long at) {
    cutSink.pause(link, on, at);
  }

  /** Hands {@code p} to the cut sink, arriving at the far end of {@code link} at {@code at}. */
  void departCut(int p, int link, long at) {
    cutSink.depart(p, link, at);
  }

  /** Sends {@code p} now on {@code link} (explicit queues); returns when the port is free again. */
  long transmit(int p, int link, int arrive) {
    long r = rate[link];
    int size = packets.size(p);
    long done = sim.now() + serializationPs(size, r);
    st[S * link + BYTES] += size;
    st[S * link + PKTS]++;
    if (cut != null && cut[link]) {
      cutSink.depart(p, link, done + delay[link]);
    } else {
      sim.scheduleInOrder(channel0 + link, done + delay[link], arrive, p, link);
    }
    return done;
  }

  /** A passive element's output: counted on {@code link}, no serialization (caller schedules). */
  void countPassThrough(int p, int link) {
    st[S * link + BYTES] += packets.size(p);
    st[S * link + PKTS]++;
  }

  /** {@code ceil(bytes · 8 / rate)} in ps, without overflow for any int size and rate ≥ 1 b/s. */
  static long serializationPs(int bytes, long rateBps) {
    long bits = (long) bytes * 8L;
    if (bits <= Long.MAX_VALUE / 1_000_000_000_000L) {
      return (bits * 1_000_000_000_000L + rateBps - 1) / rateBps;
    }
    return (long) Math.ceil(bits * 1e12 / rateBps);
  }

  void addReadyListener(Network.PortReadyListener l) {
    readyListeners = java.util.Arrays.copyOf(readyListeners, readyListeners.length + 1);
    readyListeners[readyListeners.length - 1] = l;
  }

  /** Tells the listeners that host NIC port {@code link} became ready (PFC resume). */
  void notifyReady(int link) {
    for (Network.PortReadyListener l : readyListeners) {
      l.ready(link);
    }
  }

  /** The ECN decision for a port holding {@code queuedBytes} (explicit queues). */
  boolean ecnMark(long queuedBytes, int link) {
    return ecn.mark(queuedBytes, link, st[S * link + PKTS]);
  }

  long busyUntil(int link) {
    return st[S * link + BUSY];
  }

  long packetsOut(int link) {
    return st[S * link + PKTS];
  }

  void countDrop(int link) {
    drops[link]++;
  }

  void countMark(int link) {
    marks[link]++;
  }

  void noteOccupancy(int link, long bytes) {
    if (bytes > st[S * link + MAX_OCC]) {
      st[S * link + MAX_OCC] = bytes;
    }
  }

  long drops(int link) {
    return drops[link];
  }

  long marks(int link) {
    return marks[link];
  }

  long totalMarks() {
    long s = 0;
    for (long x : marks) {
      s += x;
    }
    return s;
  }

  long totalDrops() {
    long s = 0;
    for (long d : drops) {
      s += d;
    }
    return s;
  }

  /** Bytes FIFO port {@code link} holds now (not yet serialized). */
  long fifoQueueBytes(int link) {
    long now = sim.now();
    long busy = st[S * link + BUSY];
    return busy > now ? (long) ((busy - now) * (double) rate[link] / 8e12) : 0;
  }

  long maxOccupancyBytes(int link) {
    return st[S * link + MAX_OCC];
  }

  long maxQueueBytes() {
    long s = 0;
    for (int j = MAX_OCC; j < st.length; j += S) {
      s = Math.max(s, st[j]);
    }
    return s;
  }

  long bytesSent(int link) {
    return st[S * link + BYTES];
  }

  /** Time-averaged occupancy of a FIFO port in bytes over {@code [0, now]}. */
  double averageOccupancyBytes(int link) {
    long now = sim.now();
    double integral = Double.longBitsToDouble(st[S * link + OCC]);
    long busy = st[S * link + BUSY];
    long last = st[S * link + LAST];
    if (busy > last) {
      double a = busy - last;
      double b = busy > now ? busy - now : 0;
      integral += (a * a - b * b) * 0.5 * rate[link] / 8e12;
    }
    return now == 0 ? 0 : integral / now;
  }

  /** Per-port counters; ports that never carried a packet are left out. */
  Table table(Topology topo) {
    Table.Builder b =
        Table.builder("ports")
            .longColumn("link").longColumn("from").longColumn("to").longColumn("port")
            .longColumn("bytes").longColumn("packets").longColumn("drops").longColumn("marks")
            .longColumn("maxOccupancyBytes").doubleColumn("avgOccupancyBytes");
    for (int u = 0; u < topo.nodeCount(); u++) {
      for (int e = topo.firstLink(u); e < topo.firstLink(u + 1); e++) {
        if (st[S * e + PKTS] == 0 && drops[e] == 0) {
          continue;
        }
        b.row(e, u, targets[e], e - topo.firstLink(u), st[S * e + BYTES], st[S * e + PKTS], drops[e],
            marks[e], st[S * e + MAX_OCC], averageOccupancyBytes(e));
      }
    }
    return b.build();
  }
}
