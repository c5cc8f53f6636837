package org.fabriclab.sim.transport.norm;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.sim.probe.ByteSeries;

/**
 * A NACK-oriented reliable multicast transport with TFMCC rate control, as the paper runs NORM
 * over Shufflecast (seed 000_9b2589b0d55d7b52.txt §IV-C(b) "Higher layer reliability", §VI-B(b);
 * reference [4] RFC 5740, [58]/[59] TFMCC RFC 4654), on the packet engine's transport extension
 * point: it registers its own packet kinds with a receiver in the network's
 * {@link org.fabriclab.sim.packet.PacketKinds} registry and injects packets at the hosts; the
 * fabric's elements carry the multicast kinds by group.
 *
 * <p>Sender (one per group, RFC 5740 §5.1): an object of {@code ceil(bytes / payload)} segments;
 * every {@link #gapPs paced} slot carries the oldest pending repair, else the next new segment,
 * else — once all new data is out — a FLUSH command every {@link #flushIntervalPs} until every
 * current member has acknowledged the whole object (RFC 5740 §5.1.3 watermark flush with an
 * acking node list of all members; after {@link #ROBUST_FACTOR} flushes without any NACK or ACK
 * it gives up, as NORM does). Each transmission carries a transmit counter; a repair of
 * segment s records the counter it was sent with, and a NACK for s that reports a highest counter
 * below it is ignored (the receiver has not yet had the chance to see that repair): each repair
 * request is served once per round, the sender's NACK aggregation (RFC 5740 §5.3). Rate: {@link
 * TfmccRate}, paced with {@link #JITTER} of timing noise (a software sender; lock-step senders
 * otherwise meet a drop-tail queue in phase).
 *
 * <p>Receiver (one per member): a bit set of the segments it holds; every segment is handed to the
 * application once (duplicates are counted and discarded). A sequence gap is a loss: it starts a
 * {@link TfrcLossHistory} loss event and is NACKed at once (unicast to the source, RFC 5740
 * §5.2.1 without the multicast NACK suppression, decision: the groups are small and the sender
 * aggregates); while segments are missing it re-NACKs the lowest {@link #MAX_RANGES} missing
 * ranges at most once per {@link #nackHoldoffPs}; a FLUSH reveals a lost tail. Members report
 * their loss event rate and receive rate with a timestamp echo on every new loss event and at
 * most once per {@link #REPORT_INTERVAL_PS} otherwise (once per slow-start round while the data
 * packets say the sender is in slow start). A member that joins during the transfer
 * NACKs everything before its first segment (decision: the application wants the whole object,
 * NORM's sync-to-start policy); a member that leaves stops counting. No FEC (decision: NORM's
 * proactive FEC is off, repairs are retransmissions).
 *
 * <p>O(1) per packet except a NACK range (O(range)) and a re-NACK scan (O(words scanned)); memory
 * O(members × segments / 8) for the receivers' bit sets, nothing allocated per packet.
 */
public final class NormMulticast {
  static final int DATA = 0;
  static final int REPAIR = 1;
  static final int FLUSH = 2;
  static final int NACK = 3;
  static final int REPORT = 4;
  static final int ACK = 5;
  static final int CONTROL_BYTES = 64;
  static final double JITTER = 0.02;
  static final int MAX_RANGES = 4;
  static final long REPORT_INTERVAL_PS = 1_000_000_000L;
  static final long MIN_HOLDOFF_PS = 100_000_000L;
  /** Shortest time between two re-NACK rounds of a receiver. */
  static final long NACK_HOLDOFF_PS = 1_000_000_000L;
  /** Flushes without any NACK or ACK after which the sender gives up (RFC 5740 NORM_ROBUST_FACTOR). */
  static final int ROBUST_FACTOR = 20;

  private final Simulator sim;
  private final Network net;
  private final Packets pk;
  private final int kind0;
  private final NormKinds kinds;
  private final int[] sources;
  private final int[][] members;
  private final int[][] slot;
  private final int[] base;
  private final long bytes;
  private final int segments;
  private final int payloadBytes;
  private final int wireBytes;
  private final double lineBps;
  private final SplittableRandom jitter;
  final TfmccRate rate;
  private final TfrcLossHistory loss;
  private final int sendEvent;
  // sender, per group
  private final int[] nextNew;
  private final int[] tx;
  private final int[][] ring;
  private final int[] ringHead;
  private final int[] ringSize;
  private final long[][] pending;
  private final int[][] lastRepairTx;
  private final boolean[] scheduled;
  private final boolean[] started;
  private final long[] nextAllowedPs;
  private final long[] lastFlushPs;
  private final int[] waiting;
  private final int[] idleFlushes;
  /** Optional: distinct payload bytes per group over time. */
  ByteSeries series; // set by recordInto; null: not recorded
  final long[] dataSent;
  final long[] repairs;
  final long[] flushes;
  final long[] nacksReceived;
  final long[] senderDonePs;
  private final boolean[] acked;
  /** Whether NACKs, reports and ACKs are flagged for the ports' strict-priority class. */
  final boolean feedbackPriority;
  /** The receivers; {@code rx.active[r]} is the session's membership. */
  final NormReceivers rx;

  /**
   * @param members every server that is a member of group g at some time (source excluded)
   * @param activeAtStart whether member j of group g is a member from the start
   * @param feedbackPriority flag NACKs, reports and ACKs {@link Packets#PRIORITY} (for ports with
   *     strict-priority queues; a what-if of the Shufflecast reproduction)
   */
  public NormMulticast(Network net, int[] sources, int[][] members, boolean[][] activeAtStart, long bytes,
      int payloadBytes, int wireBytes, double lineBps, SplittableRandom jitter,
      boolean feedbackPriority) {
    this.feedbackPriority = feedbackPriority;
    this.net = net;
    this.sim = net.simulator();
    this.pk = net.packets();
    this.sources = sources;
    this.members = members;
    this.bytes = bytes;
    this.payloadBytes = payloadBytes;
    this.wireBytes = wireBytes;
    this.segments = (int) ((bytes + payloadBytes - 1) / payloadBytes);
    this.lineBps = lineBps;
    this.jitter = jitter;
    int g = sources.length;
    int servers = net.topology().nodeCount();
    slot = new int[g][servers];
    base = new int[g + 1];
    int[] sizes = new int[g];
    for (int i = 0; i < g; i++) {
      Arrays.fill(slot[i], -1);
      for (int j = 0; j < members[i].length; j++) {
        slot[i][members[i][j]] = j;
      }
      sizes[i] = members[i].length;
      base[i + 1] = base[i] + sizes[i];
    }
    int rs = base[g];
    rate = new TfmccRate(lineBps, wireBytes, sizes);
    loss = new TfrcLossHistory(rs);
    kind0 = net.kinds().register("norm", this::deliver, "DATA", "REPAIR", "FLUSH", "NACK", "REPORT", "ACK");
    kinds = new NormKinds(kind0 + DATA, kind0 + REPAIR, kind0 + FLUSH, kind0 + NACK, kind0 + REPORT, kind0 + ACK);
    sendEvent = sim.register((grp, unused) -> send(grp));
    nextNew = new int[g];
    tx = new int[g];
    ring = new int[g][16];
    ringHead = new int[g];
    ringSize = new int[g];
    pending = new long[g][(segments + 63) / 64];
    lastRepairTx = new int[g][];
    scheduled = new boolean[g];
    started = new boolean[g];
    nextAllowedPs = new long[g];
    lastFlushPs = new long[g];
    waiting = new int[g];
    idleFlushes = new int[g];
    dataSent = new long[g];
    repairs = new long[g];
    flushes = new long[g];
    nacksReceived = new long[g];
    senderDonePs = new long[g];
    acked = new boolean[rs];
    rx = new NormReceivers(this, net, kind0, sources, members, segments, wireBytes, lineBps, loss);
    Arrays.fill(senderDonePs, -1);
    for (int i = 0; i < g; i++) {
      for (int j = 0; j < sizes[i]; j++) {
        int r = base[i] + j;
        rx.init(r, activeAtStart[i][j]);
        if (activeAtStart[i][j]) {
          waiting[i]++;
        }
      }
    }
  }

  /** This session's packet kinds on its network. */
  public NormKinds kinds() {
    return kinds;
  }

  /** Segments of the object every group sends. */
  public int segments() {
    return segments;
  }

  /** Receiver index of member j of group g (for {@link #receivers()}). */
  public int receiver(int g, int j) {
    return base[g] + j;
  }

  /** The receivers of every group, indexed by {@link #receiver}. */
  public NormReceivers receivers() {
    return rx;
  }

  /** New data segments group g's sender has sent. */
  public long dataSent(int g) {
    return dataSent[g];
  }

  /** Repairs group g's sender has sent. */
  public long repairs(int g) {
    return repairs[g];
  }

  /** FLUSH commands group g's sender has sent. */
  public long flushes(int g) {
    return flushes[g];
  }

  /** Records the distinct payload bytes each group delivers into {@code s} from now on. */
  public void recordInto(ByteSeries s) {
    series = s;
  }

  /** The sender of group g starts now. */
  public void start(int g) {
    started[g] = true;
    wake(g);
  }

  /** Member j of group g joins the session now (its data-plane rule follows separately). */
  public void join(int g, int j) {
    int r = base[g] + j;
    if (!rx.active[r] && rx.completePs[r] < 0 && senderDonePs[g] < 0) {
      rx.active[r] = true;
      waiting[g]++;
      wake(g);
    }
  }

  /** Member j of group g leaves the session now. */
  public void leave(int g, int j) {
    int r = base[g] + j;
    if (rx.active[r]) {
      rx.active[r] = false;
      if (!acked[r]) {
        waiting[g]--;
      }
      rate.onLeave(g, j);
      wake(g);
    }
  }

  private long maxRttPs(int g) {
    return rate.maxRttPs(g);
  }

  long flushIntervalPs(int g) {
    return Math.max(MIN_HOLDOFF_PS, 2 * maxRttPs(g));
  }

  private long gapPs(int g, int sizeBytes) {
    double ps = sizeBytes * 8.0 * 1e12 / rate.rate(g, sim.now());
    return (long) Math.ceil(ps * (1 + JITTER * jitter.nextDouble()));
  }

  private void wake(int g) {
    if (started[g] && !scheduled[g] && senderDonePs[g] < 0) {
      scheduled[g] = true;
      sim.schedule(Math.max(sim.now(), nextAllowedPs[g]), sendEvent, g, 0);
    }
  }

  private void send(int g) {
    scheduled[g] = false;
    if (senderDonePs[g] >= 0) {
      return;
    }
    int kind;
    int seq;
    int payload;
    if (ringSize[g] > 0) {
      seq = ring[g][ringHead[g]];
      ringHead[g] = (ringHead[g] + 1) % ring[g].length;
      ringSize[g]--;
      pending[g][seq >>> 6] &= ~(1L << seq);
      kind = REPAIR;
      repairs[g]++;
      lastRepairTx[g][seq] = tx[g] + 1;
    } else if (nextNew[g] < segments) {
      seq = nextNew[g]++;
      kind = DATA;
      dataSent[g]++;
    } else if (waiting[g] > 0) {
      long due = lastFlushPs[g] + flushIntervalPs(g);
      if (flushes[g] > 0 && sim.now() < due) {
        scheduled[g] = true;
        sim.schedule(due, sendEvent, g, 0);
        return;
      }
      if (idleFlushes[g]++ >= ROBUST_FACTOR) {
        senderDonePs[g] = sim.now();
        return;
      }
      kind = FLUSH;
      seq = segments;
      flushes[g]++;
      lastFlushPs[g] = sim.now();
    } else {
      senderDonePs[g] = sim.now();
      return;
    }
    payload = kind == FLUSH ? 0 : (int) Math.min(payloadBytes, bytes - (long) seq * payloadBytes);
    int size = kind == FLUSH ? CONTROL_BYTES : payload + (wireBytes - payloadBytes);
    int q = pk.allocate(g, kind0 + kind, seq, size, sources[g], sources[g], sim.now());
    pk.setPayload(q, payload);
    pk.setGroup(q, g + 1);
    pk.setExtInt(q, 0, ++tx[g]);
    pk.setExtLong(q, 0, maxRttPs(g));
    pk.setExtInt(q, 1, rate.inSlowStart(g) ? 1 : 0);
    net.send(q);
    nextAllowedPs[g] = sim.now() + gapPs(g, size);
    wake(g);
  }

  private void deliver(int q, int node) {
    int k = pk.kind(q) - kind0;
    int g = pk.flow(q);
    if (k <= FLUSH) {
      int j = slot[g][node];
      if (j >= 0 && rx.active[base[g] + j]) {
        rx.receive(g, j, base[g] + j, k, q);
      }
    } else if (k == NACK) {
      onNack(g, pk.extInt(q, 2), pk.seq(q), pk.extInt(q, 0), pk.extInt(q, 1));
    } else if (k == REPORT) {
      int j = pk.seq(q);
      if (rx.active[base[g] + j]) {
        rate.onReport(g, j, sim.now(), sim.now() - pk.extLong(q, 0),
            Double.longBitsToDouble(pk.extLong(q, 1)), pk.extInt(q, 1) * 1e6);
      }
    } else if (k == ACK) {
      int r = base[g] + pk.seq(q);
      if (rx.active[r] && !acked[r]) {
        acked[r] = true;
        waiting[g]--;
        idleFlushes[g] = 0;
        wake(g);
      }
    }
    pk.free(q);
  }

  private void onNack(int g, int j, int from, int to, int rxTx) {
    if (!rx.active[base[g] + j]) {
      return;
    }
    nacksReceived[g]++;
    idleFlushes[g] = 0;
    if (lastRepairTx[g] == null) {
      lastRepairTx[g] = new int[segments];
    }
    int[] last = lastRepairTx[g];
    long[] pend = pending[g];
    for (int s = Math.max(0, from); s < Math.min(to, nextNew[g]); s++) {
      if ((pend[s >>> 6] & 1L << s) != 0 || last[s] > rxTx) {
        continue;
      }
      pend[s >>> 6] |= 1L << s;
      if (ringSize[g] == ring[g].length) {
        int[] bigger = new int[ring[g].length * 2];
        for (int i = 0; i < ringSize[g]; i++) {
          bigger[i] = ring[g][(ringHead[g] + i) % ring[g].length];
        }
        ring[g] = bigger;
        ringHead[g] = 0;
      }
      ring[g][(ringHead[g] + ringSize[g]) % ring[g].length] = s;
      ringSize[g]++;
    }
    wake(g);
  }
}
