package org.fabriclab.shufflecast;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.Packets;

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
final class NormMulticast {
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
  ByteSeries series;
  final long[] dataSent;
  final long[] repairs;
  final long[] flushes;
  final long[] nacksReceived;
  final long[] senderDonePs;
  // receiver, per (group, member) = r
  private final long[][] have;
  private final int[] next;
  private final int[] highest;
  private final int[] highestTx;
  private final long[] lastNackPs;
  private final long[] lastReportPs;
  private final long[] echoPs;
  private final long[] windowStartPs;
  private final long[] windowBytes;
  private final double[] recvBps;
  final boolean[] active;
  private final boolean[] lateJoin;
  private final boolean[] acked;
  final long[] unique;
  final long[] arrivals;
  final long[] duplicates;
  final long[] completePs;

  /**
   * @param members every server that is a member of group g at some time (source excluded)
   * @param activeAtStart whether member j of group g is a member from the start
   */
  NormMulticast(Network net, int[] sources, int[][] members, boolean[][] activeAtStart, long bytes,
      int payloadBytes, int wireBytes, double lineBps, SplittableRandom jitter) {
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
    have = new long[rs][];
    next = new int[rs];
    highest = new int[rs];
    highestTx = new int[rs];
    lastNackPs = new long[rs];
    lastReportPs = new long[rs];
    echoPs = new long[rs];
    windowStartPs = new long[rs];
    windowBytes = new long[rs];
    recvBps = new double[rs];
    active = new boolean[rs];
    lateJoin = new boolean[rs];
    acked = new boolean[rs];
    unique = new long[rs];
    arrivals = new long[rs];
    duplicates = new long[rs];
    completePs = new long[rs];
    Arrays.fill(lastReportPs, Long.MIN_VALUE / 2);
    Arrays.fill(lastNackPs, Long.MIN_VALUE / 2);
    Arrays.fill(senderDonePs, -1);
    for (int i = 0; i < g; i++) {
      for (int j = 0; j < sizes[i]; j++) {
        int r = base[i] + j;
        have[r] = new long[(segments + 63) / 64];
        active[r] = activeAtStart[i][j];
        lateJoin[r] = !active[r];
        completePs[r] = -1;
        if (active[r]) {
          waiting[i]++;
        }
      }
    }
  }

  int segments() {
    return segments;
  }

  /** Receiver index of member j of group g. */
  int receiver(int g, int j) {
    return base[g] + j;
  }

  /** The sender of group g starts now. */
  void start(int g) {
    started[g] = true;
    wake(g);
  }

  /** Member j of group g joins the session now (its data-plane rule follows separately). */
  void join(int g, int j) {
    int r = base[g] + j;
    if (!active[r] && completePs[r] < 0 && senderDonePs[g] < 0) {
      active[r] = true;
      waiting[g]++;
      wake(g);
    }
  }

  /** Member j of group g leaves the session now. */
  void leave(int g, int j) {
    int r = base[g] + j;
    if (active[r]) {
      active[r] = false;
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

  private long nackHoldoffPs(long advertisedRttPs) {
    return Math.max(NACK_HOLDOFF_PS, 4 * advertisedRttPs);
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
      if (j >= 0 && active[base[g] + j]) {
        receive(g, j, base[g] + j, k, q);
      }
    } else if (k == NACK) {
      onNack(g, pk.extInt(q, 2), pk.seq(q), pk.extInt(q, 0), pk.extInt(q, 1));
    } else if (k == REPORT) {
      int j = pk.seq(q);
      if (active[base[g] + j]) {
        rate.onReport(g, j, sim.now(), sim.now() - pk.extLong(q, 0),
            Double.longBitsToDouble(pk.extLong(q, 1)), pk.extInt(q, 1) * 1e6);
      }
    } else if (k == ACK) {
      int r = base[g] + pk.seq(q);
      if (active[r] && !acked[r]) {
        acked[r] = true;
        waiting[g]--;
        idleFlushes[g] = 0;
        wake(g);
      }
    }
    pk.free(q);
  }

  private void receive(int g, int j, int r, int k, int q) {
    long now = sim.now();
    arrivals[r]++;
    highestTx[r] = Math.max(highestTx[r], pk.extInt(q, 0));
    long advRtt = pk.extLong(q, 0);
    boolean first = highest[r] == 0 && next[r] == 0 && unique[r] == 0;
    if (arrivals[r] == 1) {
      windowStartPs[r] = now;
    }
    windowBytes[r] += pk.size(q);
    long window = Math.max(MIN_HOLDOFF_PS, advRtt);
    if (now - windowStartPs[r] >= window) {
      recvBps[r] = windowBytes[r] * 8e12 / (now - windowStartPs[r]);
      windowStartPs[r] = now;
      windowBytes[r] = 0;
    }
    int end;
    if (k == FLUSH) {
      end = segments;
    } else {
      int s = pk.seq(q);
      long[] h = have[r];
      if ((h[s >>> 6] & 1L << s) != 0) {
        duplicates[r]++;
      } else {
        h[s >>> 6] |= 1L << s;
        unique[r] += pk.payload(q);
        if (series != null) {
          series.add(g, now, pk.payload(q));
        }
        while (next[r] < segments && (h[next[r] >>> 6] & 1L << next[r]) != 0) {
          next[r]++;
        }
        if (next[r] == segments) {
          completePs[r] = now;
          control(g, j, ACK, 0, 0);
        }
      }
      echoPs[r] = pk.stamp(q) - now;
      end = s + 1;
    }
    if (end > highest[r]) {
      int from = highest[r];
      int gapEnd = k == FLUSH ? end : end - 1;
      if (gapEnd > from) {
        nack(g, j, r, from, gapEnd);
        boolean joinGap = first && lateJoin[r];
        if (!joinGap && loss.onLoss(r, from, now, Math.max(1, advRtt), firstInterval(r, now, advRtt))) {
          report(g, j, r);
        }
      }
      highest[r] = end;
    }
    if (next[r] < highest[r] && now - lastNackPs[r] >= nackHoldoffPs(advRtt)) {
      renack(g, j, r);
    }
    if (k == FLUSH && next[r] == segments) {
      control(g, j, ACK, 0, 0);
    }
    long every = pk.extInt(q, 1) != 0 ? TfmccRate.MIN_ROUND_PS : REPORT_INTERVAL_PS;
    if (now - lastReportPs[r] >= every) {
      report(g, j, r);
    }
  }

  /** RFC 5348 §6.3.1 with the receive rate of the last window (or since the first packet). */
  private long firstInterval(int r, long now, long advRtt) {
    if (loss.hasLoss(r)) {
      return 0;
    }
    double x = recvBps[r] > 0 ? recvBps[r]
        : (now > windowStartPs[r] ? windowBytes[r] * 8e12 / (now - windowStartPs[r]) : lineBps);
    double rtt = Math.max(advRtt, MIN_HOLDOFF_PS / 10) / 1e12;
    return TfrcLossHistory.firstInterval(wireBytes * 8.0, rtt, Math.max(1, x / 2));
  }

  private void renack(int g, int j, int r) {
    lastNackPs[r] = sim.now();
    long[] h = have[r];
    int s = next[r];
    int limit = highest[r];
    for (int ranges = 0; ranges < MAX_RANGES && s < limit; ranges++) {
      int from = nextClear(h, s, limit);
      if (from >= limit) {
        break;
      }
      int to = nextSet(h, from, limit);
      nack(g, j, r, from, to);
      s = to;
    }
  }

  private static int nextClear(long[] h, int from, int limit) {
    int w = from >>> 6;
    long word = ~h[w] & (-1L << from);
    while (word == 0) {
      if (++w << 6 >= limit) {
        return limit;
      }
      word = ~h[w];
    }
    return Math.min(limit, (w << 6) + Long.numberOfTrailingZeros(word));
  }

  private static int nextSet(long[] h, int from, int limit) {
    int w = from >>> 6;
    long word = h[w] & (-1L << from);
    while (word == 0) {
      if (++w << 6 >= limit) {
        return limit;
      }
      word = h[w];
    }
    return Math.min(limit, (w << 6) + Long.numberOfTrailingZeros(word));
  }

  private void nack(int g, int j, int r, int from, int to) {
    int q = control(g, j, NACK, from, to);
    pk.setExtInt(q, 1, highestTx[r]);
    pk.setExtInt(q, 2, j);
    net.send(q);
  }

  private void report(int g, int j, int r) {
    lastReportPs[r] = sim.now();
    int q = control(g, j, REPORT, j, 0);
    pk.setExtLong(q, 0, sim.now() + echoPs[r]);
    pk.setExtLong(q, 1, Double.doubleToRawLongBits(loss.lossEventRate(r, highest[r])));
    pk.setExtInt(q, 1, (int) Math.min(Integer.MAX_VALUE, Math.round(recvBps[r] / 1e6)));
    net.send(q);
  }

  /** A control packet from member j of group g to its source; ACKs are sent here, others returned. */
  private int control(int g, int j, int kind, int seq, int extra) {
    int q = pk.allocate(g, kind0 + kind, kind == ACK ? j : seq, CONTROL_BYTES, members[g][j],
        sources[g], sim.now());
    pk.setExtInt(q, 0, extra);
    if (kind == ACK) {
      net.send(q);
    }
    return q;
  }

  private void onNack(int g, int j, int from, int to, int rxTx) {
    if (!active[base[g] + j]) {
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
