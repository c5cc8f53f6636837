package org.fabriclab.sim.transport.norm;

/**
 * The receiver side of TFMCC's loss measurement (seed 000_9b2589b0d55d7b52.txt §VI-B(b), [59]
 * RFC 4654 §3.2, which takes it from TFRC, RFC 5348 §5): losses within one round-trip time of the
 * start of a loss event belong to that event; a loss interval is the number of packets (sequence
 * numbers) from the start of one loss event to the start of the next; the average loss interval
 * is the weighted mean of the last {@link #N} intervals with weights 1, 1, 1, 1, 0.8, 0.6, 0.4,
 * 0.2, or of the open interval and the last N−1 when that is larger (RFC 5348 §5.4); the loss
 * event rate is its inverse.
 *
 * <p>The first interval is synthesised as RFC 5348 §6.3.1 does: the interval whose loss event
 * rate makes the throughput equation give half the receive rate at the first loss, with the RTT
 * the sender advertises ({@link #firstInterval}). All receivers of a run share flat primitive arrays
 * (receiver index r); O(N) per loss event and per rate query, no allocation.
 */
final class TfrcLossHistory {
  /** Intervals averaged. */
  static final int N = 8;
  private static final double[] W = {1, 1, 1, 1, 0.8, 0.6, 0.4, 0.2};

  private final long[] intervals;
  private final int[] count;
  private final long[] eventStartPs;
  private final int[] eventStartSeq;

  TfrcLossHistory(int receivers) {
    intervals = new long[receivers * N];
    count = new int[receivers];
    eventStartPs = new long[receivers];
    eventStartSeq = new int[receivers];
  }

  /**
   * Receiver {@code r} finds packet {@code seq} lost at {@code nowPs}; returns true when this
   * starts a new loss event (more than {@code rttPs} after the start of the last one).
   */
  boolean onLoss(int r, int seq, long nowPs, long rttPs, long firstInterval) {
    if (count[r] > 0 && nowPs - eventStartPs[r] < rttPs) {
      return false;
    }
    int base = r * N;
    System.arraycopy(intervals, base, intervals, base + 1, N - 1);
    intervals[base] = count[r] > 0 ? Math.max(1, (long) seq - eventStartSeq[r])
        : Math.max(1, firstInterval);
    count[r]++;
    eventStartPs[r] = nowPs;
    eventStartSeq[r] = seq;
    return true;
  }

  /**
   * RFC 5348 §6.3.1: the loss interval {@code 1/p} for which the TCP equation with segment
   * {@code segmentBits} and RTT {@code rttSeconds} gives {@code halfRecvBps}; found by bisection
   * on p (the equation decreases in p). O(60).
   */
  static long firstInterval(double segmentBits, double rttSeconds, double halfRecvBps) {
    double lo = 1e-12;
    double hi = 1;
    if (TfmccRate.equationBps(segmentBits, rttSeconds, hi) >= halfRecvBps) {
      return 1;
    }
    for (int i = 0; i < 60; i++) {
      double mid = Math.sqrt(lo * hi);
      if (TfmccRate.equationBps(segmentBits, rttSeconds, mid) > halfRecvBps) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return Math.max(1, Math.round(1 / hi));
  }

  /** Whether receiver r has seen a loss event. */
  boolean hasLoss(int r) {
    return count[r] > 0;
  }

  /**
   * Receiver r's loss event rate given the highest sequence number it has seen (for the open
   * interval); 0 before any loss.
   */
  double lossEventRate(int r, int highestSeq) {
    int n = Math.min(count[r], N);
    if (n == 0) {
      return 0;
    }
    int base = r * N;
    double closedSum = 0;
    double closedW = 0;
    for (int i = 0; i < n; i++) {
      closedSum += W[i] * intervals[base + i];
      closedW += W[i];
    }
    long open = Math.max(0, (long) highestSeq - eventStartSeq[r]);
    double openSum = W[0] * open;
    double openW = W[0];
    for (int i = 0; i < Math.min(n, N - 1); i++) {
      openSum += W[i + 1] * intervals[base + i];
      openW += W[i + 1];
    }
    double mean = Math.max(closedSum / closedW, openSum / openW);
    return 1.0 / Math.max(1.0, mean);
  }
}
