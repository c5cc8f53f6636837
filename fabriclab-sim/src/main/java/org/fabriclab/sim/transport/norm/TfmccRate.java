package org.fabriclab.sim.transport.norm;

import java.util.Arrays;

/**
 * The sender side of TCP-Friendly Multicast Congestion Control as NORM runs it in the paper's
 * concurrent-groups experiment (seed 000_9b2589b0d55d7b52.txt §VI-B(b), references [58] Widmer and
 * Handley 2001 and [59] RFC 4654): every receiver reports its loss event rate (from
 * {@link TfrcLossHistory}) together with a timestamp echo; the sender measures each receiver's
 * round-trip time from the echo, evaluates the TCP throughput equation of RFC 4654 §3.1 / RFC 5348
 * §3.1 for it, and follows the current limiting receiver (CLR), the receiver with the lowest rate:
 * <ul>
 *   <li>a report below the current rate lowers the rate to it at once and makes its receiver the
 *       CLR (RFC 4654 §3.2);
 *   <li>a report of the CLR above the current rate raises the rate towards it, by at most one
 *       packet per RTT per RTT ({@code X ≤ X + s/R · Δt/R}, R the CLR's RTT), capped at the line
 *       rate. Decision: RFC 4654 §3.3 bounds the increase by R_max instead (8s/R_max bit/s per
 *       R_max; the CLR's RTT was the rule of the draft before it). Here R_max, the largest RTT
 *       sample, is 2–5× the CLR's smoothed RTT, so that bound is 4–25× slower; measured on 200 MB
 *       groups it widened the gap to the fair share (4 groups: worst 12.2% → 18.2% off; 2 groups:
 *       5.3% → 7.5%, loss 0.36% → 0.40%), so the CLR's RTT stays;
 *   <li>oscillation prevention (RFC 5348 §4.5, which TFRC recommends where few flows share a
 *       bottleneck, and without which it recommends an RTT filter of almost no smoothing): the
 *       sender keeps per receiver the mean of √(RTT sample) with {@link #SQRT_RTT_FILTER} and
 *       sends at {@code X · R_sqmean / √R_sample} of the CLR's latest sample. Decision: only when
 *       that factor is below 1 (the RFC's reason: a sample above the mean is a growing queue; the
 *       Linux DCCP CCID-3 applies it the same way). On this fabric the RTT is almost all queueing,
 *       and without it the rate, ∝ 1/RTT on an RTT smoothed with gain 0.05, oscillated (2.5 ↔ 7
 *       Gb/s, period ≈ 30 ms) and left the shared transmitters idle about 9% of the time (4
 *       groups: 2.210 Gb/s per group against a share of 2.433). Measured: the factor in both
 *       directions lost 0.60% of packets on 2 groups (above the paper's 0.28%); the RTT filter
 *       without smoothing lost 4.2%; the one-sided factor brings the aggregate to the share and
 *       loss to 0.02–0.04% (2 GB runs, docs/benchmarks-shufflecast.md);
 *   <li>the sender keeps R_max (RFC 4654), the largest RTT sample any receiver produced, decayed
 *       by {@link #R_MAX_DECAY} = 0.9 once per R_max, and advertises it in every data packet;
 *       receivers group losses within one R_max into one loss event (RFC 5348 §5.2), time their
 *       NACK hold-off by it and size slow-start rounds and flushes with it. Taken instead as the
 *       largest of the receivers' smoothed RTTs, with the gain 0.05, R_max lags the queue, which at an overflowing 1 MB drop-tail port holds about 860 µs
 *       while the smoothed RTTs said 340 µs, so one overflow counts as three or four loss events
 *       and the sender cuts its rate three or four times within a millisecond (traced on two
 *       groups of 500 MB sourced on ToR 0: 5.8 → 5.2 → 4.3 → 3.4 → 2.4 Gb/s); with R_max from the
 *       samples one overflow is one loss event and one cut of about 14%;
 *   <li>before any loss the sender is in slow start (RFC 4654 §3.6): it starts at one packet per
 *       {@link #MIN_ROUND_PS} and doubles its rate once per round (the largest RTT measured, at
 *       least {@link #MIN_ROUND_PS}) in which a receive rate was reported, never above twice the
 *       lowest receive rate reported in the round, capped at line rate; the first report with loss ends slow start.
 * </ul>
 * Decisions where the RFC leaves room or the engine differs: the equation is evaluated at the
 * sender from the reported loss event rate (the RFC has the receiver evaluate it with its own RTT
 * estimate; the arithmetic is the same once both share the RTT); reports are unicast and not
 * suppressed (the groups here have at most a few dozen receivers, RFC 4654 §3.4 suppression is for
 * thousands); every receiver's RTT is an exponentially weighted mean with the CLR's gain
 * {@link #RTT_GAIN} = 0.05 of RFC 4654 §3.3 (the RFC uses 0.5 for other receivers, whose RTT it
 * measures rarely; here every report carries an echo, and one gain keeps a CLR switch from
 * jumping: on 16 groups of 100 MB, gain 0.1 gave 0.572 Gb/s per group and 0.42% loss, 0.5 gave
 * 0.539 and 0.85%, 0.05 gives 0.619 and 0.26% against a fair share of 0.649); a
 * receiver that leaves the session stops being the CLR. O(1) per report; O(receivers) memory.
 *
 * <p>The RTT samples include the reverse path, as RFC 4654 §4 and RFC 5348 measure them: where the
 * reports to a source queue behind other groups' multicast data on that source's own downlink
 * (16 concurrent groups of 16 on the §V testbed) a group's RTT, and so its rate, is off by up to one
 * full port queue; kept as specified (measured in {@link Fig6Experiments}' class comment).
 */
final class TfmccRate {
  /** RTT estimator gain. */
  static final double RTT_GAIN = 0.05;
  /** RFC 4654's decay of R_max, applied once per R_max (a feedback round) at the next report. */
  static final double R_MAX_DECAY = 0.9;
  /** RFC 5348 §4.5's filter constant q2 for the mean of √(RTT sample) (the RFC's default). */
  static final double SQRT_RTT_FILTER = 0.9;
  /** Shortest slow-start round, and the initial inter-packet time. */
  static final long MIN_ROUND_PS = 100_000_000L;

  private final double lineBps;
  private final double segmentBits;
  private final double[] rateBps;
  private final int[] clr;
  private final long[] lastIncreasePs;
  private final long[][] rttPs;
  private final boolean[] slowStart;
  private final long[] nextDoublePs;
  private final double[] minRecvBps;
  private final long[] rMaxPs;
  private final long[] rMaxDecayPs;
  private final double[][] sqrtMeanRtt;
  private final long[][] lastSamplePs;

  /**
   * @param lineBps the sender NIC's rate, the cap
   * @param segmentBytes the packet size s of the equation (the frame on the wire)
   * @param receiversPerGroup receivers per group (ever members)
   */
  TfmccRate(double lineBps, int segmentBytes, int[] receiversPerGroup) {
    this.lineBps = lineBps;
    this.segmentBits = 8.0 * segmentBytes;
    int g = receiversPerGroup.length;
    rateBps = new double[g];
    Arrays.fill(rateBps, Math.min(lineBps, segmentBits * 1e12 / MIN_ROUND_PS));
    slowStart = new boolean[g];
    Arrays.fill(slowStart, true);
    nextDoublePs = new long[g];
    minRecvBps = new double[g];
    Arrays.fill(minRecvBps, Double.POSITIVE_INFINITY);
    clr = new int[g];
    Arrays.fill(clr, -1);
    lastIncreasePs = new long[g];
    rMaxPs = new long[g];
    rMaxDecayPs = new long[g];
    rttPs = new long[g][];
    sqrtMeanRtt = new double[g][];
    lastSamplePs = new long[g][];
    for (int i = 0; i < g; i++) {
      rttPs[i] = new long[receiversPerGroup[i]];
      sqrtMeanRtt[i] = new double[receiversPerGroup[i]];
      lastSamplePs[i] = new long[receiversPerGroup[i]];
    }
  }

  /**
   * The TCP throughput equation (RFC 5348 §3.1, RFC 4654 §3.1) in bit/s: {@code s / (R·√(2p/3) +
   * t_RTO·3·√(3p/8)·p·(1 + 32p²))} with {@code b = 1} and {@code t_RTO = 4R}.
   *
   * @param segmentBits s in bits
   * @param rttSeconds R
   * @param lossEventRate p in (0, 1]
   */
  static double equationBps(double segmentBits, double rttSeconds, double lossEventRate) {
    double p = lossEventRate;
    double denom = rttSeconds * Math.sqrt(2 * p / 3)
        + 4 * rttSeconds * 3 * Math.sqrt(3 * p / 8) * p * (1 + 32 * p * p);
    return segmentBits / denom;
  }

  /**
   * The group's instantaneous sending rate at {@code nowPs}, bit/s: slow start doubles the rate
   * once per round; after it, RFC 5348 §4.5's oscillation prevention scales the allowed rate by
   * {@code R_sqmean / √R_sample} of the current limiting receiver when its latest RTT sample is
   * above its long-term mean (a growing queue), and leaves it unchanged otherwise.
   */
  double rate(int group, long nowPs) {
    if (slowStart[group] && nowPs >= nextDoublePs[group]) {
      if (nextDoublePs[group] > 0 && minRecvBps[group] < Double.POSITIVE_INFINITY) {
        rateBps[group] = Math.min(lineBps, Math.min(2 * rateBps[group], 2 * minRecvBps[group]));
      }
      minRecvBps[group] = Double.POSITIVE_INFINITY;
      nextDoublePs[group] = nowPs + Math.max(MIN_ROUND_PS, maxRttPs(group));
    }
    int c = clr[group];
    if (slowStart[group] || c < 0 || lastSamplePs[group][c] == 0) {
      return rateBps[group];
    }
    double scale = sqrtMeanRtt[group][c] / Math.sqrt(lastSamplePs[group][c]);
    return rateBps[group] * Math.min(1, scale);
  }

  /** The group's allowed sending rate X before oscillation prevention, bit/s. */
  double rate(int group) {
    return rateBps[group];
  }

  /** Whether the group's sender is still in slow start. */
  boolean inSlowStart(int group) {
    return slowStart[group];
  }

  /** The current limiting receiver of the group, −1 if none yet. */
  int clr(int group) {
    return clr[group];
  }

  /**
   * R_max of RFC 4654: the largest RTT sample of any receiver, decayed by {@link #R_MAX_DECAY}
   * once per R_max, ps (0 before any report).
   */
  long maxRttPs(int group) {
    return rMaxPs[group];
  }

  /** Receiver {@code r}'s RTT estimate, ps (0 before its first report). */
  long rttPs(int group, int r) {
    return rttPs[group][r];
  }

  /**
   * A report of receiver {@code r} reaches the sender at {@code nowPs}.
   *
   * @param rttSamplePs the round trip measured from the report's timestamp echo
   * @param lossEventRate the receiver's loss event rate, 0 when it has seen no loss
   * @param recvBps the receiver's receive rate over its last measurement window (0: none yet)
   */
  void onReport(int group, int r, long nowPs, long rttSamplePs, double lossEventRate,
      double recvBps) {
    long[] rtt = rttPs[group];
    long sample = Math.max(1, rttSamplePs);
    double[] sq = sqrtMeanRtt[group];
    sq[r] = sq[r] == 0 ? Math.sqrt(sample)
        : SQRT_RTT_FILTER * sq[r] + (1 - SQRT_RTT_FILTER) * Math.sqrt(sample);
    lastSamplePs[group][r] = sample;
    rtt[r] = rtt[r] == 0 ? sample : Math.round((1 - RTT_GAIN) * rtt[r] + RTT_GAIN * sample);
    if (nowPs - rMaxDecayPs[group] >= rMaxPs[group]) {
      rMaxPs[group] = Math.round(R_MAX_DECAY * rMaxPs[group]);
      rMaxDecayPs[group] = nowPs;
    }
    rMaxPs[group] = Math.max(rMaxPs[group], sample);
    if (lossEventRate <= 0) {
      if (slowStart[group] && recvBps > 0) {
        minRecvBps[group] = Math.min(minRecvBps[group], recvBps);
      }
      return;
    }
    slowStart[group] = false;
    double rSec = rtt[r] / 1e12;
    double calc = Math.min(lineBps, equationBps(segmentBits, rSec, lossEventRate));
    double x = rateBps[group];
    if (calc < x) {
      rateBps[group] = calc;
      clr[group] = r;
      lastIncreasePs[group] = nowPs;
    } else if (clr[group] == r || clr[group] < 0) {
      double dt = (nowPs - lastIncreasePs[group]) / 1e12;
      double bound = x + segmentBits / rSec * dt / rSec;
      rateBps[group] = Math.min(lineBps, Math.min(calc, bound));
      clr[group] = r;
      lastIncreasePs[group] = nowPs;
    }
  }

  /** Receiver {@code r} left the session: it no longer limits the sender. */
  void onLeave(int group, int r) {
    if (clr[group] == r) {
      clr[group] = -1;
    }
  }
}
