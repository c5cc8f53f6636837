package org.fabriclab.sim.transport.rocev2;

import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.sim.transport.FlowSegments;
import org.fabriclab.sim.transport.Transport;
import org.fabriclab.traffic.FlowTrace;

/**
 * RoCEv2 reliable connections, one QP per flow: {@link RcQueuePairs} holds the PSN state machine,
 * {@link Dcqcn} the rate. The sender paces packets at the QP's current rate (one send event per
 * packet, starting at line rate, no handshake); the receiver coalesces ACKs, NACKs the first gap
 * (go-back-N) and returns a CNP — at most one per {@link RcConfig#cnpIntervalPs()} — for CE-marked
 * packets. A sender without progress for an RTO goes back to its first unacknowledged PSN.
 * Completion: the receiver holds the last PSN in order. O(1) per packet.
 */
public final class Rocev2Transport implements Transport {
  /** Kind offsets inside this transport's block of the network's {@code PacketKinds}. */
  static final int DATA = 0;
  static final int ACK = 1;
  static final int NACK = 2;
  static final int CNP = 3;

  private final Simulator sim;
  private final Network net;
  private final Packets pk;
  private final RcConfig cfg;
  private final FlowRecords rec;
  private final Progress progress;
  private final FlowTrace trace;
  private final int n;
  private final int[] srcNode;
  private final int[] dstNode;
  private final int[] lastPayload;
  private final RcQueuePairs qp;
  private final Dcqcn dcqcn;
  private final boolean[] pacing;
  private final long[] lastProgress;
  private final boolean[] timerPending;
  private final long[] lastCnp;
  private final int kindBase;
  private final int startHandler;
  private final int sendHandler;
  private final int timerHandler;
  private final int dcqcnHandler;
  private long dataPackets;
  private long controlPackets;
  private long cnps;

  public Rocev2Transport(Network net, RcConfig cfg, FlowTrace trace, FlowRecords rec,
      Progress progress) {
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
        new FlowSegments(t, trace, cfg.payloadBytes(), 1 << 24, "RoCEv2 PSNs are 24 bits");
    srcNode = fs.srcNode();
    dstNode = fs.dstNode();
    lastPayload = fs.lastPayload();
    int[] packets = fs.packets();
    double[] line = new double[n];
    for (int f = 0; f < n; f++) {
      line[f] = t.capacityBps(t.firstLink(srcNode[f]));
    }
    qp = new RcQueuePairs(packets, cfg.ackEvery());
    dcqcn = new Dcqcn(cfg, line);
    pacing = new boolean[n];
    lastProgress = new long[n];
    timerPending = new boolean[n];
    lastCnp = new long[n];
    java.util.Arrays.fill(lastCnp, Long.MIN_VALUE / 2);
    kindBase = net.kinds().register("rocev2", this::deliver, "DATA", "ACK", "NACK", "CNP");
    startHandler = sim.register((f, unused) -> start(f));
    sendHandler = sim.register((f, unused) -> sendNext(f));
    timerHandler = sim.register((f, unused) -> timeout(f));
    dcqcnHandler = sim.register((f, unused) -> dcqcnTimer(f));
  }

  @Override
  public void begin() {
    progress.begin("flows", n);
    if (n > 0) {
      sim.schedule(trace.startNs(0) * 1000L, startHandler, 0, 0);
    }
  }

  @Override
  public void progressEnd() {
    progress.end();
  }

  private void start(int f) {
    if (f + 1 < n) {
      sim.schedule(trace.startNs(f + 1) * 1000L, startHandler, f + 1, 0);
    }
    lastProgress[f] = sim.now();
    armTimeout(f);
    sim.after(cfg.timerPs(), dcqcnHandler, f, 0);
    pacing[f] = true;
    sendNext(f);
  }

  /** Sends the next PSN and schedules the following one at the current rate. */
  private void sendNext(int f) {
    int psn = qp.nextPsn(f);
    if (psn < 0 || qp.senderDone(f)) {
      pacing[f] = false;
      return;
    }
    int payload = psn == qp.length(f) - 1 ? lastPayload[f] : cfg.payloadBytes();
    int size = payload + cfg.headerBytes();
    if (qp.sent(f)) {
      rec.addRetransmissions(f, 1);
    }
    int p = pk.allocate(f, kindBase + DATA, psn, size, srcNode[f], dstNode[f], sim.now());
    dataPackets++;
    net.send(p);
    dcqcn.onSent(f, size);
    long gap = (long) Math.ceil(size * 8e12 / dcqcn.rateBps(f));
    sim.after(gap, sendHandler, f, 0);
  }

  private void resume(int f) {
    if (!pacing[f] && qp.nextPsn(f) >= 0) {
      pacing[f] = true;
      sendNext(f);
    }
  }

  private void armTimeout(int f) {
    if (!timerPending[f]) {
      timerPending[f] = true;
      sim.schedule(lastProgress[f] + cfg.rtoPs(), timerHandler, f, 0);
    }
  }

  private void timeout(int f) {
    timerPending[f] = false;
    if (qp.senderDone(f)) {
      return;
    }
    if (sim.now() < lastProgress[f] + cfg.rtoPs()) {
      armTimeout(f);
      return;
    }
    lastProgress[f] = sim.now();
    qp.onTimeout(f);
    resume(f);
    armTimeout(f);
  }

  private void dcqcnTimer(int f) {
    if (qp.senderDone(f)) {
      return;
    }
    dcqcn.onTimer(f);
    sim.after(cfg.timerPs(), dcqcnHandler, f, 0);
  }

  private void control(int f, int kind, int psn) {
    controlPackets++;
    net.send(pk.allocate(f, kindBase + kind, psn, cfg.headerBytes(), dstNode[f], srcNode[f], sim.now()));
  }

  private void deliver(int p, int node) {
    int f = pk.flow(p);
    int psn = pk.seq(p);
    switch (pk.kind(p) - kindBase) {
      case DATA -> {
        if ((pk.flags(p) & Packets.CE) != 0 && sim.now() - lastCnp[f] >= cfg.cnpIntervalPs()) {
          lastCnp[f] = sim.now();
          cnps++;
          control(f, CNP, 0);
        }
        switch (qp.onData(f, psn)) {
          case RcQueuePairs.ACCEPT_AND_ACK, RcQueuePairs.DUPLICATE_ACK -> control(f, ACK, qp.expected(f));
          case RcQueuePairs.NACK -> control(f, NACK, qp.expected(f));
          default -> { }
        }
        if (qp.expected(f) == qp.length(f) && rec.endPs(f) < 0) {
          rec.complete(f, sim.now());
          progress.advance(1);
          if (rec.completed() == n) {
            sim.stop();
          }
        }
      }
      case ACK -> {
        if (psn > qp.sndUna(f)) {
          lastProgress[f] = sim.now();
        }
        qp.onAck(f, psn);
      }
      case NACK -> {
        lastProgress[f] = sim.now();
        qp.onNack(f, psn);
        resume(f);
      }
      case CNP -> dcqcn.onCnp(f);
      default -> throw new IllegalStateException("unknown RoCEv2 packet kind " + pk.kind(p));
    }
    pk.free(p);
  }

  public Dcqcn dcqcn() {
    return dcqcn;
  }

  public RcQueuePairs queuePairs() {
    return qp;
  }

  public long cnps() {
    return cnps;
  }

  @Override
  public long dataPackets() {
    return dataPackets;
  }

  @Override
  public long controlPackets() {
    return controlPackets;
  }
}
