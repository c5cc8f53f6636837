package org.fabriclab.sim.transport.rocev2;

import java.util.Arrays;

/**
 * DCQCN's reaction point (Zhu et al., "Congestion Control for Large-Scale RDMA Deployments",
 * SIGCOMM 2015, §3.1, Fig. 7): per QP a current rate R_C, a target rate R_T and alpha. On a CNP:
 * R_T = R_C, R_C = R_C·(1 − α/2), α = (1 − g)·α + g. Each timer period without a CNP: α = (1 − g)·α,
 * and a rate-increase step; each {@code byteCounter} bytes sent: a rate-increase step. Increase
 * steps: fast recovery (R_C = (R_T + R_C)/2) while both counters are below F, additive increase
 * (R_T += R_AI) once one reaches F, hyper increase (R_T += i·R_HAI) once both do. O(1) per call.
 *
 * <p>Layout: one record of {@link #STRIDE} longs per QP (the doubles as their raw bits, so every
 * value round-trips exactly), R_C next to the byte counter that every sent packet updates — one
 * cache line per packet instead of one per field.
 */
public final class Dcqcn {
  static final int STRIDE = 8;
  private static final int RC = 0;
  private static final int BYTES = 1;
  private static final int RT = 2;
  private static final int ALPHA = 3;
  private static final int LINE = 4;
  private static final int TIMER_STEPS = 5;
  private static final int BYTE_STEPS = 6;
  private static final int CNP_THIS_PERIOD = 7;

  private final RcConfig cfg;
  private long[] rec;

  public Dcqcn(RcConfig cfg, double[] lineRateBps) {
    this.cfg = cfg;
    rec = new long[Math.max(16, lineRateBps.length) * STRIDE];
    for (int q = 0; q < lineRateBps.length; q++) {
      init(q, lineRateBps[q]);
    }
  }

  /** Makes room for QPs up to {@code qps − 1}, so {@link #add} for them never grows the state. */
  public void reserve(int qps) {
    long need = (long) qps * STRIDE;
    if (need > rec.length && need <= Integer.MAX_VALUE - 8) {
      rec = Arrays.copyOf(rec, (int) need);
    }
  }

  /** Makes room for QP {@code q} starting at line rate {@code lineRateBps} (alpha 1). */
  public void add(int q, double lineRateBps) {
    if ((long) (q + 1) * STRIDE > rec.length) {
      long c = Math.max((long) (q + 1) * STRIDE, (long) rec.length * 2);
      if (c > Integer.MAX_VALUE - 8) {
        throw new IllegalStateException("DCQCN state for " + (q + 1) + " queue pairs exceeds one array");
      }
      rec = Arrays.copyOf(rec, (int) c);
    }
    init(q, lineRateBps);
  }

  private void init(int q, double lineRateBps) {
    int b = q * STRIDE;
    long bits = Double.doubleToRawLongBits(lineRateBps);
    rec[b + RC] = bits;
    rec[b + RT] = bits;
    rec[b + LINE] = bits;
    rec[b + ALPHA] = Double.doubleToRawLongBits(1.0);
  }

  private double get(int i) {
    return Double.longBitsToDouble(rec[i]);
  }

  private void set(int i, double v) {
    rec[i] = Double.doubleToRawLongBits(v);
  }

  public double rateBps(int q) {
    return get(q * STRIDE + RC);
  }

  public double alpha(int q) {
    return get(q * STRIDE + ALPHA);
  }

  public void onCnp(int q) {
    int b = q * STRIDE;
    double rc = get(b + RC);
    double alpha = get(b + ALPHA);
    set(b + RT, rc);
    set(b + RC, Math.max(cfg.minRateBps(), rc * (1 - alpha / 2)));
    set(b + ALPHA, (1 - cfg.g()) * alpha + cfg.g());
    rec[b + TIMER_STEPS] = 0;
    rec[b + BYTE_STEPS] = 0;
    rec[b + BYTES] = 0;
    rec[b + CNP_THIS_PERIOD] = 1;
  }

  /** The periodic timer of QP {@code q}. */
  public void onTimer(int q) {
    int b = q * STRIDE;
    if (rec[b + CNP_THIS_PERIOD] == 0) {
      set(b + ALPHA, (1 - cfg.g()) * get(b + ALPHA));
      rec[b + TIMER_STEPS] = (int) rec[b + TIMER_STEPS] + 1; // int counters, as before
      increase(b);
    }
    rec[b + CNP_THIS_PERIOD] = 0;
  }

  public void onSent(int q, int packetBytes) {
    int b = q * STRIDE;
    long bytes = rec[b + BYTES] + packetBytes;
    if (bytes >= cfg.byteCounter()) {
      rec[b + BYTES] = 0;
      rec[b + BYTE_STEPS] = (int) rec[b + BYTE_STEPS] + 1;
      increase(b);
    } else {
      rec[b + BYTES] = bytes;
    }
  }

  private void increase(int b) {
    int f = cfg.fastRecoverySteps();
    int t = (int) rec[b + TIMER_STEPS];
    int s = (int) rec[b + BYTE_STEPS];
    double rt = get(b + RT);
    if (t >= f && s >= f) {
      rt += Math.min(t, s) - f + 1 > 0 ? (Math.min(t, s) - f + 1) * (double) cfg.hyperBps() : 0;
    } else if (t >= f || s >= f) {
      rt += cfg.additiveBps();
    }
    double line = get(b + LINE);
    rt = Math.min(rt, line);
    set(b + RT, rt);
    set(b + RC, Math.min(line, (rt + get(b + RC)) / 2));
  }
}
