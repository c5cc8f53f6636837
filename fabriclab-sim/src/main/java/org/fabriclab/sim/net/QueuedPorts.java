package org.fabriclab.sim.net;

import java.util.Arrays;

/**
 * Ports with explicit queues, for what the departure-time FIFO cannot express: two strict-priority
 * classes, NDP trimming and PFC. A packet joins the high class when flagged
 * {@link Packets#PRIORITY}, or (with trimming) when it is header only; low-class packets leave only
 * when the high class is empty. A transmit-complete event is scheduled only while packets wait, so
 * a packet that finds its port idle costs one event per hop.
 *
 * <p>Trimming (NDP, Handley et al., SIGCOMM 2017, §3.1): a switch port keeps at most n data
 * packets; a further one is cut to its header and joins the high class (bounded in bytes). Host
 * NICs neither trim nor drop.
 *
 * <p>PFC (IEEE 802.1Qbb, simplified to one class): a switch counts the bytes it holds per ingress
 * link; at {@code xoff} it pauses that link's upstream port, at {@code xon} it resumes it, each
 * after the link's propagation delay (the pause frame's flight). A paused port finishes its
 * current packet and sends nothing more. With PFC on nothing is dropped. Without PFC or trimming,
 * ports are drop-tail at the byte bound. ECN: CE when the port already holds at least the
 * threshold.
 */
final class QueuedPorts {
  private final Network net;
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
  private final int txDone;
  private final int pauseHandler;
  private long pauses;

  QueuedPorts(Network net, Packets pk, NetworkConfig cfg, int links) {
    this.net = net;
    this.pk = pk;
    this.cfg = cfg;
    trimming = cfg.trimPackets() > 0;
    limit = trimming ? cfg.trimPackets() : Integer.MAX_VALUE;
    pfc = cfg.pfcXoffBytes() > 0;
    var t = net.topology();
    hostPort = new boolean[links];
    for (int u = 0; u < t.nodeCount(); u++) {
      if (t.isServer(u)) {
        for (int e = t.firstLink(u); e < t.firstLink(u + 1); e++) {
          hostPort[e] = true;
        }
      }
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
        && (pk.size[p] <= cfg.trimmedBytes() || (pk.flags[p] & Packets.TRIMMED) != 0);
    boolean high = trimmedOrHeader || (cfg.priorityQueues() && (pk.flags[p] & Packets.PRIORITY) != 0);
    if (!high && trimming && !hostPort[link] && loCount[link] >= limit) {
      net.countTrim(link, pk.size[p] - cfg.trimmedBytes());
      pk.resize(p, cfg.trimmedBytes());
      pk.flags[p] |= Packets.TRIMMED;
      high = true;
    }
    if (!pfc && !hostPort[link]) {
      long held = trimming ? queuedHi[link] : queued[link];
      if ((high || !trimming) && held + pk.size[p] > cfg.bufferBytes()) {
        net.dropAt(p, link);
        return;
      }
    }
    if (!hostPort[link] && queued[link] >= cfg.ecnThresholdBytes()) {
      pk.flags[p] |= Packets.CE;
      net.countMark(link);
    }
    pk.queueNext[p] = -1;
    if (high) {
      if (hiTail[link] < 0) {
        hiHead[link] = p;
      } else {
        pk.queueNext[hiTail[link]] = p;
      }
      hiTail[link] = p;
      queuedHi[link] += pk.size[p];
    } else {
      if (loTail[link] < 0) {
        loHead[link] = p;
      } else {
        pk.queueNext[loTail[link]] = p;
      }
      loTail[link] = p;
      loCount[link]++;
    }
    queued[link] += pk.size[p];
    net.noteOccupancy(link, queued[link]);
    int in = pk.inLink[p];
    if (pfc && in >= 0) {
      ingressBytes[in] += pk.size[p];
      if (!pausing[in] && ingressBytes[in] >= cfg.pfcXoffBytes()) {
        pausing[in] = true;
        net.simulator().after(net.delayPs(in), pauseHandler, in, 1);
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

  private void setPaused(int link, int on) {
    pauses++;
    paused[link] = on == 1;
    if (!paused[link] && (hiHead[link] >= 0 || loHead[link] >= 0)) {
      kick(link);
    }
  }

  private void transmitNext(int link) {
    if (paused[link]) {
      return;
    }
    int p = hiHead[link];
    if (p >= 0) {
      hiHead[link] = pk.queueNext[p];
      if (hiHead[link] < 0) {
        hiTail[link] = -1;
      }
      queuedHi[link] -= pk.size[p];
    } else {
      p = loHead[link];
      if (p < 0) {
        return;
      }
      loHead[link] = pk.queueNext[p];
      if (loHead[link] < 0) {
        loTail[link] = -1;
      }
      loCount[link]--;
    }
    queued[link] -= pk.size[p];
    int in = pk.inLink[p];
    if (pfc && in >= 0) {
      ingressBytes[in] -= pk.size[p];
      if (pausing[in] && ingressBytes[in] <= cfg.pfcXonBytes()) {
        pausing[in] = false;
        net.simulator().after(net.delayPs(in), pauseHandler, in, 0);
      }
    }
    long done = net.transmit(p, link);
    busyUntil[link] = done;
    if (hiHead[link] >= 0 || loHead[link] >= 0) {
      wakeup[link] = true;
      net.simulator().schedule(done, txDone, link, 0);
    }
  }
}
