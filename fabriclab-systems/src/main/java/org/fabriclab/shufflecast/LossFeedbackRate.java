package org.fabriclab.shufflecast;

/**
 * A minimal loss-driven AIMD rate control for the multicast senders of
 * {@link ShufflecastMulticastRun} — a stand-in for the TFMCC rate control NORM runs in the paper
 * (seed 000_9b2589b0d55d7b52.txt §VI-B(b)), not TFMCC itself: a member that sees a sequence gap
 * sends a small feedback packet to the source over the fabric (unicast, at most one per
 * {@link #FEEDBACK_GAP_PS}); the source multiplies its rate by {@link #BETA} on feedback, at most
 * once per {@link #HOLDOFF_PS} (longer than a full 1 MB queue's delay at 10 Gb/s, so one
 * congestion episode gives one decrease), and otherwise increases it additively by
 * {@code (1 − BETA) · line rate} per {@link #CLIMB_PS}, capped at line rate. No retransmission.
 * Decision: the constants are fixed, not tuned per run. O(1) per packet and per feedback.
 */
final class LossFeedbackRate {
  static final double BETA = 0.9;
  static final long HOLDOFF_PS = 1_000_000_000L;
  static final long CLIMB_PS = 4_000_000_000L;
  static final long FEEDBACK_GAP_PS = 20_000_000L;
  static final int FEEDBACK_BYTES = 64;
  /**
   * Pacing jitter: each gap is stretched by a uniform factor in {@code [0, JITTER)} (a software
   * sender's timing noise; without it two equal-rate streams meet a drop-tail queue in lock-step
   * and one loses every tie, so a starved member never sees another packet to detect a gap).
   */
  static final double JITTER = 0.02;

  private final double lineBps;
  private final double[] rateBps;
  private final long[] lastChangePs;
  private final long[] lastDecreasePs;
  private final long[][] lastFeedbackPs;

  LossFeedbackRate(double lineBps, int[] membersPerGroup) {
    this.lineBps = lineBps;
    int g = membersPerGroup.length;
    rateBps = new double[g];
    lastChangePs = new long[g];
    lastDecreasePs = new long[g];
    lastFeedbackPs = new long[g][];
    for (int i = 0; i < g; i++) {
      rateBps[i] = lineBps;
      lastDecreasePs[i] = Long.MIN_VALUE / 2;
      lastFeedbackPs[i] = new long[membersPerGroup[i]];
      java.util.Arrays.fill(lastFeedbackPs[i], Long.MIN_VALUE / 2);
    }
  }

  /** The sender's rate now, after the additive increase since the last call. */
  double rate(int group, long nowPs) {
    double r = rateBps[group] + (1 - BETA) * lineBps * (nowPs - lastChangePs[group]) / CLIMB_PS;
    rateBps[group] = Math.min(lineBps, r);
    lastChangePs[group] = nowPs;
    return rateBps[group];
  }

  /** Whether member {@code m} of {@code group}, having seen a gap, may send feedback now. */
  boolean mayFeedBack(int group, int m, long nowPs) {
    if (nowPs - lastFeedbackPs[group][m] < FEEDBACK_GAP_PS) {
      return false;
    }
    lastFeedbackPs[group][m] = nowPs;
    return true;
  }

  /** Loss feedback reached the source. */
  void onLoss(int group, long nowPs) {
    if (nowPs - lastDecreasePs[group] < HOLDOFF_PS) {
      return;
    }
    rate(group, nowPs);
    rateBps[group] *= BETA;
    lastDecreasePs[group] = nowPs;
  }
}
