package org.fabriclab.sim.transport.rocev2;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.host.EgressSource;
import org.fabriclab.sim.host.NicScheduler;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.sim.transport.Transport;
import org.fabriclab.traffic.FlowTrace;

/**
 * RoCEv2 reliable connections. A table of queue pairs keyed by QPN (Tx side at the source host, Rx
 * side at the destination) — {@link RcQueuePairs} holds the PSN state machine, {@link Dcqcn} the
 * rate — each with a FIFO of work requests (messages): {@link #postSend} appends a message to a
 * QP's PSN stream, and the application hears {@link RdmaCompletions} when the receiver holds it in
 * order and when the sender has it acknowledged.
 *
 * <p>Data leaves through the host's {@link NicScheduler} (the RNIC arbiter: round-robin over the
 * host's active QPs, each paced at its DCQCN rate, one packet whenever the NIC is free and not
 * PFC-paused), so a host never drops its own packets; ACKs, NACKs and CNPs are sent at once with
 * the priority flag. The receiver coalesces ACKs — one cumulative ACK per {@link RcConfig#ackEvery()}
 * in-order packets and one on every packet with {@link Packets#ACK_REQ}, which the sender sets on
 * each message's last packet (so the receiver needs no message boundaries: in-network copies keep
 * the flag) — NACKs the first gap (go-back-N), ACKs a duplicate at once and returns a
 * CNP — at most one per {@link RcConfig#cnpIntervalPs()} — for CE-marked packets. A QP without
 * progress for an RTO goes back to its first unacknowledged PSN. No handshake.
 * Limitation: coalescing has no timer, so a sender slower than {@code ackEvery} packets per RTO
 * (4 × 1,088 B per 1 ms ≈ 35 Mb/s with the defaults; DCQCN's floor is 10 Mb/s) sees no progress
 * between two ACKs and its RTO resends up to {@code ackEvery − 1} delivered packets.
 *
 * <p>For in-network multicast (seed 002, Gleam): {@link #createReceiveQp} / {@link #postReceive}
 * make a QP with a receive side only (its peer a group address), and
 * {@link #postSend(int, long, long, int)} adds header bytes to a message's first packet (a WRITE's
 * RETH).
 *
 * <p>Trace mode (the constructor with a {@link FlowTrace}, {@link TraceFlows}): one QP per flow at
 * its start time, carrying the flow as messages of at most 2^31 bytes (an RC message's maximum);
 * the flow completes when its last message does on the receiver. PSNs are counted without
 * wrapping: on the wire they are 24 bits, modulo 2^24, and a receiver's serial-number comparison
 * recovers the unwrapped value while fewer than 2^23 packets are outstanding (a QP's window at
 * DCQCN rates is a few bandwidth-delay products), so a flow may exceed 2^24 packets.
 * O(1) per packet (plus the QP's outstanding messages when a packet's payload is looked up).
 *
 * <p>State layout (for millions of QPs, e.g. Gleam's HPL ring + long at 128 × 128): a QP's ints share
 * a record of {@link RcQueuePairs}, its times and work requests one of {@link WorkRequests}, its rate
 * one of {@link Dcqcn}: a packet's send, delivery or ACK touches a few cache lines, not one per field.
 */
public final class Rocev2Transport implements Transport, EgressSource {
  /** Kind offsets inside this transport's block of the network's {@code PacketKinds}. */
  static final int DATA = 0;
  static final int ACK = 1;
  static final int NACK = 2;
  static final int CNP = 3;

  private final Simulator sim;
  private final Network net;
  private final Packets pk;
  private final RcConfig cfg;
  private final NicScheduler nic;
  private final int kindBase;
  private final Rocev2Kinds kinds;
  private final int timerHandler;
  private final int dcqcnHandler;
  private final RcQueuePairs qp;
  private final Dcqcn dcqcn;
  private final WorkRequests wr = new WorkRequests();
  // this transport's slots of a QP's int record (qp.rec, RcQueuePairs.STRIDE ints per QP)
  private static final int S = RcQueuePairs.STRIDE;
  private static final int SRC = RcQueuePairs.OWNER;
  private static final int DST = SRC + 1;
  private static final int HANDLE = SRC + 2;
  private static final int TIMER_PENDING = SRC + 3; // 0 or 1
  private static final int DCQCN_RUNNING = SRC + 4; // 0 or 1
  // and of its long record (wr.rec, WorkRequests.STRIDE longs per QP)
  private static final int L = WorkRequests.STRIDE;
  private static final int NEXT_SEND = WorkRequests.OWNER;
  private static final int LAST_PROGRESS = NEXT_SEND + 1;
  private static final int LAST_CNP = NEXT_SEND + 2;
  private RdmaCompletions completions = (q, id, t) -> { };
  private long dataPackets;
  private long controlPackets;
  private long cnps;
  private final TraceFlows flows; // trace mode, else null
  private final Progress progress;

  /** Trace mode: one QP per flow of {@code trace}, its own NIC scheduler. */
  public Rocev2Transport(Network net, RcConfig cfg, FlowTrace trace, FlowRecords rec,
      Progress progress) {
    this(net, cfg, new NicScheduler(net), trace, rec, progress);
  }

  /** Trace mode on a shared NIC scheduler. */
  public Rocev2Transport(Network net, RcConfig cfg, NicScheduler nic, FlowTrace trace,
      FlowRecords rec, Progress progress) {
    this.sim = net.simulator();
    this.net = net;
    this.pk = net.packets();
    this.cfg = cfg;
    this.qp = new RcQueuePairs(new int[0], cfg.ackEvery());
    this.nic = nic;
    this.progress = progress;
    this.dcqcn = new Dcqcn(cfg, new double[0]);
    kindBase = net.kinds().register("rocev2", this::deliver, "DATA", "ACK", "NACK", "CNP");
    kinds = new Rocev2Kinds(kindBase + DATA, kindBase + ACK, kindBase + NACK, kindBase + CNP);
    timerHandler = sim.register((q, unused) -> timeout(q));
    dcqcnHandler = sim.register((q, unused) -> dcqcnTimer(q));
    flows = trace == null ? null : new TraceFlows(this, net, cfg, trace, rec, progress);
    if (flows != null) {
      // trace mode creates a queue pair per flow at its launch: size the tables once, so launches
      // triggered mid-run (a collective's dependencies) allocate nothing
      qp.reserve(trace.size());
      wr.reserve(trace.size());
      dcqcn.reserve(qp.size() + trace.size());
      nic.reserve(trace.size());
      completions = (q, id, t) -> flows.done(id, t);
    }
  }

  /**
   * Trace mode: flows are carried as messages of at most {@code bytes} instead of 2^31 (tests use
   * small ones); call before the first flow starts.
   */
  void maxMessageBytes(long bytes) {
    flows.maxMessage(bytes);
  }

  /** Application mode: QPs and messages come from {@link #createQp} and {@link #postSend}. */
  public Rocev2Transport(Network net, RcConfig cfg, NicScheduler nic) {
    this(net, cfg, nic, null, null, Progress.NONE);
  }

  /** Where work-request completions go (application mode). */
  public void setCompletions(RdmaCompletions c) {
    completions = c;
  }

  /** Trace mode: stop the simulator when every flow is done (default true). */
  @Override
  public void setStopWhenDone(boolean stop) {
    if (flows != null) {
      flows.setStopWhenDone(stop);
    }
  }

  /** Creates a reliable connection from host node {@code src} to {@code dst}; returns its QPN. */
  public int createQp(int src, int dst) {
    int q = addQp(src, dst);
    qp.rec[q * S + HANDLE] = nic.register(this, q, src);
    return q;
  }

  private int addQp(int src, int dst) {
    int q = qp.add();
    if (wr.add() != q) {
      throw new IllegalStateException("queue pair tables out of step at QPN " + q);
    }
    qp.rec[q * S + SRC] = src;
    qp.rec[q * S + DST] = dst;
    wr.rec[q * L + LAST_CNP] = Long.MIN_VALUE / 2;
    dcqcn.add(q, net.topology().capacityBps(net.topology().firstLink(src)));
    return q;
  }

  /**
   * Creates a receive-only queue pair at host node {@code host}: a QP with no sender in this
   * transport, whose peer is not a host — e.g. a multicast group's address, where an in-network
   * element (seed 002 §3.3, Gleam's switch) rewrites the group's data to this QPN. Its receiver
   * ACKs, NACKs and sends CNPs like any QP's, addressed to node {@code feedbackTo} (the engine routes
   * only to hosts: a node on the way to the group's source, where an element intercepts them).
   * Messages are announced by {@link #postReceive}; {@link #postSend} on it is an error. The QP is
   * never registered with the NIC; {@link #qpSource} is {@code feedbackTo}, {@link #qpDestination}
   * {@code host}. Additive: QPNs come from the same sequence as {@link #createQp}'s.
   */
  public int createReceiveQp(int host, int feedbackTo) {
    int q = addQp(feedbackTo, host);
    qp.rec[q * S + HANDLE] = -1;
    return q;
  }

  /** True for a QP made by {@link #createReceiveQp}. */
  public boolean isReceiveOnly(int qpn) {
    return qp.rec[qpn * S + HANDLE] < 0;
  }

  /**
   * A receive work request on receive-only QP {@code qpn}: the next {@code bytes} (≥ 1) of its PSN
   * stream form one message; {@link RdmaCompletions#receiveComplete} reports {@code wrId} when the
   * receiver holds all of it in order. O(1).
   */
  public void postReceive(int qpn, long bytes, long wrId) {
    if (qpn < 0 || qpn >= qp.size() || !isReceiveOnly(qpn)) {
      throw new InvalidParameterException("qpn", qpn,
          "a receive-only queue pair (createReceiveQp); a sender's postSend announces its receiver's messages");
    }
    wr.post(qp, qpn, bytes, cfg.payloadBytes(), wrId, 0);
  }

  /** Appends a message of {@code bytes} (≥ 1) to QP {@code qpn}'s send queue. */
  public void postSend(int qpn, long bytes, long id) {
    postSend(qpn, bytes, id, 0);
  }

  /**
   * {@link #postSend(int, long, long)} whose first packet carries {@code firstPacketExtraBytes}
   * more header bytes (0..4096), on every transmission of it: e.g. an RDMA WRITE's RETH, 16 B
   * (InfiniBand spec vol. 1 §9.3; seed 002 §3.3). The payload is unchanged.
   */
  public void postSend(int qpn, long bytes, long id, int firstPacketExtraBytes) {
    if (qpn < 0 || qpn >= qp.size()) {
      throw new InvalidParameterException("qpn", qpn, "valid range 0.." + (qp.size() - 1));
    }
    if (isReceiveOnly(qpn)) {
      throw new InvalidParameterException("qpn", qpn, "a queue pair with a sender (createQp), not receive-only");
    }
    InvalidParameterException.requireRange("firstPacketExtraBytes", firstPacketExtraBytes, 0, 4096);
    wr.post(qp, qpn, bytes, cfg.payloadBytes(), id, firstPacketExtraBytes);
    wr.rec[qpn * L + LAST_PROGRESS] = sim.now();
    armTimeout(qpn);
    if (qp.rec[qpn * S + DCQCN_RUNNING] == 0) {
      qp.rec[qpn * S + DCQCN_RUNNING] = 1;
      sim.after(cfg.timerPs(), dcqcnHandler, qpn, 0);
    }
    nic.activate(qp.rec[qpn * S + HANDLE]);
  }

  @Override
  public void begin() {
    if (flows != null) {
      flows.begin();
    }
  }

  @Override
  public void progressEnd() {
    progress.end();
  }

  /** Starts flow {@code f} of the trace now, whatever its trace start (triggered transfers). */
  @Override
  public void launch(int f) {
    flows.launch(f); // trace mode only
  }

  /** The NIC offers QP {@code q} a packet slot. */
  @Override
  public long poll(int q, long now) {
    int psn = qp.nextPsn(q);
    if (psn < 0 || qp.senderDone(q)) {
      return IDLE;
    }
    long[] lr = wr.rec;
    int l = q * L;
    if (now < lr[l + NEXT_SEND]) {
      return lr[l + NEXT_SEND];
    }
    int w = wr.sending(q, psn);
    long endLast = wr.endLast(q, w);
    boolean last = psn == (int) (endLast >>> 32) - 1;
    int payload = last ? (int) endLast : cfg.payloadBytes();
    int size = payload + cfg.headerBytes() + wr.extraBytes(q, w, psn);
    if (qp.sent(q) && flows != null) {
      flows.retransmitted(wr.id(q, w));
    }
    int p = pk.allocate(q, kindBase + DATA, psn, size, qp.rec[q * S + SRC], qp.rec[q * S + DST], now);
    pk.setPayload(p, payload);
    if (last) {
      pk.addFlag(p, Packets.ACK_REQ); // a message's last packet asks for an ACK at once
    }
    dataPackets++;
    net.send(p);
    dcqcn.onSent(q, size);
    wr.rec[l + NEXT_SEND] = now + (long) Math.ceil(size * 8e12 / dcqcn.rateBps(q));
    return SENT;
  }

  private void armTimeout(int q) {
    if (qp.rec[q * S + TIMER_PENDING] == 0) {
      qp.rec[q * S + TIMER_PENDING] = 1;
      sim.schedule(wr.rec[q * L + LAST_PROGRESS] + cfg.rtoPs(), timerHandler, q, 0);
    }
  }

  private void timeout(int q) {
    qp.rec[q * S + TIMER_PENDING] = 0;
    if (qp.senderDone(q)) {
      return;
    }
    if (sim.now() < wr.rec[q * L + LAST_PROGRESS] + cfg.rtoPs()) {
      armTimeout(q);
      return;
    }
    wr.rec[q * L + LAST_PROGRESS] = sim.now();
    if (cfg.goBackZero()) {
      qp.goBackTo(q, wr.sentEnd(q));
    } else {
      qp.onTimeout(q);
    }
    nic.activate(qp.rec[q * S + HANDLE]);
    armTimeout(q);
  }

  private void dcqcnTimer(int q) {
    if (qp.senderDone(q)) {
      qp.rec[q * S + DCQCN_RUNNING] = 0;
      return;
    }
    dcqcn.onTimer(q);
    sim.after(cfg.timerPs(), dcqcnHandler, q, 0);
  }

  private void control(int q, int kind, int psn) {
    controlPackets++;
    int b = q * S;
    int p = pk.allocate(q, kindBase + kind, psn, cfg.headerBytes(), qp.rec[b + DST], qp.rec[b + SRC], sim.now());
    pk.setFlags(p, kind == CNP ? Packets.PRIORITY | Packets.CNP : Packets.PRIORITY);
    net.send(p);
  }

  private void deliver(int p, int node) {
    int q = pk.flow(p);
    int psn = pk.seq(p);
    switch (pk.kind(p) - kindBase) {
      case DATA -> {
        if (pk.hasFlag(p, Packets.CE) && sim.now() - wr.rec[q * L + LAST_CNP] >= cfg.cnpIntervalPs()) {
          wr.rec[q * L + LAST_CNP] = sim.now();
          cnps++;
          control(q, CNP, 0);
        }
        int verdict = qp.onData(q, psn);
        if (verdict == RcQueuePairs.ACCEPT && pk.hasFlag(p, Packets.ACK_REQ)) {
          // a message's last packet carries AckReq (IB spec vol. 1 §9.7.5.1.2): ACK it at once
          qp.resetAckCount(q);
          verdict = RcQueuePairs.ACCEPT_AND_ACK;
        }
        switch (verdict) {
          case RcQueuePairs.ACCEPT_AND_ACK, RcQueuePairs.DUPLICATE_ACK -> control(q, ACK, qp.expected(q));
          case RcQueuePairs.NACK -> {
            if (cfg.goBackZero()) {
              qp.rewindReceiver(q, wr.receivedEnd(q));
            }
            control(q, NACK, qp.expected(q));
          }
          default -> { }
        }
        while (wr.receiveHeadDone(q, qp.expected(q))) {
          completions.receiveComplete(q, wr.receiveHeadId(q), sim.now());
          wr.advanceReceive(q); // after the call, as before (the application may post on q)
        }
      }
      case ACK -> {
        if (psn > qp.sndUna(q)) {
          wr.rec[q * L + LAST_PROGRESS] = sim.now();
        }
        qp.onAck(q, psn);
        senderCompletions(q);
      }
      case NACK -> {
        completions.nackReceived(q, psn, sim.now());
        wr.rec[q * L + LAST_PROGRESS] = sim.now();
        if (cfg.goBackZero()) {
          qp.goBackTo(q, psn);
        } else {
          qp.onNack(q, psn);
        }
        senderCompletions(q);
        if (!isReceiveOnly(q)) {
          nic.activate(qp.rec[q * S + HANDLE]);
        }
      }
      case CNP -> dcqcn.onCnp(q);
      default -> throw new IllegalStateException("unknown RoCEv2 packet kind " + pk.kind(p));
    }
    pk.free(p);
  }

  private void senderCompletions(int q) {
    if (isReceiveOnly(q)) {
      return; // receive-only: its work requests are receive completions only
    }
    while (wr.sendHeadDone(q, qp.sndUna(q))) {
      completions.sendComplete(q, wr.sendHeadId(q), sim.now());
      wr.advanceSend(q);
    }
  }

  public Dcqcn dcqcn() {
    return dcqcn;
  }

  /** The settings its queue pairs run with. */
  public RcConfig config() {
    return cfg;
  }

  /** This transport's packet kinds on its network (several RoCEv2 transports are told apart by kind). */
  public Rocev2Kinds kinds() {
    return kinds;
  }

  public RcQueuePairs queuePairs() {
    return qp;
  }

  /** Source host node of QP {@code q}. */
  public int qpSource(int q) {
    return qp.rec[q * S + SRC];
  }

  /** Destination host node of QP {@code q}. */
  public int qpDestination(int q) {
    return qp.rec[q * S + DST];
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
