package org.fabriclab.sim.net;

/**
 * NDP's switch ports (Handley et al., SIGCOMM 2017, §3.1): each port has a data queue of at most
 * {@code n} packets and a strict-priority queue for headers and control packets. A data packet
 * that finds the data queue full is trimmed to its header and joins the priority queue, so payload
 * is cut but the receiver still learns what was sent; the priority queue is bounded in bytes
 * (drop-tail beyond). Host NIC ports neither trim nor drop (the sender paces itself by pulls). Explicit queues need a transmit-complete event,
 * but only while packets wait: a packet that finds its port idle costs one event per hop. Queues are linked lists through {@link Packets}' queue field.
 */
final class TrimmingPorts {
  private final Network net;
  private final Packets pk;
  private final int limit;
  private final int trimmedBytes;
  private final long bound;
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
  private final int txDone;

  TrimmingPorts(Network net, Packets pk, NetworkConfig cfg, int links) {
    this.net = net;
    this.pk = pk;
    limit = cfg.trimPackets();
    trimmedBytes = cfg.trimmedBytes();
    bound = cfg.bufferBytes();
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
    txDone = net.simulator().register((link, unused) -> {
      wakeup[link] = false;
      transmitNext(link);
    });
  }

  private static int[] filled(int n) {
    int[] a = new int[n];
    java.util.Arrays.fill(a, -1);
    return a;
  }

  /** Data packets are those bigger than a header and not yet trimmed. */
  void enqueue(int p, int link) {
    boolean data = pk.size[p] > trimmedBytes && (pk.flags[p] & Packets.TRIMMED) == 0;
    if (data && !hostPort[link] && loCount[link] >= limit) {
      net.countTrim(link, pk.size[p] - trimmedBytes);
      pk.resize(p, trimmedBytes);
      pk.flags[p] |= Packets.TRIMMED;
      data = false;
    }
    if (!data && !hostPort[link] && queuedHi[link] + pk.size[p] > bound) {
      net.dropAt(p, link);
      return;
    }
    pk.queueNext[p] = -1;
    if (data) {
      if (loTail[link] < 0) {
        loHead[link] = p;
      } else {
        pk.queueNext[loTail[link]] = p;
      }
      loTail[link] = p;
      loCount[link]++;
    } else {
      if (hiTail[link] < 0) {
        hiHead[link] = p;
      } else {
        pk.queueNext[hiTail[link]] = p;
      }
      hiTail[link] = p;
      queuedHi[link] += pk.size[p];
    }
    queued[link] += pk.size[p];
    net.noteOccupancy(link, queued[link]);
    if (wakeup[link]) {
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

  private void transmitNext(int link) {
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
    long done = net.transmit(p, link);
    busyUntil[link] = done;
    if (hiHead[link] >= 0 || loHead[link] >= 0) {
      wakeup[link] = true;
      net.simulator().schedule(done, txDone, link, 0);
    }
  }
}
