package org.fabriclab.sim.transport.ndp;

import it.unimi.dsi.fastutil.ints.IntArrayFIFOQueue;
import java.util.BitSet;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.sim.transport.FlowSegments;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.traffic.FlowTrace;

/**
 * NDP end hosts (Handley et al., "Re-architecting datacenter networks and stacks for low latency
 * and high performance", SIGCOMM 2017, §3): a sender starts with an unsolicited window of packets
 * sprayed over all paths, then sends one packet per PULL, retransmissions (NACKed packets) first.
 * The receiver ACKs each data packet, NACKs each trimmed header, and for every arrival queues one
 * PULL in its per-host pacer, which releases PULLs one data-packet time apart at its link rate,
 * so the senders' total rate matches the receiver's link. A sender that hears nothing for an RTO
 * resends its unacknowledged packets (only lost headers or control packets need this).
 * Completion: the receiver holds every packet. O(1) per packet plus the per-flow bitsets.
 */
public final class NdpTransport implements org.fabriclab.sim.transport.Transport {
  /** Kind offsets inside this transport's block of the network's {@code PacketKinds}. */
  static final int DATA = 0;
  static final int ACK = 1;
  static final int NACK = 2;
  static final int PULL = 3;

  private final Simulator sim;
  private final Network net;
  private final Packets pk;
  private final NdpConfig cfg;
  private final FlowRecords rec;
  private final Progress progress;
  private final FlowTrace trace;
  private final int n;
  private final int[] srcNode;
  private final int[] dstNode;
  private final int[] segs;
  private final int[] lastPayload;
  private final int[] nextNew;
  private final int[] ackedCount;
  private final BitSet[] acked;
  private final IntArrayFIFOQueue[] rtx;
  private final long[] lastHeard;
  private final boolean[] timerPending;
  private final BitSet[] received;
  private final int[] rcvCount;
  private final int[] hostOf;
  private final IntArrayFIFOQueue[] pulls;
  private final boolean[] pacing;
  private final long[] pullSpacing;
  private final int kindBase;
  private final NdpKinds kinds;
  private final int startHandler;
  private final int timerHandler;
  private final int paceHandler;
  private boolean stopWhenDone = true;
  private long dataPackets;
  private long controlPackets;

  public NdpTransport(Network net, NdpConfig cfg, FlowTrace trace, FlowRecords rec, Progress progress) {
    this.sim = net.simulator();
    this.net = net;
    this.pk = net.packets();
    this.cfg = cfg;
    this.rec = rec;
    this.progress = progress;
    this.trace = trace;
    n = trace.size();
    Topology t = net.topology();
    FlowSegments fs =
        new FlowSegments(t, trace, cfg.mssBytes(), Integer.MAX_VALUE / 2, "NDP sequence space");
    srcNode = fs.srcNode();
    dstNode = fs.dstNode();
    segs = fs.packets();
    lastPayload = fs.lastPayload();
    nextNew = new int[n];
    ackedCount = new int[n];
    acked = new BitSet[n];
    rtx = new IntArrayFIFOQueue[n];
    lastHeard = new long[n];
    timerPending = new boolean[n];
    received = new BitSet[n];
    rcvCount = new int[n];
    hostOf = new int[t.nodeCount()];
    int hosts = t.serverCount();
    pulls = new IntArrayFIFOQueue[hosts];
    pacing = new boolean[hosts];
    pullSpacing = new long[hosts];
    for (int h = 0; h < hosts; h++) {
      int v = t.server(h);
      hostOf[v] = h;
      pulls[h] = new IntArrayFIFOQueue();
      long rate = t.capacityBps(t.firstLink(v));
      int full = cfg.mssBytes() + cfg.headerBytes();
      pullSpacing[h] = (full * 8_000_000_000_000L + rate - 1) / rate;
    }
    kindBase = net.kinds().register("ndp", this::deliver, "DATA", "ACK", "NACK", "PULL");
    kinds = new NdpKinds(kindBase + DATA, kindBase + ACK, kindBase + NACK, kindBase + PULL);
    startHandler = sim.register((f, unused) -> start(f));
    timerHandler = sim.register((f, unused) -> timer(f));
    paceHandler = sim.register((h, unused) -> pace(h));
  }

  public void begin() {
    progress.begin("flows", n);
    if (n > 0) {
      sim.schedule(trace.startNs(0) * 1000L, startHandler, 0, 0);
    }
  }

  public void progressEnd() {
    progress.end();
  }

  private void start(int f) {
    if (f + 1 < n) {
      sim.schedule(trace.startNs(f + 1) * 1000L, startHandler, f + 1, 0);
    }
    launch(f);
  }

  /** Starts flow {@code f} of the trace now, whatever its trace start (triggered transfers). */
  @Override
  public void launch(int f) {
    acked[f] = new BitSet();
    rtx[f] = new IntArrayFIFOQueue(4);
    received[f] = new BitSet();
    lastHeard[f] = sim.now();
    for (int i = 0; i < cfg.initialWindow() && nextNew[f] < segs[f]; i++) {
      sendData(f, nextNew[f]++);
    }
    armTimer(f);
  }

  private void sendData(int f, int s) {
    int payload = s == segs[f] - 1 ? lastPayload[f] : cfg.mssBytes();
    int p = pk.allocate(f, kindBase + DATA, s, payload + cfg.headerBytes(), srcNode[f], dstNode[f], sim.now());
    dataPackets++;
    net.send(p);
  }

  private void sendControl(int f, int kind, int s, int from, int to) {
    int p = pk.allocate(f, kindBase + kind, s, cfg.headerBytes(), from, to, sim.now());
    controlPackets++;
    net.send(p);
  }

  /** One packet in answer to a PULL: a retransmission if one is owed, else new data. */
  private void sendOne(int f) {
    IntArrayFIFOQueue q = rtx[f];
    while (!q.isEmpty()) {
      int s = q.dequeueInt();
      if (!acked[f].get(s)) {
        rec.addRetransmissions(f, 1);
        sendData(f, s);
        return;
      }
    }
    if (nextNew[f] < segs[f]) {
      sendData(f, nextNew[f]++);
    }
  }

  private void armTimer(int f) {
    if (!timerPending[f]) {
      timerPending[f] = true;
      sim.schedule(lastHeard[f] + cfg.rtoPs(), timerHandler, f, 0);
    }
  }

  private void timer(int f) {
    timerPending[f] = false;
    if (ackedCount[f] == segs[f]) {
      return;
    }
    long due = lastHeard[f] + cfg.rtoPs();
    if (sim.now() < due) {
      armTimer(f);
      return;
    }
    lastHeard[f] = sim.now();
    for (int s = acked[f].nextClearBit(0); s < nextNew[f]; s = acked[f].nextClearBit(s + 1)) {
      rtx[f].enqueue(s);
    }
    for (int i = 0; i < cfg.initialWindow(); i++) {
      sendOne(f);
    }
    armTimer(f);
  }

  private void deliver(int p, int node) {
    int f = pk.flow(p);
    int s = pk.seq(p);
    switch (pk.kind(p) - kindBase) {
      case DATA -> receive(f, s, (pk.flags(p) & Packets.TRIMMED) != 0);
      case ACK -> {
        lastHeard[f] = sim.now();
        if (!acked[f].get(s)) {
          acked[f].set(s);
          ackedCount[f]++;
        }
      }
      case NACK -> {
        lastHeard[f] = sim.now();
        if (!acked[f].get(s)) {
          rtx[f].enqueue(s);
        }
      }
      case PULL -> sendOne(f);
      default -> throw new IllegalStateException("unknown NDP packet kind " + pk.kind(p));
    }
    pk.free(p);
  }

  private void receive(int f, int s, boolean trimmed) {
    if (trimmed) {
      sendControl(f, NACK, s, dstNode[f], srcNode[f]);
    } else {
      if (received[f] == null) { // the sender's launch ran in another logical process (sim.parallel)
        received[f] = new BitSet();
      }
      if (!received[f].get(s)) {
        received[f].set(s);
        if (++rcvCount[f] == segs[f]) {
          rec.complete(f, sim.now());
          progress.advance(1);
          if (stopWhenDone && rec.completed() == n) {
            sim.stop();
          }
        }
      }
      sendControl(f, ACK, s, dstNode[f], srcNode[f]);
    }
    if (rcvCount[f] < segs[f]) {
      int h = hostOf[dstNode[f]];
      pulls[h].enqueue(f);
      if (!pacing[h]) {
        pacing[h] = true;
        pace(h);
      }
    }
  }

  /** Releases one PULL of receiving host {@code h}, then waits one data-packet time. */
  private void pace(int h) {
    IntArrayFIFOQueue q = pulls[h];
    while (!q.isEmpty()) {
      int f = q.dequeueInt();
      if (rcvCount[f] < segs[f]) {
        sendControl(f, PULL, 0, dstNode[f], srcNode[f]);
        sim.after(pullSpacing[h], paceHandler, h, 0);
        return;
      }
    }
    pacing[h] = false;
  }

  /** Stop the simulator when every flow is done (default true; false when sharing a network). */
  @Override
  public void setStopWhenDone(boolean stop) {
    stopWhenDone = stop;
  }

  /** This transport's packet kinds on its network. */
  public NdpKinds kinds() {
    return kinds;
  }

  public long dataPackets() {
    return dataPackets;
  }

  public long controlPackets() {
    return controlPackets;
  }

  /** Packets the receiver of flow {@code f} holds. */
  public int received(int f) {
    return rcvCount[f];
  }
}
