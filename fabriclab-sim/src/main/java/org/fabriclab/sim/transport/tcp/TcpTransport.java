package org.fabriclab.sim.transport.tcp;

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
 * TCP end hosts as a per-flow state machine on primitive arrays, with a pluggable
 * {@link CongestionControl} (NewReno, DCTCP). Sequence numbers count segments. A flow starts at its
 * trace time with a 3-way handshake (SYN, SYN-ACK, then data; header-only control packets), sends
 * up to {@code floor(cwnd)} unacknowledged segments, and the receiver returns one cumulative ACK
 * per data packet echoing its CE mark and its send timestamp (RTT samples from the echo, so
 * retransmissions give valid samples too). Out-of-order segments are buffered at the receiver.
 * Loss recovery: fast retransmit on 3 duplicate ACKs with NewReno fast recovery (partial ACKs
 * retransmit the next hole); RTO = max(min, 2·SRTT + 4·RTTVAR), doubled on each timeout, after
 * which the sender goes back to the first unacknowledged segment with cwnd = 1.
 *
 * <p>A flow is complete when its last byte reaches the receiver in order (FCT = that time minus the
 * flow's start, handshake included). One pending timer event per flow: ACKs move a deadline and the
 * timer event re-arms itself lazily, so timers cost no event per ACK. O(1) work per packet.
 */
public final class TcpTransport implements org.fabriclab.sim.transport.Transport {
  /** Kind offsets inside this transport's block of the network's {@code PacketKinds}. */
  static final int SYN = 0;
  static final int SYNACK = 1;
  static final int DATA = 2;
  static final int ACK = 3;

  private final Simulator sim;
  private final Network net;
  private final Packets pk;
  private final TcpConfig cfg;
  private final CongestionControl cc;
  private final FlowRecords rec;
  private final Progress progress;
  private final FlowTrace trace;
  private final int n;
  private final int[] srcNode;
  private final int[] dstNode;
  private final int[] segs;
  private final int[] lastPayload;
  private final byte[] state;
  private final int[] sndUna;
  private final int[] sndNxt;
  private final int[] maxSent;
  private final double[] cwnd;
  private final double[] ssthresh;
  private final int[] dupAcks;
  private final int[] recover;
  private final boolean[] inRecovery;
  private final long[] srtt;
  private final long[] rttvar;
  private final long[] rto;
  private final long[] deadline;
  private final boolean[] timerPending;
  private final int[] rcvNxt;
  private final BitSet[] ooo;
  private final int kindBase;
  private final TcpKinds kinds;
  private final int startHandler;
  private final int timerHandler;
  private boolean stopWhenDone = true;
  private long dataPackets;
  private long controlPackets;
  private long timeouts;

  public TcpTransport(Network net, TcpConfig cfg, CongestionControl cc, FlowTrace trace,
      FlowRecords rec, Progress progress) {
    this.sim = net.simulator();
    this.net = net;
    this.pk = net.packets();
    this.cfg = cfg;
    this.cc = cc;
    this.rec = rec;
    this.progress = progress;
    this.trace = trace;
    n = trace.size();
    Topology t = net.topology();
    FlowSegments fs =
        new FlowSegments(t, trace, cfg.mssBytes(), Integer.MAX_VALUE / 2, "TCP sequence space");
    srcNode = fs.srcNode();
    dstNode = fs.dstNode();
    segs = fs.packets();
    lastPayload = fs.lastPayload();
    state = new byte[n];
    sndUna = new int[n];
    sndNxt = new int[n];
    maxSent = new int[n];
    cwnd = new double[n];
    ssthresh = new double[n];
    dupAcks = new int[n];
    recover = new int[n];
    inRecovery = new boolean[n];
    srtt = new long[n];
    rttvar = new long[n];
    rto = new long[n];
    deadline = new long[n];
    timerPending = new boolean[n];
    rcvNxt = new int[n];
    ooo = new BitSet[n];
    cc.init(this, n);
    kindBase = net.kinds().register("tcp", this::deliver, "SYN", "SYNACK", "DATA", "ACK");
    kinds = new TcpKinds(kindBase + SYN, kindBase + SYNACK, kindBase + DATA, kindBase + ACK);
    startHandler = sim.register((f, unused) -> start(f));
    timerHandler = sim.register((f, unused) -> timer(f));
  }

  /** Schedules the first flow start; later starts chain (the event queue holds one at a time). */
  public void begin() {
    progress.begin("flows", n);
    if (n > 0) {
      sim.schedule(trace.startNs(0) * 1000L, startHandler, 0, 0);
    }
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
    cwnd[f] = cfg.initialCwnd();
    ssthresh[f] = cfg.initialSsthresh();
    rto[f] = cfg.minRtoPs();
    srtt[f] = -1;
    state[f] = 1;
    sendControl(f, SYN, srcNode[f], dstNode[f], 0, sim.now(), 0);
    arm(f);
  }

  private void sendControl(int f, int kind, int from, int to, int seq, long stamp, int flags) {
    int p = pk.allocate(f, kindBase + kind, seq, cfg.headerBytes(), from, to, stamp);
    pk.setFlags(p, flags);
    controlPackets++;
    net.send(p);
  }

  private void sendData(int f, int s) {
    int payload = s == segs[f] - 1 ? lastPayload[f] : cfg.mssBytes();
    int p = pk.allocate(f, kindBase + DATA, s, payload + cfg.headerBytes(), srcNode[f], dstNode[f], sim.now());
    if (s < maxSent[f]) {
      rec.addRetransmissions(f, 1);
    } else {
      maxSent[f] = s + 1;
    }
    dataPackets++;
    net.send(p);
  }

  private void trySend(int f) {
    int window = Math.max(1, (int) cwnd[f]);
    boolean was = sndNxt[f] > sndUna[f];
    while (sndNxt[f] < segs[f] && sndNxt[f] - sndUna[f] < window) {
      sendData(f, sndNxt[f]++);
    }
    if (!was && sndNxt[f] > sndUna[f]) {
      arm(f);
    }
  }

  private void arm(int f) {
    deadline[f] = sim.now() + rto[f];
    if (!timerPending[f]) {
      timerPending[f] = true;
      sim.schedule(deadline[f], timerHandler, f, 0);
    }
  }

  private void timer(int f) {
    timerPending[f] = false;
    boolean idle = state[f] == 2 && sndUna[f] >= sndNxt[f];
    if (idle || sndUna[f] >= segs[f]) {
      return;
    }
    if (sim.now() < deadline[f]) {
      timerPending[f] = true;
      sim.schedule(deadline[f], timerHandler, f, 0);
      return;
    }
    timeouts++;
    rto[f] = Math.min(cfg.maxRtoPs(), rto[f] * 2);
    if (state[f] == 1) {
      rec.addRetransmissions(f, 1);
      sendControl(f, SYN, srcNode[f], dstNode[f], 0, sim.now(), 0);
      arm(f);
      return;
    }
    cc.onTimeout(this, f);
    cwnd[f] = 1;
    dupAcks[f] = 0;
    inRecovery[f] = false;
    recover[f] = sndNxt[f];
    sndNxt[f] = sndUna[f];
    arm(f);
    trySend(f);
  }

  private void deliver(int p, int node) {
    int f = pk.flow(p);
    switch (pk.kind(p) - kindBase) {
      case SYN -> sendControl(f, SYNACK, dstNode[f], srcNode[f], 0, pk.stamp(p), 0);
      case SYNACK -> {
        if (state[f] == 1) {
          state[f] = 2;
          rttSample(f, sim.now() - pk.stamp(p));
          trySend(f);
        }
      }
      case DATA -> receive(f, pk.seq(p), pk.stamp(p), (pk.flags(p) & Packets.CE) != 0);
      case ACK -> ack(f, pk.seq(p), pk.stamp(p), (pk.flags(p) & Packets.ECE) != 0);
      default -> throw new IllegalStateException("unknown TCP packet kind " + pk.kind(p));
    }
    pk.free(p);
  }

  private void receive(int f, int s, long stamp, boolean ce) {
    int r = rcvNxt[f];
    if (s == r) {
      r++;
      BitSet b = ooo[f];
      if (b != null && !b.isEmpty()) {
        int next = b.nextClearBit(r);
        b.clear(r, next);
        r = next;
      }
      rcvNxt[f] = r;
      if (r == segs[f] && rec.endPs(f) < 0) {
        rec.complete(f, sim.now());
        progress.advance(1);
        if (stopWhenDone && rec.completed() == n) {
          sim.stop();
        }
      }
    } else if (s > r) {
      if (ooo[f] == null) {
        ooo[f] = new BitSet();
      }
      ooo[f].set(s);
    }
    sendControl(f, ACK, dstNode[f], srcNode[f], rcvNxt[f], stamp, ce ? Packets.ECE : 0);
  }

  private void ack(int f, int a, long stamp, boolean ece) {
    if (state[f] != 2) {
      return;
    }
    rttSample(f, sim.now() - stamp);
    if (a > sndUna[f]) {
      int newly = a - sndUna[f];
      sndUna[f] = a;
      if (sndNxt[f] < a) {
        sndNxt[f] = a;
      }
      dupAcks[f] = 0;
      if (inRecovery[f]) {
        if (a >= recover[f]) {
          inRecovery[f] = false;
          cwnd[f] = ssthresh[f];
          cc.onAck(this, f, newly, ece, true);
        } else {
          cc.onAck(this, f, newly, ece, true);
          sendData(f, a);
          cwnd[f] = Math.max(1, cwnd[f] - newly + 1);
        }
      } else {
        cc.onAck(this, f, newly, ece, false);
      }
      if (a < segs[f]) {
        deadline[f] = sim.now() + rto[f];
      }
    } else if (a == sndUna[f] && sndNxt[f] > sndUna[f]) {
      cc.onAck(this, f, 0, ece, inRecovery[f]);
      if (++dupAcks[f] == 3 && !inRecovery[f] && a >= recover[f]) {
        cc.onFastRetransmit(this, f);
        cwnd[f] = ssthresh[f] + 3;
        recover[f] = sndNxt[f];
        inRecovery[f] = true;
        sendData(f, a);
        deadline[f] = sim.now() + rto[f];
      } else if (inRecovery[f]) {
        cwnd[f] += 1;
      }
    }
    if (sndUna[f] < segs[f]) {
      trySend(f);
    }
  }

  private void rttSample(int f, long r) {
    if (srtt[f] < 0) {
      srtt[f] = r;
      rttvar[f] = r / 2;
    } else {
      long d = Math.abs(srtt[f] - r);
      rttvar[f] = (3 * rttvar[f] + d) / 4;
      srtt[f] = (7 * srtt[f] + r) / 8;
    }
    rto[f] = Math.min(cfg.maxRtoPs(), Math.max(cfg.minRtoPs(), 2 * srtt[f] + 4 * rttvar[f]));
  }

  /** Ends the progress task (call when the run returns). */
  public void progressEnd() {
    progress.end();
  }

  public double cwnd(int f) {
    return cwnd[f];
  }

  public void setCwnd(int f, double c) {
    cwnd[f] = Math.max(1, c);
  }

  public double ssthresh(int f) {
    return ssthresh[f];
  }

  public void setSsthresh(int f, double s) {
    ssthresh[f] = s;
  }

  public int sndUna(int f) {
    return sndUna[f];
  }

  public int sndNxt(int f) {
    return sndNxt[f];
  }

  /** Segments sent and not yet acknowledged. */
  public int flight(int f) {
    return sndNxt[f] - sndUna[f];
  }

  /** Segments the receiver of flow {@code f} holds in order. */
  public int receivedInOrder(int f) {
    return rcvNxt[f];
  }

  /** Stop the simulator when every flow is done (default true; false when sharing a network). */
  @Override
  public void setStopWhenDone(boolean stop) {
    stopWhenDone = stop;
  }

  /** This transport's packet kinds on its network. */
  public TcpKinds kinds() {
    return kinds;
  }

  public long dataPackets() {
    return dataPackets;
  }

  public long controlPackets() {
    return controlPackets;
  }

  public long timeouts() {
    return timeouts;
  }
}
