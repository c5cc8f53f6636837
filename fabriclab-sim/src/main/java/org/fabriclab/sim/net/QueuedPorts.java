package org.fabriclab.sim.net;

import java.util.Arrays;
import org.fabriclab.sim.packet.Packets;

/**
 * Ports with explicit queues, for what the departure-time FIFO cannot express: two strict-priority
 * classes, NDP trimming and PFC. A packet joins the high class when flagged
 * {@link Packets#PRIORITY}, or (with trimming) when it is header only; low-class packets leave only
 * when the high class is empty. A transmit-complete event is scheduled only while packets wait, so
 * a packet that finds its port idle costs one event per hop.
 *
 * <p>Trimming (NDP, Handley et al., SIGCOMM 2017, §3.1): a switch port keeps at most n data
 * packets; a further one is cut to its header and joins the high class (bounded in bytes). Host
 * NICs neither trim nor drop. Port behaviour follows {@link PortRole}: only {@code HOST_NIC} ports
 * are exempt from dropping, marking and trimming; a direct-connect node's port (torus) behaves as
 * a switch port.
 *
 * <p>PFC (IEEE 802.1Qbb, simplified to one class): a switch counts the bytes it holds per ingress
 * link; at {@code xoff} it pauses that link's upstream port, at {@code xon} it resumes it, each
 * after the link's propagation delay (the pause frame's flight). A paused port finishes its
 * current packet and sends nothing more. With PFC on nothing is dropped. The buffer is split
 * among a node's ingress links: each pauses at {@code min(xoff, buffer / ingress links)} (and
 * resumes at {@code min(xon, that / 2)}), so a port never holds more than its buffer plus the
 * headroom of the node's ingress links (the bytes in flight while a pause frame travels: about
 * {@code 2 · delay · rate + 2 MTU} each). Before, each ingress link could hold {@code xoff} and a
 * port of a node with many inputs grew past its buffer.
 *
 * <p>Shared-buffer MMU (optional, {@link NetworkConfig#sharedBufferBytes()}, as a switch's MMU
 * separate from its queues): a node's non-NIC ports draw on one pool — ingress accounting per
 * link (above) and egress accounting per port and per node; without PFC a packet that would take
 * the node past the pool is dropped (each port keeps its own bound too), with PFC the ingress
 * thresholds split the pool. Copies are enqueued like any packet, so they are charged too. Without PFC or trimming,
 * ports are drop-tail at the byte bound. ECN: CE when the port already holds at least the
 * threshold.
 */
final class QueuedPorts {
  private final Network net;
  private final Ports ports;
  private final int arrive;
  private final Packets pk;
  private final NetworkConfig cfg;
  private final int limit;
  private final boolean trimming;
  private final boolean pfc;
  private final boolean[] hostPort;
  private final int[] hiHead;
  private final int[] hiTail;
  private final int[] loHead;
  private final int[] loTail;
  private final int[] loCount;
  private final long[] queued;
  private final long[] queuedHi;
  private final long[] busyUntil;
  private final boolean[] wakeup;
  private final boolean[] paused;
  private final long[] ingressBytes;
  private final boolean[] pausing;
  private final long[] xoff;
  private final long shared;
  private final int[] owner;
  private final long[] nodeHeld;
  private final long[] maxNodeHeld;
  private final long[] xon;
  private final boolean red;
  private final int txDone;
  private final int pauseHandler;
  private long pauses;

  QueuedPorts(Network net, Ports ports, int arrive, Packets pk, NetworkConfig cfg, int links,
      PortRole[] roles) {
    this.net = net;
    this.ports = ports;
    this.arrive = arrive;
    this.pk = pk;
    this.cfg = cfg;
    trimming = cfg.trimPackets() > 0;
    limit = trimming ? cfg.trimPackets() : Integer.MAX_VALUE;
    pfc = cfg.pfcXoffBytes() > 0;
    red = cfg.ecnKminBytes() > 0;
    hostPort = new boolean[links];
    for (int e = 0; e < links; e++) {
      hostPort[e] = roles[e] == PortRole.HOST_NIC;
    }
    hiHead = filled(links);
    hiTail = filled(links);
    loHead = filled(links);
    loTail = filled(links);
    loCount = new int[links];
    queued = new long[links];
    queuedHi = new long[links];
    busyUntil = new long[links];
    wakeup = new boolean[links];
    paused = new boolean[links];
    ingressBytes = new long[links];
    pausing = new boolean[links];
    shared = cfg.sharedBufferBytes();
    var topo = net.topology();
    owner = new int[links];
    for (int e = 0; e < links; e++) {
      owner[e] = topo.source(e);
    }
    nodeHeld = new long[topo.nodeCount()];
    maxNodeHeld = new long[topo.nodeCount()];
    xoff = new long[pfc ? links : 0];
    xon = new long[pfc ? links : 0];
    if (pfc) {
      var t = net.topology();
      int[] ingress = new int[t.nodeCount()];
      for (int e = 0; e < links; e++) {
        ingress[t.target(e)]++;
      }
      for (int e = 0; e < links; e++) {
        long pool = shared > 0 ? shared : cfg.bufferBytes();
        xoff[e] = Math.max(1, Math.min(cfg.pfcXoffBytes(), pool / ingress[t.target(e)]));
        xon[e] = Math.min(cfg.pfcXonBytes(), xoff[e] / 2);
      }
    }
    txDone = net.simulator().register((link, unused) -> {
      wakeup[link] = false;
      transmitNext(link);
    });
    pauseHandler = net.simulator().register(this::setPaused);
  }

  private static int[] filled(int n) {
    int[] a = new int[n];
    Arrays.fill(a, -1);
    return a;
  }

  /** PAUSE (on = 1) or RESUME (on = 0) frames that reached the upstream port. */
  long pauses() {
    return pauses;
  }

  void enqueue(int p, int link) {
    boolean trimmedOrHeader = trimming
        && (pk.size(p) <= cfg.trimmedBytes() || pk.hasFlag(p, Packets.TRIMMED));
    boolean high = trimmedOrHeader || (cfg.priorityQueues() && pk.hasFlag(p, Packets.PRIORITY));
    if (!high && trimming && !hostPort[link] && loCount[link] >= limit) {
      net.countTrim(link, pk.size(p) - cfg.trimmedBytes());
      pk.resize(p, cfg.trimmedBytes());
      pk.addFlag(p, Packets.TRIMMED);
      high = true;
    }
    if (!pfc && !hostPort[link]) {
      long held = trimming ? queuedHi[link] : queued[link];
      if ((high || !trimming) && held + pk.size(p) > cfg.bufferBytes()) {
        net.dropAt(p, link);
        return;
      }
      if (shared > 0 && nodeHeld[owner[link]] + pk.size(p) > shared) {
        net.dropAt(p, link);
        return;
      }
    }
    if (!hostPort[link] && !red && ports.ecnMark(queued[link], link)) {
      pk.addFlag(p, Packets.CE);
      ports.countMark(link);
    }
    pk.setNext(p, -1);
    if (high) {
      if (hiTail[link] < 0) {
        hiHead[link] = p;
      } else {
        pk.setNext(hiTail[link], p);
      }
      hiTail[link] = p;
      queuedHi[link] += pk.size(p);
    } else {
      if (loTail[link] < 0) {
        loHead[link] = p;
      } else {
        pk.setNext(loTail[link], p);
      }
      loTail[link] = p;
      loCount[link]++;
    }
    queued[link] += pk.size(p);
    if (!hostPort[link]) {
      int u = owner[link];
      nodeHeld[u] += pk.size(p);
      if (nodeHeld[u] > maxNodeHeld[u]) {
        maxNodeHeld[u] = nodeHeld[u];
      }
    }
    ports.noteOccupancy(link, queued[link]);
    int in = pk.inLink(p);
    if (pfc && in >= 0) {
      ingressBytes[in] += pk.size(p);
      if (!pausing[in] && ingressBytes[in] >= xoff[in]) {
        pausing[in] = true;
        sendPause(in, 1);
      }
    }
    kick(link);
  }

  private void kick(int link) {
    if (wakeup[link] || paused[link]) {
      return;
    }
    long now = net.simulator().now();
    if (now >= busyUntil[link]) {
      transmitNext(link);
    } else {
      wakeup[link] = true;
      net.simulator().schedule(busyUntil[link], txDone, link, 0);
    }
  }

  /**
   * A PAUSE ({@code on} = 1) or RESUME frame to the upstream port of ingress link {@code in}, there
   * after the link's propagation delay; across a cut it travels to the upstream node's logical
   * process ({@link CutSink#pause}).
   */
  private void sendPause(int in, int on) {
    if (ports.isCut(in)) {
      ports.pauseCut(in, on, net.simulator().now() + ports.delay[in]);
    } else {
      net.simulator().after(ports.delay[in], pauseHandler, in, on);
    }
  }

  /** A pause frame from another logical process reaches the upstream port {@code link} at {@code atPs}. */
  void importPause(int link, int on, long atPs) {
    net.simulator().schedule(atPs, pauseHandler, link, on);
  }

  private void setPaused(int link, int on) {
    pauses++;
    paused[link] = on == 1;
    if (!paused[link] && (hiHead[link] >= 0 || loHead[link] >= 0)) {
      kick(link);
    }
    notifyReady(link);
  }

  /** Most bytes node {@code u}'s non-NIC ports held together (the shared-buffer occupancy). */
  long maxNodeHeld(int u) {
    return maxNodeHeld[u];
  }

  long queued(int link) {
    return queued[link];
  }

  boolean paused(int link) {
    return paused[link];
  }

  long busyUntil(int link) {
    return busyUntil[link];
  }

  /** Idle, empty and not paused: a host may inject without its packet waiting. */
  boolean ready(int link) {
    return !paused[link] && hiHead[link] < 0 && loHead[link] < 0
        && busyUntil[link] <= net.simulator().now();
  }

  private void notifyReady(int link) {
    if (hostPort[link]) {
      ports.notifyReady(link);
    }
  }

  private void transmitNext(int link) {
    if (paused[link]) {
      return;
    }
    int p = hiHead[link];
    if (p >= 0) {
      hiHead[link] = pk.next(p);
      if (hiHead[link] < 0) {
        hiTail[link] = -1;
      }
      queuedHi[link] -= pk.size(p);
    } else {
      p = loHead[link];
      if (p < 0) {
        return;
      }
      loHead[link] = pk.next(p);
      if (loHead[link] < 0) {
        loTail[link] = -1;
      }
      loCount[link]--;
    }
    if (red && !hostPort[link] && ports.ecnMark(queued[link], link)) {
      pk.addFlag(p, Packets.CE);
      ports.countMark(link);
    }
    queued[link] -= pk.size(p);
    if (!hostPort[link]) {
      nodeHeld[owner[link]] -= pk.size(p);
    }
    int in = pk.inLink(p);
    if (pfc && in >= 0) {
      ingressBytes[in] -= pk.size(p);
      if (pausing[in] && ingressBytes[in] <= xon[in]) {
        pausing[in] = false;
        sendPause(in, 0);
      }
    }
    long done = ports.transmit(p, link, arrive);
    busyUntil[link] = done;
    if (hiHead[link] >= 0 || loHead[link] >= 0) {
      wakeup[link] = true;
      net.simulator().schedule(done, txDone, link, 0);
    }
  }
}
