package org.fabriclab.sim.transport.rocev2;

/**
 * DCQCN's reaction point (Zhu et al., "Congestion Control for Large-Scale RDMA Deployments",
 * SIGCOMM 2015, §3.1, Fig. 7): per QP a current rate R_C, a target rate R_T and alpha. On a CNP:
 * R_T = R_C, R_C = R_C·(1 − α/2), α = (1 − g)·α + g. Each timer period without a CNP: α = (1 − g)·α,
 * and a rate-increase step; each {@code byteCounter} bytes sent: a rate-increase step. Increase
 * steps: fast recovery (R_C = (R_T + R_C)/2) while both counters are below F, additive increase
 * (R_T += R_AI) once one reaches F, hyper increase (R_T += i·R_HAI) once both do. O(1) per call.
 */
public final class Dcqcn {
  private final RcConfig cfg;
  private double[] rc;
  private double[] rt;
  private double[] alpha;
  private double[] lineRate;
  private int[] timerSteps;
  private int[] byteSteps;
  private long[] bytes;
  private boolean[] cnpThisPeriod;

  public Dcqcn(RcConfig cfg, double[] lineRateBps) {
    this.cfg = cfg;
    int n = lineRateBps.length;
    lineRate = lineRateBps.clone();
    rc = lineRateBps.clone();
    rt = lineRateBps.clone();
    alpha = new double[n];
    java.util.Arrays.fill(alpha, 1.0);
    timerSteps = new int[n];
    byteSteps = new int[n];
    bytes = new long[n];
    cnpThisPeriod = new boolean[n];
  }

  /** Makes room for QP {@code q} starting at line rate {@code lineRateBps} (alpha 1). */
  public void add(int q, double lineRateBps) {
    if (q >= rc.length) {
      int c = Math.max(16, Math.max(q + 1, rc.length * 2));
      rc = java.util.Arrays.copyOf(rc, c);
      rt = java.util.Arrays.copyOf(rt, c);
      alpha = java.util.Arrays.copyOf(alpha, c);
      lineRate = java.util.Arrays.copyOf(lineRate, c);
      timerSteps = java.util.Arrays.copyOf(timerSteps, c);
      byteSteps = java.util.Arrays.copyOf(byteSteps, c);
      bytes = java.util.Arrays.copyOf(bytes, c);
      cnpThisPeriod = java.util.Arrays.copyOf(cnpThisPeriod, c);
    }
    rc[q] = lineRateBps;
    rt[q] = lineRateBps;
    lineRate[q] = lineRateBps;
    alpha[q] = 1.0;
  }

  public double rateBps(int q) {
    return rc[q];
  }

  public double alpha(int q) {
    return alpha[q];
  }

  public void onCnp(int q) {
    rt[q] = rc[q];
    rc[q] = Math.max(cfg.minRateBps(), rc[q] * (1 - alpha[q] / 2));
    alpha[q] = (1 - cfg.g()) * alpha[q] + cfg.g();
    timerSteps[q] = 0;
    byteSteps[q] = 0;
    bytes[q] = 0;
    cnpThisPeriod[q] = true;
  }

  /** The periodic timer of QP {@code q}. */
  public void onTimer(int q) {
    if (!cnpThisPeriod[q]) {
      alpha[q] = (1 - cfg.g()) * alpha[q];
      timerSteps[q]++;
      increase(q);
    }
    cnpThisPeriod[q] = false;
  }

  public void onSent(int q, int packetBytes) {
    bytes[q] += packetBytes;
    if (bytes[q] >= cfg.byteCounter()) {
      bytes[q] = 0;
      byteSteps[q]++;
      increase(q);
    }
  }

  private void increase(int q) {
    int f = cfg.fastRecoverySteps();
    int t = timerSteps[q];
    int b = byteSteps[q];
    if (t >= f && b >= f) {
      rt[q] += Math.min(t, b) - f + 1 > 0 ? (Math.min(t, b) - f + 1) * (double) cfg.hyperBps() : 0;
    } else if (t >= f || b >= f) {
      rt[q] += cfg.additiveBps();
    }
    rt[q] = Math.min(rt[q], lineRate[q]);
    rc[q] = Math.min(lineRate[q], (rt[q] + rc[q]) / 2);
  }
}
