package org.fabriclab.sim.net;

import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.table.Table;

/**
 * The statistics a {@link Network} reports: the counters its per-packet path keeps (link
 * traversals, unroutable drops, trimmed bytes), the {@link Accounting} totals, and the per-port
 * counters and occupancies of its {@link Ports} or {@link QueuedPorts}.
 *
 * <p>The middle layer of {@link Network} (above {@link NetworkWiring}), split by file for size:
 * the counters are fields written directly by the per-packet path in {@link Network}; only
 * {@link Network} is instantiated.
 */
abstract sealed class NetworkStatistics extends NetworkWiring permits Network {
  long unroutableDrops;
  long packetHops;
  long trimmedBytes;

  NetworkStatistics(Simulator sim, Topology topo, EcmpTable ecmp, Packets packets, NetworkConfig cfg) {
    super(sim, topo, ecmp, packets, cfg);
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

  /** PFC pause and resume frames received so far (0 without PFC). */
  public long pfcFrames() {
    return trim == null ? 0 : trim.pauses();
  }

  /** Payload bytes cut off by trimming ports (part of {@link Accounting#droppedBytes()}). */
  public long trimmedBytes() {
    return trimmedBytes;
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
