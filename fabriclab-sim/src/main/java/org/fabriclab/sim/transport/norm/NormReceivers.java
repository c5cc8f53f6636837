package org.fabriclab.sim.transport.norm;

import java.util.Arrays;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.Packets;

/**
 * The receivers of {@link NormMulticast} (seed 000_9b2589b0d55d7b52.txt §IV-C(b), §VI-B(b);
 * RFC 5740 §5.2, RFC 4654 §3): per member a bit set of the segments it holds (each handed to the
 * application once, duplicates counted and discarded), gap detection and NACKs, the
 * {@link TfrcLossHistory} loss events and the TFMCC reports with timestamp echo and receive rate,
 * and the ACK once the whole object is in. The protocol and its decisions are described on
 * {@link NormMulticast}. Receiver r is member j of group g; O(1) per packet except a re-NACK scan
 * (O(words between the lowest missing segment and the highest seen)); no allocation per packet.
 */
public final class NormReceivers {
  private final NormMulticast session;
  private final Simulator sim;
  private final Network net;
  private final Packets pk;
  private final int kind0;
  private final int[] sources;
  private final int[][] members;
  private final int segments;
  private final int wireBytes;
  private final double lineBps;
  private final TfrcLossHistory loss;
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
  private final boolean[] lateJoin;
  /** Whether receiver r belongs to its session now. */
  final boolean[] active;
  /** Distinct payload bytes handed to the application. */
  final long[] unique;
  /** Multicast packets received, duplicates included. */
  final long[] arrivals;
  final long[] duplicates;
  /** When the receiver held the whole object, −1 before. */
  final long[] completePs;

  /** Whether receiver {@code r} belongs to its session now. */
  public boolean isActive(int r) {
    return active[r];
  }

  /** Distinct payload bytes receiver {@code r} handed to the application. */
  public long uniqueBytes(int r) {
    return unique[r];
  }

  /** Multicast packets receiver {@code r} received, duplicates included. */
  public long arrivals(int r) {
    return arrivals[r];
  }

  /** Duplicate packets receiver {@code r} discarded. */
  public long duplicates(int r) {
    return duplicates[r];
  }

  /** When receiver {@code r} held the whole object (ps), −1 before. */
  public long completePs(int r) {
    return completePs[r];
  }

  NormReceivers(NormMulticast session, Network net, int kind0, int[] sources, int[][] members,
      int segments, int wireBytes, double lineBps, TfrcLossHistory loss) {
    this.session = session;
    this.net = net;
    this.sim = net.simulator();
    this.pk = net.packets();
    this.kind0 = kind0;
    this.sources = sources;
    this.members = members;
    this.segments = segments;
    this.wireBytes = wireBytes;
    this.lineBps = lineBps;
    this.loss = loss;
    int rs = 0;
    for (int[] m : members) {
      rs += m.length;
    }
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
    lateJoin = new boolean[rs];
    active = new boolean[rs];
    unique = new long[rs];
    arrivals = new long[rs];
    duplicates = new long[rs];
    completePs = new long[rs];
    Arrays.fill(lastReportPs, Long.MIN_VALUE / 2);
    Arrays.fill(lastNackPs, Long.MIN_VALUE / 2);
    Arrays.fill(completePs, -1);
  }

  /** Receiver r starts as a member ({@code atStart}) or joins later. */
  void init(int r, boolean atStart) {
    have[r] = new long[(segments + 63) / 64];
    active[r] = atStart;
    lateJoin[r] = !atStart;
  }

  private static long nackHoldoffPs(long advertisedRttPs) {
    return Math.max(NormMulticast.NACK_HOLDOFF_PS, 4 * advertisedRttPs);
  }

  void receive(int g, int j, int r, int k, int q) {
    long now = sim.now();
    arrivals[r]++;
    highestTx[r] = Math.max(highestTx[r], pk.extInt(q, 0));
    long advRtt = pk.extLong(q, 0);
    boolean first = highest[r] == 0 && next[r] == 0 && unique[r] == 0;
    if (arrivals[r] == 1) {
      windowStartPs[r] = now;
    }
    windowBytes[r] += pk.size(q);
    long window = Math.max(NormMulticast.MIN_HOLDOFF_PS, advRtt);
    if (now - windowStartPs[r] >= window) {
      recvBps[r] = windowBytes[r] * 8e12 / (now - windowStartPs[r]);
      windowStartPs[r] = now;
      windowBytes[r] = 0;
    }
    int end;
    if (k == NormMulticast.FLUSH) {
      end = segments;
    } else {
      int s = pk.seq(q);
      long[] h = have[r];
      if ((h[s >>> 6] & 1L << s) != 0) {
        duplicates[r]++;
      } else {
        h[s >>> 6] |= 1L << s;
        unique[r] += pk.payload(q);
        if (session.series != null) {
          session.series.add(g, now, pk.payload(q));
        }
        while (next[r] < segments && (h[next[r] >>> 6] & 1L << next[r]) != 0) {
          next[r]++;
        }
        if (next[r] == segments) {
          completePs[r] = now;
          control(g, j, NormMulticast.ACK, 0, 0);
        }
      }
      echoPs[r] = pk.stamp(q) - now;
      end = s + 1;
    }
    if (end > highest[r]) {
      int from = highest[r];
      int gapEnd = k == NormMulticast.FLUSH ? end : end - 1;
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
    if (k == NormMulticast.FLUSH && next[r] == segments) {
      control(g, j, NormMulticast.ACK, 0, 0);
    }
    long every = pk.extInt(q, 1) != 0 ? TfmccRate.MIN_ROUND_PS : NormMulticast.REPORT_INTERVAL_PS;
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
    double rtt = Math.max(advRtt, NormMulticast.MIN_HOLDOFF_PS / 10) / 1e12;
    return TfrcLossHistory.firstInterval(wireBytes * 8.0, rtt, Math.max(1, x / 2));
  }

  private void renack(int g, int j, int r) {
    lastNackPs[r] = sim.now();
    long[] h = have[r];
    int s = next[r];
    int limit = highest[r];
    for (int ranges = 0; ranges < NormMulticast.MAX_RANGES && s < limit; ranges++) {
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
    int q = control(g, j, NormMulticast.NACK, from, to);
    pk.setExtInt(q, 1, highestTx[r]);
    pk.setExtInt(q, 2, j);
    net.send(q);
  }

  private void report(int g, int j, int r) {
    lastReportPs[r] = sim.now();
    int q = control(g, j, NormMulticast.REPORT, j, 0);
    pk.setExtLong(q, 0, sim.now() + echoPs[r]);
    pk.setExtLong(q, 1, Double.doubleToRawLongBits(loss.lossEventRate(r, highest[r])));
    pk.setExtInt(q, 1, (int) Math.min(Integer.MAX_VALUE, Math.round(recvBps[r] / 1e6)));
    net.send(q);
  }

  /** A control packet from member j of group g to its source; ACKs are sent here, others returned. */
  private int control(int g, int j, int kind, int seq, int extra) {
    int q = pk.allocate(g, kind0 + kind, kind == NormMulticast.ACK ? j : seq, NormMulticast.CONTROL_BYTES, members[g][j],
        sources[g], sim.now());
    pk.setExtInt(q, 0, extra);
    if (session.feedbackPriority) {
      pk.addFlag(q, Packets.PRIORITY);
    }
    if (kind == NormMulticast.ACK) {
      net.send(q);
    }
    return q;
  }
}
