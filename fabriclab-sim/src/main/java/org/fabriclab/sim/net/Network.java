package org.fabriclab.sim.net;

import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.packet.PacketKinds;
import org.fabriclab.sim.packet.Packets;

/**
 * A simulated network built from a {@link Topology}: every directed link is an output-queued port
 * of its tail node (host NICs included) with the link's rate and propagation delay,
 * store-and-forward. Each node's forwarding logic is a {@link SwitchElement} (default: ECMP /
 * spray / source routes, {@link DefaultRouting}), bound from outside ({@link #setElement}; a
 * {@code sim.assembly} description binds them by node set, the passive splitter included), which
 * sees every packet at the node with its ingress link. A splitter's output ports
 * ({@link PortRole#SPLITTER}) have no queue: a packet put there passes through. The pipeline of a packet at a node
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
 *
 * <p>This file holds the per-packet path (injection, arrival, the element actions, routing,
 * enqueueing, drops) and the port-state queries of the hosts' NIC schedulers; construction,
 * configuration and accessors are in {@link NetworkWiring}, the statistics in
 * {@link NetworkStatistics}: package-private sealed layers, each the superclass of the next, so
 * the per-packet path reads their fields directly.
 */
public final class Network extends NetworkStatistics {
  private PacketTap tap;

  public Network(Simulator sim, Topology topo, EcmpTable ecmp, Packets packets, NetworkConfig cfg) {
    super(sim, topo, ecmp, packets, cfg);
  }

  /** Shows every packet arriving over a link to {@code t} (null: none, the default); one test per arrival. */
  public void setTap(PacketTap t) {
    tap = t;
  }

  /**
   * The prefetcher's second stage (performance, no effect): for a packet {@code p} that will arrive
   * over {@code link} in the bucket just made current, at a switch with the default element and
   * per-flow ECMP, the output port it will take is computed now (the packet's record was fetched a
   * bucket ago) and its port record read, for the whole bucket at once: the hop's last dependent
   * cache miss. Spraying (which advances a counter) and source routes are left out.
   */
  @Override
  int touchNextPort(int p, int link) {
    int node = targets[link];
    if (!routeAhead || elements[node] != null || node == packets.dst(p)) {
      return 0;
    }
    int out = routing.link(p, node);
    return out < 0 ? 0 : ports.touch(out);
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

  @Override
  void arrive(int p, int link) {
    if (tap != null) {
      tap.arrived(p, link);
    }
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
    if (ports.isCut(link)) {
      ports.departCut(p, link, sim.now() + delay[link]);
    } else {
      sim.schedule(sim.now() + delay[link], arrive, p, link);
    }
  }

  /**
   * Partitions this network ({@code sim.parallel}): a packet that leaves over a link with
   * {@code cut[link]} (its far end belongs to another logical process) goes to {@code sink} with
   * its arrival time instead of being scheduled here, counted as exported and freed once the sink
   * returns. Call before the run.
   */
  public void setCut(boolean[] cut, CutSink sink) {
    if (cut.length != topo.linkCount()) {
      throw new IllegalArgumentException("cut has " + cut.length + " links, the topology "
          + topo.linkCount());
    }
    ports.setCut(cut, new CutSink() {
      @Override
      public void depart(int p, int link, long at) {
        acct.exportedPackets++;
        acct.exportedBytes += packets.size(p);
        sink.depart(p, link, at);
        packets.free(p);
      }

      @Override
      public void pause(int link, int on, long at) {
        sink.pause(link, on, at);
      }
    });
  }

  /** A PFC frame from another logical process reaches the upstream port {@code link} at {@code atPs}. */
  public void importPause(int link, int on, long atPs) {
    if (trim == null) {
      throw new IllegalStateException("a pause frame for link " + link + " without PFC ports");
    }
    trim.importPause(link, on, atPs);
  }

  /**
   * A packet exported by another logical process ({@link org.fabriclab.sim.packet.Packets#export}
   * wrote it at {@code buf[off..]}) arrives over {@code link} at {@code atPs} (not before now):
   * restored into this network's pool, counted as imported, its arrival scheduled.
   */
  public void importArrival(int[] buf, int off, int link, long atPs) {
    int p = packets.restore(buf, off);
    acct.importedPackets++;
    acct.importedBytes += packets.size(p);
    sim.schedule(atPs, arrive, p, link);
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

  @Override
  void enqueueNow(int p, int link) {
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

  void countTrim(int link, int bytesCut) {
    ports.countMark(link);
    trimmedBytes += bytesCut;
    acct.droppedBytes += bytesCut;
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
}
